// The kernel engine through the real kernel API:
// - CB handoff: one cb_push_back -> cb_wait_front/cb_pop_front round
//   between a producer and a consumer fiber on one core.
// - DRAM -> L1 -> DRAM loopback of 64 MiB over the full worker grid
//   (reader and writer per core, double-buffered CB), against a plain
//   single-thread memcpy of the same bytes in the same run.
// Wall time: programs run on the command queue's thread and the fiber
// scheduler's workers. Kernels are compiled once, before timing.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace {

using namespace tessera;

constexpr uint64_t kLoopbackBytes = uint64_t{64} << 20;
constexpr uint32_t kPage = 32 * 1024;

constexpr const char* kProducer = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t count = get_arg_val<uint32_t>(0);
  for (uint32_t i = 0; i < count; ++i) {
    cb_reserve_back(0, 1);
    cb_push_back(0, 1);
  }
}
)";

constexpr const char* kConsumer = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t count = get_arg_val<uint32_t>(0);
  for (uint32_t i = 0; i < count; ++i) {
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
  }
}
)";

constexpr const char* kReader = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1), count = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> in{src, get_tile_size(0)};
  for (uint32_t i = first; i < first + count; ++i) {
    cb_reserve_back(0, 1);
    noc_async_read_page(i, in, get_write_ptr(0));
    noc_async_read_barrier();
    cb_push_back(0, 1);
  }
}
)";

constexpr const char* kWriter = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1), count = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> out{dst, get_tile_size(0)};
  for (uint32_t i = first; i < first + count; ++i) {
    cb_wait_front(0, 1);
    noc_async_write_page(i, out, get_read_ptr(0), get_tile_size(0));
    noc_async_write_barrier();
    cb_pop_front(0, 1);
  }
}
)";

std::unique_ptr<metal::Device> open_device() {
  return std::move(metal::Device::open(0, sim::Arch::kWormholeB0).value());
}

void run_or_fail(benchmark::State& state, metal::Device& device, metal::Program& program) {
  Status status = metal::enqueue_program(**device.command_queue(0), device, program, true);
  if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
}

void BM_CbHandoff(benchmark::State& state) {
  const auto handoffs = static_cast<uint32_t>(state.range(0));
  auto device = open_device();
  metal::Program program("cb_handoff");
  const metal::CoreRangeSet core{{{0, 0}, {0, 0}}};
  auto producer = *metal::create_kernel_from_string(program, "producer.cpp", kProducer, core,
                                                    metal::writer_config());
  auto consumer = *metal::create_kernel_from_string(program, "consumer.cpp", kConsumer, core,
                                                    metal::reader_config());
  (void)metal::create_circular_buffer(program, core,
                                      metal::CircularBufferConfig(64, {{0, {{}, 32}}}));
  (void)metal::set_runtime_args(program, producer, metal::CoreCoord{0, 0}, {handoffs});
  (void)metal::set_runtime_args(program, consumer, metal::CoreCoord{0, 0}, {handoffs});
  run_or_fail(state, *device, program);  // compiles the kernels
  for (auto _ : state) run_or_fail(state, *device, program);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * handoffs);
}
BENCHMARK(BM_CbHandoff)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_DramLoopbackFullGrid(benchmark::State& state) {
  auto device = open_device();
  const auto& chip = device->descriptor();
  auto config = metal::BufferConfig::interleaved(sim::MemoryType::kDram, kLoopbackBytes, kPage);
  metal::Buffer src = *metal::create_buffer(*device, config);
  metal::Buffer dst = *metal::create_buffer(*device, config);
  std::vector<uint8_t> data(kLoopbackBytes, 7);
  (void)(*device->command_queue(0))->enqueue_write_buffer(src, data, true);

  metal::Program program("loopback");
  const metal::CoreRangeSet grid{{{0, 0}, {chip.grid.x - 1, chip.grid.y - 1}}};
  auto reader = *metal::create_kernel_from_string(program, "reader.cpp", kReader, grid,
                                                  metal::reader_config());
  auto writer = *metal::create_kernel_from_string(program, "writer.cpp", kWriter, grid,
                                                  metal::writer_config());
  (void)metal::create_circular_buffer(program, grid,
                                      metal::CircularBufferConfig(2 * kPage, {{0, {{}, kPage}}}));
  const uint32_t pages = static_cast<uint32_t>(kLoopbackBytes / kPage);
  const uint32_t per_core = pages / chip.num_workers();
  for (uint32_t i = 0; i < chip.num_workers(); ++i) {
    const metal::CoreCoord core = chip.worker_logical(i);
    (void)metal::set_runtime_args(program, reader, core,
                                  {static_cast<uint32_t>(src.address()), i * per_core, per_core});
    (void)metal::set_runtime_args(program, writer, core,
                                  {static_cast<uint32_t>(dst.address()), i * per_core, per_core});
  }
  run_or_fail(state, *device, program);  // compiles the kernels, touches the pages
  for (auto _ : state) run_or_fail(state, *device, program);
  state.SetBytesProcessed(
      static_cast<int64_t>(state.iterations() * per_core * chip.num_workers() * uint64_t{kPage}));
}
BENCHMARK(BM_DramLoopbackFullGrid)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Memcpy64MiB(benchmark::State& state) {
  std::vector<uint8_t> source(kLoopbackBytes, 1), destination(kLoopbackBytes, 0);
  for (auto _ : state) {
    std::memcpy(destination.data(), source.data(), kLoopbackBytes);
    benchmark::DoNotOptimize(destination.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kLoopbackBytes));
}
BENCHMARK(BM_Memcpy64MiB)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
