// JIT costs: a cold compile of a typical reader kernel (at -O1 and -O2) and
// of a compute kernel including every compute header,
// loading a compiled kernel from the disk cache, and an in-memory hit.
#include <benchmark/benchmark.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <filesystem>
#include <string>

#include "tessera/sim/jit/kernel_cache.h"

namespace tessera::sim {
namespace {

// Shaped like tt-metal's interleaved unary reader.
constexpr const char* kReaderSource = R"(#include "dataflow_api.h"
void kernel_main() {
  uint32_t src_addr = get_arg_val<uint32_t>(0);
  uint32_t num_tiles = get_arg_val<uint32_t>(1);
  uint32_t start_id = get_arg_val<uint32_t>(2);
  constexpr bool src_is_dram = get_compile_time_arg_val(0) == 1;
  constexpr uint32_t cb_id_in0 = 0;
  const uint32_t tile_bytes = get_tile_size(cb_id_in0);
  const InterleavedAddrGenFast<src_is_dram> s = {
      .bank_base_address = src_addr, .page_size = tile_bytes, .data_format = DataFormat::Float16_b};
  for (uint32_t i = start_id; i < start_id + num_tiles; i++) {
    cb_reserve_back(cb_id_in0, 1);
    uint32_t l1_write_addr = get_write_ptr(cb_id_in0);
    noc_async_read_tile(i, s, l1_write_addr);
    noc_async_read_barrier();
    cb_push_back(cb_id_in0, 1);
  }
}
)";

// A compute kernel including every compute header (every file under
// api/compute/, and DPRINT; tt-metal's eltwise SFPU kernel body): what a
// header-heavy compiler kernel costs.
constexpr const char* kAllComputeHeadersSource = R"(
#include "api/compute/add_int_sfpu.h"
#include "api/compute/atan2.h"
#include "api/compute/bcast.h"
#include "api/compute/binary_bitwise_sfpu.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/binary_shift.h"
#include "api/compute/cb_api.h"
#include "api/compute/common.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/copy_dest_values.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/bitwise_not.h"
#include "api/compute/eltwise_unary/clamp.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/elu.h"
#include "api/compute/eltwise_unary/erf_erfc.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/log1p.h"
#include "api/compute/eltwise_unary/logical_not.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/rand.h"
#include "api/compute/eltwise_unary/rdiv.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/rpow.h"
#include "api/compute/eltwise_unary/rsqrt.h"
#include "api/compute/eltwise_unary/selu.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"
#include "api/compute/eltwise_unary/sfpu_unary.h"
#include "api/compute/eltwise_unary/sqrt.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/eltwise_unary/where.h"
#include "api/compute/matmul.h"
#include "api/compute/max_reduce_with_indices.h"
#include "api/compute/mul_int_sfpu.h"
#include "api/compute/pack.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/reduce.h"
#include "api/compute/reg_api.h"
#include "api/compute/sfpu_reduce.h"
#include "api/compute/sub_int_sfpu.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/tilize.h"
#include "api/compute/topk.h"
#include "api/compute/transpose_wh.h"
#include "api/compute/untilize.h"
#include "api/debug/dprint.h"
void kernel_main() {
  const uint32_t tiles = get_arg_val<uint32_t>(0);
  init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
  for (uint32_t t = 0; t < tiles; ++t) {
    cb_wait_front(tt::CBIndex::c_0, 1);
    cb_reserve_back(tt::CBIndex::c_16, 1);
    tile_regs_acquire();
    copy_tile(tt::CBIndex::c_0, 0, 0);
    exp_tile_init();
    exp_tile(0);
    typecast_tile<0u, 5u>(0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, tt::CBIndex::c_16);
    tile_regs_release();
    cb_pop_front(tt::CBIndex::c_0, 1);
    cb_push_back(tt::CBIndex::c_16, 1);
  }
}
)";

class ScratchCache {
 public:
  ScratchCache() {
    std::string pattern = std::filesystem::temp_directory_path().string() + "/tessera_bench_XXXXXX";
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchCache() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

KernelBuildSpec reader(int variant) {
  KernelBuildSpec spec;
  spec.name = "reader_unary_interleaved.cpp";
  spec.source = kReaderSource;
  spec.processor = KernelProcessor::kDataMovement1;
  spec.compile_args = {1};
  spec.defines = {{"VARIANT", std::to_string(variant)}};
  return spec;
}

KernelBuildSpec all_compute_headers(int variant) {
  KernelBuildSpec spec;
  spec.name = "all_compute_headers.cpp";
  spec.source = kAllComputeHeadersSource;
  spec.processor = KernelProcessor::kCompute;
  spec.defines = {{"VARIANT", std::to_string(variant)}};
  return spec;
}

// CPU seconds the compiler processes this one has waited for have used:
// the cost of a compile whatever else the machine is doing, which real
// time on a shared machine is not.
double children_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

void BM_ColdCompileAllComputeHeaders(benchmark::State& state) {
  ScratchCache scratch;
  auto cache = KernelCache::create({.root = scratch.path()});
  if (!cache.ok()) return state.SkipWithError(cache.error().describe().c_str());
  int variant = 0;
  const double cpu_before = children_cpu_seconds();
  for (auto _ : state) {
    auto kernel = (*cache)->get(all_compute_headers(variant++));
    if (!kernel.ok()) return state.SkipWithError(kernel.error().describe().c_str());
  }
  state.counters["compiler_cpu_s"] =
      benchmark::Counter(children_cpu_seconds() - cpu_before, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_ColdCompileAllComputeHeaders)
    ->Iterations(8)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_ColdCompile(benchmark::State& state) {
  ScratchCache scratch;
  CompilerConfig compiler = default_compiler_config();
  for (std::string& flag : compiler.flags) {
    if (flag == "-O1" || flag == "-O2") flag = "-O" + std::to_string(state.range(0));
  }
  auto cache = KernelCache::create({.root = scratch.path(), .compiler = compiler});
  if (!cache.ok()) return state.SkipWithError(cache.error().describe().c_str());
  int variant = 0;
  for (auto _ : state) {
    auto kernel = (*cache)->get(reader(variant++));  // a new define: always a miss
    if (!kernel.ok()) return state.SkipWithError(kernel.error().describe().c_str());
  }
}
BENCHMARK(BM_ColdCompile)
    ->Arg(1)
    ->Arg(2)
    ->ArgNames({"O"})
    ->Iterations(8)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// Hash the spec, find the .so on disk, dlopen it and bind the host table.
void BM_CachedLoadFromDisk(benchmark::State& state) {
  ScratchCache scratch;
  auto cache = KernelCache::create({.root = scratch.path()});
  if (!cache.ok()) return state.SkipWithError(cache.error().describe().c_str());
  const KernelBuildSpec spec = reader(0);
  if (!(*cache)->get(spec).ok()) return state.SkipWithError("compile failed");
  const std::string key = (*cache)->key(spec);
  for (auto _ : state) {
    (*cache)->drop(key);  // unloads: the next get reloads from disk
    auto kernel = (*cache)->get(spec);
    if (!kernel.ok()) return state.SkipWithError(kernel.error().describe().c_str());
  }
}
BENCHMARK(BM_CachedLoadFromDisk)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_MemoryHit(benchmark::State& state) {
  ScratchCache scratch;
  auto cache = KernelCache::create({.root = scratch.path()});
  if (!cache.ok()) return state.SkipWithError(cache.error().describe().c_str());
  const KernelBuildSpec spec = reader(0);
  if (!(*cache)->get(spec).ok()) return state.SkipWithError("compile failed");
  for (auto _ : state) benchmark::DoNotOptimize((*cache)->get(spec));
}
BENCHMARK(BM_MemoryHit)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tessera::sim

BENCHMARK_MAIN();
