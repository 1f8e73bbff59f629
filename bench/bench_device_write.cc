// Host <-> device transfer of a 64 MiB interleaved DRAM buffer, against a
// plain single-thread memcpy of the same bytes measured in the same run.
// Wall time: the copy runs on the command queue's thread.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "tessera/metal/device.h"

namespace {

using namespace tessera;

constexpr uint64_t kBufferBytes = uint64_t{64} << 20;

void BM_Memcpy(benchmark::State& state) {
  std::vector<uint8_t> source(kBufferBytes, 1), destination(kBufferBytes, 0);
  for (auto _ : state) {
    std::memcpy(destination.data(), source.data(), kBufferBytes);
    benchmark::DoNotOptimize(destination.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kBufferBytes));
}
BENCHMARK(BM_Memcpy)->Unit(benchmark::kMillisecond)->UseRealTime();

struct DeviceFixture {
  std::unique_ptr<metal::Device> device;
  metal::Buffer buffer;
  metal::CommandQueue* queue = nullptr;

  explicit DeviceFixture(uint64_t page_size) {
    device = std::move(metal::Device::open(0, sim::Arch::kWormholeB0).value());
    buffer = std::move(
        metal::create_buffer(*device, metal::BufferConfig::interleaved(sim::MemoryType::kDram,
                                                                       kBufferBytes, page_size))
            .value());
    queue = device->command_queue(0).value();
  }
  ~DeviceFixture() { (void)metal::deallocate_buffer(buffer); }
};

void BM_EnqueueWriteBuffer(benchmark::State& state) {
  DeviceFixture fixture(static_cast<uint64_t>(state.range(0)));
  std::vector<uint8_t> host(kBufferBytes, 3);
  // Touch the device pages once, as a running program would have.
  (void)fixture.queue->enqueue_write_buffer(fixture.buffer, host, true);
  for (auto _ : state) {
    tessera::Status status = fixture.queue->enqueue_write_buffer(fixture.buffer, host, true);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kBufferBytes));
}
BENCHMARK(BM_EnqueueWriteBuffer)
    ->Arg(2048)
    ->Arg(32768)
    ->ArgName("page")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_EnqueueReadBuffer(benchmark::State& state) {
  DeviceFixture fixture(static_cast<uint64_t>(state.range(0)));
  std::vector<uint8_t> host(kBufferBytes, 3);
  (void)fixture.queue->enqueue_write_buffer(fixture.buffer, host, true);
  for (auto _ : state) {
    tessera::Status status = fixture.queue->enqueue_read_buffer(fixture.buffer, host, true);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kBufferBytes));
}
BENCHMARK(BM_EnqueueReadBuffer)
    ->Arg(2048)
    ->Arg(32768)
    ->ArgName("page")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
