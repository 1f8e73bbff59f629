// The timing model: what it costs in host time, and how its estimates
// compare with Tenstorrent's published measurements (docs/timing-model.md).
//
// Cost (run both variants in one run; compare ratios, the machine is noisy):
//   BM_KernelMatmul/device_time:0|1|2   the 1024^3 multicast matmul on the 8x8 grid
//   BM_ExampleSuite/device_time:0|1|2   every binary of the example suite once
// (0: model off; 1: on; 2: on, with the replay memo emptied before every
// iteration, so that every program is replayed as on its first run).
// Calibration (one run each; counters model, published and error_pct):
//   BM_CalibrateMatmul/...            GEMM_FLOPS.md, N150 out-of-box rows
//   BM_CalibrateDramRead              Saturating_DRAM_bandwidth.md, u-benchmark
//   BM_CalibrateDramWrite             tt-isa-documentation DRAMTile README, placed writers
//   BM_CalibrateRandomPairing         the same README, tiles randomly paired with channels
//   BM_CalibrateOneCoreDramRead, BM_CalibrateOneToOne, BM_CalibrateMulticast
//                                     tt-metal data movement ideal primitives table
//   BM_CalibrateOneCoreSmallDramReads, BM_CalibrateOneToOneSmallWrites,
//   BM_CalibrateOneCoreInterleavedSmallReads
//                                     the issue rate and the page loop's: 256 small transfers
// The read sweeps: BM_SweepInterleavedReads, every published point of two
// interleaved read sweeps, summarised per grid.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iterator>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "matmul_2d_layout.h"
#include "support/multicast_matmul.h"
#include "support/prepared_examples.h"
#include "support/published_read_sweeps.h"
#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"
#include "tessera/sim/timing/replay_memo.h"
#include "tessera/sim/timing/timing_replay.h"

namespace {

using namespace tessera;
using sim::timing::ProgramTiming;

struct Matmul {
  std::unique_ptr<metal::Device> device;
  std::vector<metal::Buffer> buffers;
  metal::Program program{"matmul"};
};

Result<std::unique_ptr<Matmul>> make_matmul(uint32_t size, sim::tile::DataFormat format,
                                            metal::MathFidelity fidelity) {
  auto matmul = std::make_unique<Matmul>();
  TESSERA_ASSIGN_OR_RETURN(matmul->device, metal::Device::open(0, sim::Arch::kWormholeB0));
  const bench::Blocking b = bench::blocking_for(size, 8);
  const uint32_t tile = sim::tile::tile_size_bytes(format);
  const uint64_t bytes = uint64_t{b.mt} * b.nt * tile;
  auto config = metal::BufferConfig::interleaved(sim::MemoryType::kDram, bytes, tile);
  for (int i = 0; i < 3; ++i) {
    TESSERA_ASSIGN_OR_RETURN(metal::Buffer buffer, metal::create_buffer(*matmul->device, config));
    matmul->buffers.push_back(buffer);
  }
  TESSERA_RETURN_IF_ERROR(bench::build_program(matmul->program, *matmul->device, b, format,
                                               static_cast<uint32_t>(matmul->buffers[0].address()),
                                               static_cast<uint32_t>(matmul->buffers[1].address()),
                                               static_cast<uint32_t>(matmul->buffers[2].address()),
                                               fidelity));
  return matmul;
}

// Runs `program` once; with `timing`, asks the model for its device time.
Status run_program(metal::Device& device, metal::Program& program, ProgramTiming* timing) {
  metal::EnqueueProgramOptions options;
  if (timing) options.on_device_time = [timing](const ProgramTiming& t) { *timing = t; };
  auto& queue = **device.command_queue(0);
  return metal::enqueue_program(queue, device, program, true, options);
}

void BM_KernelMatmul(benchmark::State& state) {
  const bool device_time = state.range(0) != 0;
  auto matmul = make_matmul(1024, sim::tile::DataFormat::kFloat16_b, metal::MathFidelity::HiFi4);
  if (!matmul.ok()) {
    state.SkipWithError(matmul.error().describe().c_str());
    return;
  }
  ProgramTiming timing;
  Status warm = run_program(*(*matmul)->device, (*matmul)->program, nullptr);  // compiles
  if (!warm.ok()) state.SkipWithError(warm.error().describe().c_str());
  for (auto _ : state) {
    if (state.range(0) == 2) sim::timing::process_replay_memo().clear();
    Status status =
        run_program(*(*matmul)->device, (*matmul)->program, device_time ? &timing : nullptr);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  }
  if (device_time) state.counters["device_us"] = timing.kernel_ns() / 1000.0;
}
BENCHMARK(BM_KernelMatmul)
    ->ArgName("device_time")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_ExampleSuite(benchmark::State& state) {
  static const auto suite = bench::prepare_example_suite();
  if (!suite.ok()) {
    state.SkipWithError(suite.error().describe().c_str());
    return;
  }
  auto device = runtime::open_device({});
  if (!device.ok()) {
    state.SkipWithError(device.error().describe().c_str());
    return;
  }
  runtime::SubmitOptions options;
  options.collect_device_time = state.range(0) != 0;
  for (const bench::PreparedExample& example : *suite) {  // compiles
    (void)runtime::submit(*device, example.binary, 0, example.inputs, options);
  }
  for (auto _ : state) {
    if (state.range(0) == 2) sim::timing::process_replay_memo().clear();
    for (const bench::PreparedExample& example : *suite) {
      auto result = runtime::submit(*device, example.binary, 0, example.inputs, options);
      if (!result.ok()) state.SkipWithError(result.error().describe().c_str());
      benchmark::DoNotOptimize(result);
    }
  }
  (void)runtime::close_device(*device);
}
BENCHMARK(BM_ExampleSuite)
    ->ArgName("device_time")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

double error_pct(double model, double published) {
  return (model - published) / published * 100.0;
}

void report(benchmark::State& state, double model, double published) {
  state.counters["model"] = model;
  state.counters["published"] = published;
  state.counters["error_pct"] = error_pct(model, published);
}

// The calibration matmul: TTNN's 2D multicast matmul in its out-of-box
// layout for DRAM-interleaved operands (matmul_2d_layout.h) on the full grid.
Result<std::unique_ptr<Matmul>> make_matmul_2d(sim::Arch arch, uint32_t m, uint32_t k, uint32_t n,
                                               sim::tile::DataFormat format,
                                               metal::MathFidelity fidelity) {
  auto matmul = std::make_unique<Matmul>();
  TESSERA_ASSIGN_OR_RETURN(matmul->device, metal::Device::open(0, arch));
  const sim::CoreCoord grid = matmul->device->descriptor().grid;
  const metal::matmul_2d::Layout layout =
      metal::matmul_2d::out_of_box_layout(grid.x, grid.y, m, k, n, false);
  const uint32_t tile = sim::tile::tile_size_bytes(format);
  const uint64_t tiles[] = {uint64_t{layout.mt} * layout.kt, uint64_t{layout.kt} * layout.nt,
                            uint64_t{layout.mt} * layout.nt};
  for (uint64_t count : tiles) {
    auto config = metal::BufferConfig::interleaved(sim::MemoryType::kDram, count * tile, tile);
    TESSERA_ASSIGN_OR_RETURN(metal::Buffer buffer, metal::create_buffer(*matmul->device, config));
    matmul->buffers.push_back(buffer);
  }
  const metal::matmul_2d::Buffers buffers{static_cast<uint32_t>(matmul->buffers[0].address()),
                                          static_cast<uint32_t>(matmul->buffers[1].address()),
                                          static_cast<uint32_t>(matmul->buffers[2].address())};
  TESSERA_RETURN_IF_ERROR(metal::matmul_2d::build_program(
      matmul->program, *matmul->device, layout, format, fidelity, buffers, TESSERA_KERNEL_DIR));
  return matmul;
}

// GEMM_FLOPS.md, "N150 Out of Box Results" (8x8 grid) and "P150 Out of Box
// Results (13x10 grid)": DRAM in and out, no trace. Device time = ideal
// cycles / device-based utilisation, ideal cycles = M*K*N / 32^3 * cycles
// per tile (LoFi 16, HiFi2 32) / cores, at the AI clock (WH 1 GHz, BH 1.35
// GHz). Published values in microseconds.
void BM_CalibrateMatmul(benchmark::State& state) {
  const auto arch = static_cast<sim::Arch>(state.range(0));
  const auto m = static_cast<uint32_t>(state.range(1));
  const auto k = static_cast<uint32_t>(state.range(2));
  const auto n = static_cast<uint32_t>(state.range(3));
  const auto format = static_cast<sim::tile::DataFormat>(state.range(4));
  const auto fidelity = static_cast<metal::MathFidelity>(state.range(5));
  const double utilisation = static_cast<double>(state.range(6)) / 10000.0;
  const double tile_cycles = fidelity == metal::MathFidelity::LoFi ? 16 : 32;
  const double tiles = double(m) * k * n / (32.0 * 32 * 32);
  auto matmul = make_matmul_2d(arch, m, k, n, format, fidelity);
  if (!matmul.ok()) {
    state.SkipWithError(matmul.error().describe().c_str());
    return;
  }
  const sim::CoreCoord grid = (*matmul)->device->descriptor().grid;
  const double mhz = arch == sim::Arch::kBlackhole ? 1350.0 : 1000.0;
  const double published_us = tiles * tile_cycles / (grid.x * grid.y) / utilisation / mhz;
  ProgramTiming timing;
  for (auto _ : state) {
    Status status = run_program(*(*matmul)->device, (*matmul)->program, &timing);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  }
  report(state, timing.kernel_ns() / 1000.0, published_us);
  state.counters["bound_compute"] = std::string(timing.bound()) == "compute-bound";
}
constexpr int kWormhole = static_cast<int>(sim::Arch::kWormholeB0);
constexpr int kBlackhole = static_cast<int>(sim::Arch::kBlackhole);
constexpr int kBf16 = static_cast<int>(sim::tile::DataFormat::kFloat16_b);
constexpr int kBfp8 = static_cast<int>(sim::tile::DataFormat::kBfp8_b);
// arch, M, K, N, format, fidelity (0 LoFi, 2 HiFi2), device-based utilisation in 1/100 %.
BENCHMARK(BM_CalibrateMatmul)
    ->ArgNames({"arch", "m", "k", "n", "format", "fidelity", "util"})
    ->Args({kWormhole, 1024, 1024, 1024, kBf16, 2, 4169})
    ->Args({kWormhole, 2048, 2048, 2048, kBf16, 2, 6674})
    ->Args({kWormhole, 1024, 1024, 1024, kBfp8, 0, 3386})
    ->Args({kWormhole, 2048, 2048, 2048, kBfp8, 0, 6383})
    ->Args({kBlackhole, 1280, 1664, 1664, kBf16, 2, 6193})
    ->Args({kBlackhole, 1280, 3328, 3328, kBf16, 2, 8107})
    ->Args({kBlackhole, 1280, 1664, 1664, kBfp8, 0, 4373})
    ->Args({kBlackhole, 1280, 3328, 3328, kBfp8, 0, 7126})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Streams `pages` pages of `page` bytes between (bank_x, bank_y) + address
// and a ring of `slots` pages of CB 0 (the data is dropped), `block` pages
// in flight between barriers: reads from the bank, or with compile-time arg
// 0 set, writes to it.
constexpr const char* kDramStream = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  constexpr bool write = get_compile_time_arg_val(0) != 0;
  const uint32_t bank_x = get_arg_val<uint32_t>(0);
  const uint32_t bank_y = get_arg_val<uint32_t>(1);
  const uint32_t address = get_arg_val<uint32_t>(2);
  const uint32_t pages = get_arg_val<uint32_t>(3);
  const uint32_t page = get_arg_val<uint32_t>(4);
  const uint32_t block = get_arg_val<uint32_t>(5);
  const uint32_t slots = get_arg_val<uint32_t>(6);
  const uint32_t l1 = get_write_ptr(0);
  for (uint32_t i = 0; i < pages; i += block) {
    for (uint32_t j = 0; j < block && i + j < pages; ++j) {
      const uint64_t bank = get_noc_addr(bank_x, bank_y, address + (i + j) * page);
      const uint32_t slot = l1 + (i + j) % slots * page;
      if constexpr (write) {
        noc_async_write(slot, bank, page);
      } else {
        noc_async_read(bank, slot, page);
      }
    }
    if constexpr (write) {
      noc_async_write_barrier();
    } else {
      noc_async_read_barrier();
    }
  }
}
)";

constexpr uint32_t kSlots = 8;  // L1 pages a reader or writer cycles through

struct DramStreamSetup {
  sim::Arch arch = sim::Arch::kWormholeB0;
  uint32_t page = 8192;  // bytes per read or write
  uint32_t pages = 64;   // per core
  uint32_t block = 64;   // transfers in flight between barriers
  bool write = false;    // write the pages to the bank instead of reading them
};

struct DramStream {
  std::unique_ptr<metal::Device> device;
  metal::Buffer buffer;
  metal::Program program{"dram_stream"};
};

// One reader (or writer) per listed bank, on the listed logical cores, on `noc`.
Result<std::unique_ptr<DramStream>> make_dram_stream(const DramStreamSetup& setup,
                                                     const std::vector<uint32_t>& banks,
                                                     const std::vector<metal::CoreCoord>& cores,
                                                     metal::NOC noc = metal::NOC::NOC_0) {
  auto stream = std::make_unique<DramStream>();
  TESSERA_ASSIGN_OR_RETURN(stream->device, metal::Device::open(0, setup.arch));
  const sim::ChipDescriptor& chip = stream->device->descriptor();
  const uint64_t per_bank = uint64_t{setup.page} * setup.pages;
  TESSERA_ASSIGN_OR_RETURN(
      stream->buffer,
      metal::create_buffer(*stream->device, metal::BufferConfig::interleaved(
                                                sim::MemoryType::kDram,
                                                per_bank * chip.num_dram_channels, per_bank)));
  for (std::size_t i = 0; i < cores.size(); ++i) {
    const metal::CoreRangeSet core{{cores[i], cores[i]}};
    TESSERA_RETURN_IF_ERROR(
        metal::create_circular_buffer(
            stream->program, core,
            metal::CircularBufferConfig(setup.page * kSlots,
                                        {{0, {sim::tile::DataFormat::kFloat16_b, setup.page}}}))
            .status());
    metal::DataMovementConfig config = metal::reader_config({setup.write ? 1u : 0u});
    config.noc = noc;
    TESSERA_ASSIGN_OR_RETURN(auto kernel,
                             metal::create_kernel_from_string(stream->program, "dram_stream.cpp",
                                                              kDramStream, core, config));
    const sim::CoreCoord bank = chip.dram_cores[banks[i]];
    TESSERA_RETURN_IF_ERROR(
        metal::set_runtime_args(stream->program, kernel, cores[i],
                                {bank.x, bank.y, static_cast<uint32_t>(stream->buffer.address()),
                                 setup.pages, setup.page, setup.block, kSlots}));
  }
  return stream;
}

// Bytes per cycle the readers (or writers) moved together.
double dram_stream_rate(benchmark::State& state, const DramStreamSetup& setup,
                        const std::vector<uint32_t>& banks,
                        const std::vector<metal::CoreCoord>& cores) {
  auto stream = make_dram_stream(setup, banks, cores);
  if (!stream.ok()) {
    state.SkipWithError(stream.error().describe().c_str());
    return 0;
  }
  ProgramTiming timing;
  for (auto _ : state) {
    Status status = run_program(*(*stream)->device, (*stream)->program, &timing);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  }
  const double bytes = double(setup.page) * setup.pages * cores.size();
  return timing.kernel_cycles > 0 ? bytes / double(timing.kernel_cycles) : 0;
}

// The reports' placement (tt-metal's optimal DRAM bank to worker assignment
// for NoC 0): each bank's reader one NoC 0 hop away, one column right in
// the bank's row; banks whose row has no free worker there take the free
// worker the fewest NoC 0 hops away.
Status place_readers(sim::Arch arch, const sim::ChipDescriptor& chip, std::vector<uint32_t>& banks,
                     std::vector<metal::CoreCoord>& cores) {
  TESSERA_ASSIGN_OR_RETURN(sim::timing::TimingParams params,
                           sim::timing::builtin_timing_params(arch));
  std::vector<bool> used(chip.num_workers(), false);
  std::vector<int> reader(chip.num_dram_channels, -1);
  for (uint32_t bank = 0; bank < chip.num_dram_channels; ++bank) {
    const sim::CoreCoord at = chip.dram_cores[bank];
    auto found = std::find(chip.worker_cores.begin(), chip.worker_cores.end(),
                           sim::CoreCoord{at.x + 1, at.y});
    if (found == chip.worker_cores.end()) continue;
    reader[bank] = static_cast<int>(found - chip.worker_cores.begin());
    used[static_cast<std::size_t>(reader[bank])] = true;
  }
  for (uint32_t bank = 0; bank < chip.num_dram_channels; ++bank) {
    if (reader[bank] >= 0) continue;
    uint32_t best_hops = ~0u;
    for (uint32_t w = 0; w < chip.num_workers(); ++w) {
      const uint32_t hops =
          sim::timing::route_hops(params, 0, chip.dram_cores[bank], chip.worker_cores[w]);
      if (!used[w] && hops < best_hops) {
        best_hops = hops;
        reader[bank] = static_cast<int>(w);
      }
    }
    if (reader[bank] < 0) {
      return make_error(ErrorCode::kInvalidArgument, "no free worker for DRAM bank ", bank);
    }
    used[static_cast<std::size_t>(reader[bank])] = true;
  }
  for (uint32_t bank = 0; bank < chip.num_dram_channels; ++bank) {
    banks.push_back(bank);
    cores.push_back(chip.worker_logical(static_cast<uint32_t>(reader[bank])));
  }
  return ok_status();
}

// The links a NoC 0 transfer crosses (+x, then +y, wrapping), as keys.
std::set<uint32_t> noc0_links(const sim::timing::TimingParams& params, sim::CoreCoord from,
                              sim::CoreCoord to) {
  std::set<uint32_t> links;
  for (uint32_t x = from.x; x != to.x; x = (x + 1) % params.noc_grid_x) {
    links.insert((from.y * params.noc_grid_x + x) * 2);
  }
  for (uint32_t y = from.y; y != to.y; y = (y + 1) % params.noc_grid_y) {
    links.insert((y * params.noc_grid_x + to.x) * 2 + 1);
  }
  return links;
}

// Writers placed with care, as the DRAMTile README's measurement chose its
// tiles: each bank's writer one NoC 0 hop before it (one column left, in
// its row); a bank with no free worker there takes the free worker whose
// route shares no link with the other writers' routes, the fewest hops
// away.
Status place_writers(sim::Arch arch, const sim::ChipDescriptor& chip,
                     std::vector<metal::CoreCoord>& cores) {
  TESSERA_ASSIGN_OR_RETURN(sim::timing::TimingParams params,
                           sim::timing::builtin_timing_params(arch));
  std::vector<bool> used(chip.num_workers(), false);
  std::vector<int> writer(chip.num_dram_channels, -1);
  std::set<uint32_t> taken;  // links the placed writers' routes cross
  auto place = [&](uint32_t bank, uint32_t w) {
    writer[bank] = static_cast<int>(w);
    used[w] = true;
    const std::set<uint32_t> links =
        noc0_links(params, chip.worker_cores[w], chip.dram_cores[bank]);
    taken.insert(links.begin(), links.end());
  };
  for (uint32_t bank = 0; bank < chip.num_dram_channels; ++bank) {
    const sim::CoreCoord at = chip.dram_cores[bank];
    const sim::CoreCoord left{(at.x + params.noc_grid_x - 1) % params.noc_grid_x, at.y};
    auto found = std::find(chip.worker_cores.begin(), chip.worker_cores.end(), left);
    if (found != chip.worker_cores.end()) {
      place(bank, static_cast<uint32_t>(found - chip.worker_cores.begin()));
    }
  }
  for (uint32_t bank = 0; bank < chip.num_dram_channels; ++bank) {
    if (writer[bank] >= 0) continue;
    std::pair<bool, uint32_t> best{true, ~0u};  // (shares a link, hops): least is best
    uint32_t chosen = chip.num_workers();
    for (uint32_t w = 0; w < chip.num_workers(); ++w) {
      if (used[w]) continue;
      const std::set<uint32_t> links =
          noc0_links(params, chip.worker_cores[w], chip.dram_cores[bank]);
      const bool shares = std::any_of(links.begin(), links.end(),
                                      [&](uint32_t link) { return taken.count(link) > 0; });
      const std::pair<bool, uint32_t> score{shares, static_cast<uint32_t>(links.size())};
      if (score < best) {
        best = score;
        chosen = w;
      }
    }
    if (chosen == chip.num_workers()) {
      return make_error(ErrorCode::kInvalidArgument, "no free worker for DRAM bank ", bank);
    }
    place(bank, chosen);
  }
  for (uint32_t bank = 0; bank < chip.num_dram_channels; ++bank) {
    cores.push_back(chip.worker_logical(static_cast<uint32_t>(writer[bank])));
  }
  return ok_status();
}

// Saturating_DRAM_bandwidth.md: the u-benchmark reaches 267 GB/s on
// Wormhole (12 banks at 12 GBps); Saturating_DRAM_bandwidth_Blackhole.md:
// 500 GB/s on Blackhole p150 (8 banks, 16 KB packets). One reader per bank
// placed next to it on NoC 0. The published kernels keep a read in flight
// across block barriers with transaction ids, which the kernel API here has
// no call for; each reader issues all its reads before one barrier, which
// likewise leaves its bank no idle gap. Published values in GB/s.
void BM_CalibrateDramRead(benchmark::State& state) {
  DramStreamSetup setup;
  setup.arch = static_cast<sim::Arch>(state.range(0));
  setup.page = static_cast<uint32_t>(state.range(1));
  auto chip = sim::builtin_chip_descriptor(setup.arch);
  std::vector<uint32_t> banks;
  std::vector<metal::CoreCoord> cores;
  Status placed = place_readers(setup.arch, *chip, banks, cores);
  if (!placed.ok()) {
    state.SkipWithError(placed.error().describe().c_str());
    return;
  }
  const double ghz = setup.arch == sim::Arch::kBlackhole ? 1.35 : 1.0;
  report(state, dram_stream_rate(state, setup, banks, cores) * ghz,
         static_cast<double>(state.range(2)));
}
BENCHMARK(BM_CalibrateDramRead)
    ->ArgNames({"arch", "page", "published"})
    ->Args({kWormhole, 8192, 267})
    ->Args({kBlackhole, 16384, 500})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// tt-isa-documentation WormholeB0/DRAMTile README, Performance: twelve
// Tensix tiles, carefully chosen, each writing 1 MiB to its own channel with
// a static virtual channel, reach 261.3 GB/s on NoC 0 and 262.0 on NoC 1
// (and read at 265.5 and 265.3). The tiles and the packet size are not
// stated: the writers here are placed as place_writers says and write 128
// packets of 8 KB. Published values in GB/s x 10.
void BM_CalibrateDramWrite(benchmark::State& state) {
  DramStreamSetup setup;
  setup.pages = 128;
  setup.block = 128;
  setup.write = true;
  auto chip = sim::builtin_chip_descriptor(setup.arch);
  std::vector<metal::CoreCoord> cores;
  Status placed = place_writers(setup.arch, *chip, cores);
  if (!placed.ok()) {
    state.SkipWithError(placed.error().describe().c_str());
    return;
  }
  std::vector<uint32_t> banks(cores.size());
  std::iota(banks.begin(), banks.end(), 0u);
  report(state, dram_stream_rate(state, setup, banks, cores),
         static_cast<double>(state.range(0)) / 10.0);
}
BENCHMARK(BM_CalibrateDramWrite)
    ->ArgNames({"published_x10"})
    ->Args({2613})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// tt-isa-documentation WormholeB0/DRAMTile README, Performance: 12 or 48
// Tensix tiles, randomly paired with the 12 channels (each channel the same
// number of tiles), each reading or writing 1 MiB against its channel, with
// a static virtual channel. The pairings are not published: the model's
// figure is the mean over fair random pairings from fixed seeds (8 KB
// packets). Args: tiles, write, NoC, published GB/s x 10.
//
// How many pairings: with few tiles, one pairing decides how many routes
// share a link, and the rates of 12-tile pairings fall into a few far
// apart levels (95, 127 and 190 GB/s for reads on NoC 0), so a mean over
// eight depended on how many of them landed on each. Each draw averages
// over its tiles, so draws x tiles is kept at 768 pairs: 64 draws of 12
// tiles, 16 of 48.
uint32_t pairing_draws(uint32_t tiles) {
  return std::max(768 / std::max(tiles, 1u), 1u);
}

// Draw `draw`: `tiles` distinct workers, shuffled, the i-th paired with
// channel i mod 12. mt19937's outputs are fixed by the standard, so every
// platform draws the same pairings.
void random_pairing(const sim::ChipDescriptor& chip, uint32_t tiles, uint32_t draw,
                    std::vector<uint32_t>& banks, std::vector<metal::CoreCoord>& cores) {
  std::mt19937 rng(1000 + draw);
  std::vector<uint32_t> workers(chip.num_workers());
  std::iota(workers.begin(), workers.end(), 0u);
  for (uint32_t i = static_cast<uint32_t>(workers.size()) - 1; i > 0; --i) {
    std::swap(workers[i], workers[rng() % (i + 1)]);
  }
  for (uint32_t t = 0; t < tiles; ++t) {
    banks.push_back(t % chip.num_dram_channels);
    cores.push_back(chip.worker_logical(workers[t]));
  }
}

void BM_CalibrateRandomPairing(benchmark::State& state) {
  DramStreamSetup setup;
  setup.pages = 128;
  setup.block = 128;
  const auto tiles = static_cast<uint32_t>(state.range(0));
  setup.write = state.range(1) != 0;
  const auto noc = static_cast<metal::NOC>(state.range(2));
  auto chip = sim::builtin_chip_descriptor(setup.arch);
  const uint32_t draws = pairing_draws(tiles);
  double sum = 0, lowest = 0, highest = 0;
  for (auto _ : state) {
    for (uint32_t draw = 0; draw < draws; ++draw) {
      std::vector<uint32_t> banks;
      std::vector<metal::CoreCoord> cores;
      random_pairing(*chip, tiles, draw, banks, cores);
      auto stream = make_dram_stream(setup, banks, cores, noc);
      ProgramTiming timing;
      Status status = stream.ok() ? run_program(*(*stream)->device, (*stream)->program, &timing)
                                  : stream.status();
      if (!status.ok()) {
        state.SkipWithError(status.error().describe().c_str());
        return;
      }
      const double rate = double(setup.page) * setup.pages * tiles / double(timing.kernel_cycles);
      sum += rate;
      lowest = draw == 0 ? rate : std::min(lowest, rate);
      highest = std::max(highest, rate);
    }
  }
  report(state, sum / draws, static_cast<double>(state.range(3)) / 10.0);
  // The spread over pairings, for judging a comparison with one draw. A
  // label, not counters: every row of a CSV report needs the same counters.
  std::ostringstream spread;
  spread << std::fixed << std::setprecision(1) << "draws " << lowest << " to " << highest;
  state.SetLabel(spread.str());
}
BENCHMARK(BM_CalibrateRandomPairing)
    ->ArgNames({"tiles", "write", "noc", "published_x10"})
    ->Args({12, 0, 0, 1898})
    ->Args({12, 0, 1, 821})
    ->Args({48, 0, 0, 2003})
    ->Args({48, 0, 1, 782})
    ->Args({12, 1, 0, 565})
    ->Args({12, 1, 1, 1545})
    ->Args({48, 1, 0, 523})
    ->Args({48, 1, 1, 1337})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// tt-metal data movement ideal primitives table: DRAM read 22 B/cycle on
// Wormhole B0; its sweep (tt-low-level-documentation, DRAM Packet Sizes
// 2.0.csv) reaches it with 64 reads of 8 KB before one barrier.
void BM_CalibrateOneCoreDramRead(benchmark::State& state) {
  report(state, dram_stream_rate(state, DramStreamSetup{}, {0}, {{0, 0}}), 22.0);
}
BENCHMARK(BM_CalibrateOneCoreDramRead)->Iterations(1)->Unit(benchmark::kMillisecond);

// The same sweep's small reads: 256 reads of 256 bytes before one barrier
// take 6,507 cycles on RISCV_1 (10.07 B/cycle): the reader's issue rate,
// not the bank, sets the pace.
void BM_CalibrateOneCoreSmallDramReads(benchmark::State& state) {
  const DramStreamSetup setup{.page = 256, .pages = 256, .block = 256};
  report(state, dram_stream_rate(state, setup, {0}, {{0, 0}}), 10.07);
}
BENCHMARK(BM_CalibrateOneCoreSmallDramReads)->Iterations(1)->Unit(benchmark::kMillisecond);

// DRAM-interleaved traffic on every core, as tt-metal's Multi Interleaved
// data movement test runs it: core i reads pages i*pages .. i*pages+pages-1
// of an interleaved buffer, `repeats` times. Copying (`copy` 1), each page
// goes through CB 0 to the writer, the reader waiting for each read and the
// writer for each write; reading only, all reads go out before one barrier.
constexpr const char* kCopyReader = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  const uint32_t pages = get_arg_val<uint32_t>(2);
  const uint32_t repeats = get_arg_val<uint32_t>(3);
  const uint32_t page = get_arg_val<uint32_t>(4);
  const uint32_t copy = get_arg_val<uint32_t>(5);
  const InterleavedAddrGen<true> in{src, page};
  for (uint32_t r = 0; r < repeats; ++r) {
    for (uint32_t p = 0; p < pages; ++p) {
      if (copy) cb_reserve_back(0, 1);
      const uint32_t l1 = copy ? get_write_ptr(0) : get_write_ptr(0) + p * page;
      noc_async_read(get_noc_addr(first + p, in), l1, page);
      if (copy) {
        noc_async_read_barrier();
        cb_push_back(0, 1);
      }
    }
  }
  noc_async_read_barrier();
}
)";

constexpr const char* kCopyWriter = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  const uint32_t pages = get_arg_val<uint32_t>(2);
  const uint32_t repeats = get_arg_val<uint32_t>(3);
  const uint32_t page = get_arg_val<uint32_t>(4);
  const uint32_t copy = get_arg_val<uint32_t>(5);
  const InterleavedAddrGen<true> out{dst, page};
  for (uint32_t r = 0; r < repeats; ++r) {
    for (uint32_t p = 0; p < pages; ++p) {
      if (copy) cb_wait_front(0, 1);
      const uint32_t l1 = copy ? get_read_ptr(0) : get_read_ptr(0) + p * page;
      noc_async_write(l1, get_noc_addr(first + p, out), page);
      if (copy) {
        noc_async_write_barrier();
        cb_pop_front(0, 1);
      }
    }
  }
  noc_async_write_barrier();
}
)";

// What each core of the interleaved sweeps does: read pages into L1, copy
// them through a CB to the output, or write L1 to the output.
enum class InterleavedMode : int64_t { kRead = 0, kCopy = 1, kWrite = 2 };

// One program of tt-metal's interleaved data movement tests: every core of
// `grid` moves `pages` pages of `page` bytes, `repeats` times, with the
// reader on `reader_risc` (its default NoC) and the writer on RISCV_1 / NoC
// 1. Returns the combined bandwidth in B/cycle.
struct InterleavedSetup {
  sim::Arch arch = sim::Arch::kWormholeB0;
  InterleavedMode mode = InterleavedMode::kRead;
  sim::CoreCoord grid{1, 1};
  uint32_t page = 2048;
  uint32_t pages = 16;
  uint32_t repeats = 16;
  metal::DataMovementProcessor reader_risc = metal::DataMovementProcessor::RISCV_0;
};

Result<double> interleaved_rate(const InterleavedSetup& setup) {
  const uint32_t copy = setup.mode == InterleavedMode::kCopy ? 1 : 0;
  TESSERA_ASSIGN_OR_RETURN(auto device, metal::Device::open(0, setup.arch));
  const sim::CoreCoord grid = setup.grid;
  const uint32_t cores = grid.x * grid.y;
  const auto config = metal::BufferConfig::interleaved(
      sim::MemoryType::kDram, uint64_t{cores} * setup.pages * setup.page, setup.page);
  auto in = metal::create_buffer(*device, config);
  auto out = metal::create_buffer(*device, config);
  metal::Program program("interleaved_copy");
  const metal::CoreRangeSet all{{{0, 0}, {grid.x - 1, grid.y - 1}}};
  const auto args = [&](const metal::Buffer& buffer, uint32_t core) -> std::vector<uint32_t> {
    return {static_cast<uint32_t>(buffer.address()),
            core * setup.pages,
            setup.pages,
            setup.repeats,
            setup.page,
            copy};
  };
  const Status built = [&]() -> Status {
    TESSERA_RETURN_IF_ERROR(in.status());
    TESSERA_RETURN_IF_ERROR(out.status());
    TESSERA_RETURN_IF_ERROR(
        metal::create_circular_buffer(
            program, all,
            metal::CircularBufferConfig(setup.pages * setup.page,
                                        {{0, {sim::tile::DataFormat::kFloat16_b, setup.page}}}))
            .status());
    const metal::NOC reader_noc = setup.reader_risc == metal::DataMovementProcessor::RISCV_0
                                      ? metal::NOC::NOC_0
                                      : metal::NOC::NOC_1;
    metal::DataMovementConfig reader{setup.reader_risc, reader_noc};
    metal::DataMovementConfig writer{metal::DataMovementProcessor::RISCV_1, metal::NOC::NOC_1};
    if (setup.mode != InterleavedMode::kWrite) {
      TESSERA_ASSIGN_OR_RETURN(
          auto read,
          metal::create_kernel_from_string(program, "copy_reader.cpp", kCopyReader, all, reader));
      for (uint32_t i = 0; i < cores; ++i) {
        TESSERA_RETURN_IF_ERROR(
            metal::set_runtime_args(program, read, {i % grid.x, i / grid.x}, args(*in, i)));
      }
    }
    if (setup.mode == InterleavedMode::kRead) return ok_status();
    TESSERA_ASSIGN_OR_RETURN(auto write, metal::create_kernel_from_string(
                                             program, "copy_writer.cpp", kCopyWriter, all, writer));
    for (uint32_t i = 0; i < cores; ++i) {
      TESSERA_RETURN_IF_ERROR(
          metal::set_runtime_args(program, write, {i % grid.x, i / grid.x}, args(*out, i)));
    }
    return ok_status();
  }();
  TESSERA_RETURN_IF_ERROR(built);
  ProgramTiming timing;
  TESSERA_RETURN_IF_ERROR(run_program(*device, program, &timing));
  const double bytes = double(cores) * setup.pages * setup.repeats * setup.page;
  return timing.kernel_cycles > 0 ? bytes / double(timing.kernel_cycles) : 0;
}

// Reports `setup`'s rate against `published` B/cycle.
void report_interleaved(benchmark::State& state, const InterleavedSetup& setup, double published) {
  double rate = 0;
  for (auto _ : state) {
    Result<double> measured = interleaved_rate(setup);
    if (!measured.ok()) {
      state.SkipWithError(measured.error().describe().c_str());
      return;
    }
    rate = *measured;
  }
  report(state, rate, published);
}

// tt-low-level-documentation's Multi Interleaved sweeps (tt-metal's
// test_multi_interleaved.cpp: reader on RISCV_0 / NoC 0, writer on RISCV_1
// / NoC 1) moving 2 KB pages, 16 pages x `repeats` per core (16: the 256
// transactions of the main rows; 4: the grid sweeps' 64). Combined
// bandwidth in B/cycle on Wormhole's full 8x8 grid and Blackhole's 11x10
// from Multi Interleaved Read Sizes.csv, Multi Interleaved Sizes.csv
// (copying) and Multi Interleaved Write Sizes.csv; on Wormhole's 2x2 and
// 6x6 grids from the Grid Sweep files. Copying, the files time both RISCs;
// these are the writer's (RISCV_1) rows, the later of the two.
void BM_CalibrateInterleaved(benchmark::State& state) {
  const InterleavedSetup setup{
      .arch = static_cast<sim::Arch>(state.range(0)),
      .mode = static_cast<InterleavedMode>(state.range(1)),
      .grid = {static_cast<uint32_t>(state.range(2)), static_cast<uint32_t>(state.range(3))},
      .repeats = static_cast<uint32_t>(state.range(4))};
  report_interleaved(state, setup, static_cast<double>(state.range(5)) / 10.0);
}
constexpr int kRead = static_cast<int>(InterleavedMode::kRead);
constexpr int kCopy = static_cast<int>(InterleavedMode::kCopy);
constexpr int kWrite = static_cast<int>(InterleavedMode::kWrite);
// arch, mode, grid x, grid y, repeats, published B/cycle x 10.
BENCHMARK(BM_CalibrateInterleaved)
    ->ArgNames({"arch", "mode", "x", "y", "repeats", "published_x10"})
    ->Args({kWormhole, kCopy, 8, 8, 16, 1007})
    ->Args({kWormhole, kRead, 8, 8, 16, 1636})
    ->Args({kWormhole, kWrite, 8, 8, 16, 1456})
    ->Args({kWormhole, kCopy, 2, 2, 16, 154})
    ->Args({kWormhole, kRead, 2, 2, 16, 612})
    ->Args({kWormhole, kWrite, 2, 2, 16, 669})
    ->Args({kWormhole, kCopy, 6, 6, 16, 1000})
    ->Args({kWormhole, kRead, 6, 6, 16, 1376})
    ->Args({kWormhole, kWrite, 6, 6, 16, 1358})
    ->Args({kWormhole, kRead, 2, 2, 4, 665})
    ->Args({kWormhole, kRead, 6, 6, 4, 1531})
    ->Args({kWormhole, kRead, 8, 8, 4, 1864})
    ->Args({kBlackhole, kCopy, 11, 10, 16, 1340})
    ->Args({kBlackhole, kRead, 11, 10, 16, 2601})
    ->Args({kBlackhole, kWrite, 11, 10, 16, 2015})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// tt-low-level-documentation's DRAM Interleaved Page Read Numbers.csv (tt-metal's
// test_interleaved.cpp, a TensorAccessor loop on RISCV_1): one core reads
// 256 pages of 256 bytes in 10,338 cycles on Wormhole (6.34 B/cycle) and
// 10,285 on Blackhole (6.37): the loop's own pace, 39 and 38 cycles a page
// where reads from one bank take 24 and 28. Like the two rows of small
// transfers above, these are the measurements the per-page costs come from.
void BM_CalibrateOneCoreInterleavedSmallReads(benchmark::State& state) {
  const InterleavedSetup setup{.arch = static_cast<sim::Arch>(state.range(0)),
                               .page = 256,
                               .reader_risc = metal::DataMovementProcessor::RISCV_1};
  report_interleaved(state, setup, static_cast<double>(state.range(1)) / 1000.0);
}
// arch, published B/cycle x 1000.
BENCHMARK(BM_CalibrateOneCoreInterleavedSmallReads)
    ->ArgNames({"arch", "published_x1000"})
    ->Args({kWormhole, 6339})
    ->Args({kBlackhole, 6372})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Every point of the published Wormhole read sweeps on one grid (0: one
// core, 1: 2x2, 2: 6x6, 3: 8x8; 4: all 180 points), each run as tt-metal's
// test does: the mean absolute error against the published rates, how many
// points are within 25%, and the worst point's error. Not calibration rows:
// the independent check of the rules the rows set (docs/timing-model.md).
void BM_SweepInterleavedReads(benchmark::State& state) {
  static constexpr uint32_t kGridSides[] = {1, 2, 6, 8};
  const auto grid = static_cast<std::size_t>(state.range(0));
  double error_sum = 0, worst = 0;
  uint32_t points = 0, within = 0;
  for (auto _ : state) {
    for (const bench::PublishedReadPoint& point : bench::kWormholeReadSweeps) {
      if (grid < std::size(kGridSides) && point.grid_x != kGridSides[grid]) continue;
      const bool one_core = point.grid_x == 1;
      const InterleavedSetup setup{.grid = {point.grid_x, point.grid_y},
                                   .page = point.page,
                                   .pages = std::min(point.reads, 16u),
                                   .repeats = std::max(point.reads / 16, 1u),
                                   .reader_risc = one_core ? metal::DataMovementProcessor::RISCV_1
                                                           : metal::DataMovementProcessor::RISCV_0};
      Result<double> rate = interleaved_rate(setup);
      if (!rate.ok()) {
        state.SkipWithError(rate.error().describe().c_str());
        return;
      }
      const double error = error_pct(*rate, point.bytes_per_cycle());
      error_sum += std::abs(error);
      if (std::abs(error) <= 25.0) ++within;
      if (std::abs(error) > std::abs(worst)) worst = error;
      ++points;
    }
  }
  state.counters["points"] = points;
  state.counters["mean_abs_error_pct"] = points > 0 ? error_sum / points : 0;
  state.counters["within_25pct"] = within;
  state.counters["worst_error_pct"] = worst;
}
BENCHMARK(BM_SweepInterleavedReads)
    ->ArgName("grid")
    ->DenseRange(0, 4)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Writes `count` packets of `packet` bytes from its CB to the same offset
// on the NoC core (x0, y0) (one destination) or rectangle (more; `loopback`
// includes the sender), then one barrier. `linked` multicasts all but the
// last packet linked, as tt-metal's one-to-all test kernel does.
constexpr const char* kWriter = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t x0 = get_arg_val<uint32_t>(0);
  const uint32_t y0 = get_arg_val<uint32_t>(1);
  const uint32_t x1 = get_arg_val<uint32_t>(2);
  const uint32_t y1 = get_arg_val<uint32_t>(3);
  const uint32_t count = get_arg_val<uint32_t>(4);
  const uint32_t packet = get_arg_val<uint32_t>(5);
  const uint32_t destinations = get_arg_val<uint32_t>(6);
  const uint32_t loopback = get_arg_val<uint32_t>(7);
  const uint32_t linked = get_arg_val<uint32_t>(8);
  const uint32_t l1 = get_write_ptr(0);
  for (uint32_t sent = 0; sent < count; ++sent) {
    const bool link = linked != 0 && sent + 1 < count;
    if (destinations == 1) {
      noc_async_write(l1, get_noc_addr(x0, y0, l1), packet);
    } else if (loopback) {
      noc_async_write_multicast_loopback_src(l1, get_noc_multicast_addr(x0, y0, x1, y1, l1),
                                             packet, destinations, link);
    } else {
      noc_async_write_multicast(l1, get_noc_multicast_addr(x0, y0, x1, y1, l1), packet,
                                destinations, link);
    }
  }
  noc_async_write_barrier();
}
)";

struct Writes {
  metal::CoreCoord sender, first, last;  // logical; first == last: one to one
  bool loopback = false;
  bool linked = false;
  metal::NOC noc = metal::NOC::NOC_0;
  uint32_t count = 64;
  uint32_t packet = 8192;
};

// Bytes per cycle the sender put out (counted once per packet).
double write_rate(benchmark::State& state, const Writes& w) {
  auto device = metal::Device::open(0, sim::Arch::kWormholeB0);
  if (!device.ok()) {
    state.SkipWithError(device.error().describe().c_str());
    return 0;
  }
  const sim::ChipDescriptor& chip = (*device)->descriptor();
  metal::Program program("writes");
  const metal::CoreRangeSet all{{{0, 0}, {chip.grid.x - 1, chip.grid.y - 1}}};
  (void)metal::create_circular_buffer(
      program, all,
      metal::CircularBufferConfig(w.packet, {{0, {sim::tile::DataFormat::kFloat16_b, w.packet}}}));
  metal::DataMovementConfig config = metal::writer_config();
  config.noc = w.noc;
  auto kernel = metal::create_kernel_from_string(program, "writer.cpp", kWriter,
                                                 {{w.sender, w.sender}}, config);
  const sim::CoreCoord a = *chip.worker_noc_from_logical(w.first);
  const sim::CoreCoord b = *chip.worker_noc_from_logical(w.last);
  uint32_t destinations = (w.last.x - w.first.x + 1) * (w.last.y - w.first.y + 1);
  const bool inside = w.sender.x >= w.first.x && w.sender.x <= w.last.x &&
                      w.sender.y >= w.first.y && w.sender.y <= w.last.y;
  if (inside && !w.loopback) --destinations;
  if (!kernel.ok() || !metal::set_runtime_args(program, *kernel, w.sender,
                                               {a.x, a.y, b.x, b.y, w.count, w.packet, destinations,
                                                w.loopback, w.linked})
                           .ok()) {
    state.SkipWithError("could not build the writer");
    return 0;
  }
  ProgramTiming timing;
  for (auto _ : state) {
    Status status = run_program(**device, program, &timing);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  }
  const double bytes = double(w.count) * w.packet;
  return timing.kernel_cycles > 0 ? bytes / double(timing.kernel_cycles) : 0;
}

// The data movement ideal primitives table: one to one 29 B/cycle.
void BM_CalibrateOneToOne(benchmark::State& state) {
  report(state, write_rate(state, {.sender = {0, 0}, .first = {1, 0}, .last = {1, 0}}), 29.0);
}
BENCHMARK(BM_CalibrateOneToOne)->Iterations(1)->Unit(benchmark::kMillisecond);

// tt-low-level-documentation, One to One Packet Sizes 2.0.csv: 256 writes
// of 256 bytes before one barrier take 10,044 cycles (6.52 B/cycle), the
// writer's issue rate.
void BM_CalibrateOneToOneSmallWrites(benchmark::State& state) {
  report(
      state,
      write_rate(state,
                 {.sender = {0, 0}, .first = {1, 0}, .last = {1, 0}, .count = 256, .packet = 256}),
      6.52);
}
BENCHMARK(BM_CalibrateOneToOneSmallWrites)->Iterations(1)->Unit(benchmark::kMillisecond);

// tt-low-level-documentation, Multicast Schemes (Loopback Disabled).csv,
// Wormhole, NoC 0, 7x7 grids, 256 packets of 8 KB: scheme 4 (sender inside
// the grid, a corner of it) 26.8 B/cycle; scheme 5 (sender outside the
// grid, sharing a row with it) 29.7 B/cycle. The schemes test links its
// multicasts (tt-metal test_multicast_schemes.cpp: is_linked defaults to
// true).
void BM_CalibrateMulticastScheme(benchmark::State& state) {
  const bool inside = state.range(0) == 4;
  Writes w{.sender = {0, inside ? 0u : 6u},
           .first = {inside ? 0u : 1u, 0},
           .last = {inside ? 6u : 7u, 6},
           .linked = true,
           .count = 256};
  report(state, write_rate(state, w), static_cast<double>(state.range(1)) / 10.0);
}
BENCHMARK(BM_CalibrateMulticastScheme)
    ->ArgNames({"scheme", "published_x10"})
    ->Args({4, 268})
    ->Args({5, 297})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// The ideal primitives table, one to all (multicast) 15 B/cycle: the 8x8
// grid with the sender in it and loopback, unlinked (One to All Multicast
// 11x10 Packet Sizes with Loopback.csv, which on Wormhole is the full 8x8
// grid: 14.9 B/cycle at 256 packets of 8 KB). The same sweep's 2x2 and 5x5
// grids (One to All Multicast 2x2 / 5x5 Packet Sizes with Loopback.csv,
// 256 x 8 KB: 26.4 and 17.5 B/cycle) as further rows.
void BM_CalibrateMulticast(benchmark::State& state) {
  const auto side = static_cast<uint32_t>(state.range(0));
  Writes w{.sender = {0, 0},
           .first = {0, 0},
           .last = {side - 1, side - 1},
           .loopback = true,
           .count = 256};
  report(state, write_rate(state, w), static_cast<double>(state.range(1)) / 10.0);
}
BENCHMARK(BM_CalibrateMulticast)
    ->ArgNames({"grid", "published_x10"})
    ->Args({8, 149})
    ->Args({5, 175})
    ->Args({2, 264})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
