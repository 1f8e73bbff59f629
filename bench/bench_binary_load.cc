// Load + verify throughput of a large TTM0 binary (issue target: >= 1 GB/s),
// and the cost per byte of one model shape in both wire layouts: loading a
// current-layout binary must cost no more per byte than the 2024 baseline
// (compare the sec_per_byte counters of BM_VerifyModel/2024 and /current,
// measured in the same run).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>

#include "bench_binary_load_models.h"
#include "tessera/format/binary.h"
#include "tessera/format/generated.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace {

namespace target = tt::target;
namespace metal = tt::target::metal;

// A program that writes `writes` constant tensors of `bytes_each` bytes and
// has `small_commands` bookkeeping commands, like a compiled model's weights.
std::vector<uint8_t> build_large_binary(int writes, size_t bytes_each, int small_commands) {
  flatbuffers::FlatBufferBuilder builder(writes * bytes_each + (1 << 20));
  std::vector<uint8_t> payload(bytes_each, 0x5a);
  std::vector<flatbuffers::Offset<metal::Command>> commands;
  auto tensor_ref = [&](uint32_t id, flatbuffers::Offset<flatbuffers::Vector<uint8_t>> data) {
    std::vector<int32_t> shape = {static_cast<int32_t>(bytes_each / 4)};
    auto desc = target::CreateTensorDescDirect(builder, &shape, 0, nullptr);
    if (!data.IsNull()) {
      target::TensorDescBuilder with_data(builder);
      with_data.add_constant_data(data);
      desc = with_data.Finish();
    }
    return target::CreateTensorRef(builder, id, 0x100000 + id * bytes_each, bytes_each, desc);
  };
  for (int i = 0; i < writes; ++i) {
    auto data = builder.CreateVector(payload);
    auto write =
        metal::CreateEnqueueWriteBufferCommand(builder, tensor_ref(i, data), tensor_ref(i, {}));
    commands.push_back(metal::CreateCommand(builder, metal::CommandType::EnqueueWriteBufferCommand,
                                            write.Union()));
  }
  for (int i = 0; i < small_commands; ++i) {
    auto event = metal::CreateEventQueryCommand(builder, target::CreateEventRef(builder, i));
    commands.push_back(
        metal::CreateCommand(builder, metal::CommandType::EventQueryCommand, event.Union()));
  }
  auto queue = metal::CreateCommandQueueDirect(builder, "cq0", &commands);
  std::vector<flatbuffers::Offset<metal::CommandQueue>> queues = {queue};
  auto device_program = metal::CreateDeviceProgramDirect(builder, nullptr, nullptr, &queues);
  std::vector<flatbuffers::Offset<metal::DeviceProgram>> device_programs = {device_program};
  auto program = metal::CreateProgramDirect(builder, "large", nullptr, nullptr, &device_programs);
  std::vector<flatbuffers::Offset<metal::Program>> programs = {program};
  target::Version version(0, 0, 1);
  auto root = metal::CreateTTMetalBinaryDirect(
      builder, &version, "bench", 0, &programs,
      tessera::format::schema_hash(tessera::format::BinaryKind::kMetal).c_str(),
      tessera::format::kChecksumPlaceholder);
  metal::FinishSizePrefixedTTMetalBinaryBuffer(builder, root);
  std::vector<uint8_t> bytes(builder.GetBufferPointer(),
                             builder.GetBufferPointer() + builder.GetSize());
  if (!tessera::format::seal_binary(bytes, tessera::format::BinaryKind::kMetal).ok()) bytes.clear();
  return bytes;
}

const std::vector<uint8_t>& large_binary() {
  static const std::vector<uint8_t> bytes = build_large_binary(2048, 64 * 1024, 100'000);
  return bytes;
}

// Verification alone (size prefix, identifier, Verifier, checksum): the
// bytes are already owned in memory and handed over without a copy.
void BM_VerifyInMemory(benchmark::State& state) {
  const auto& bytes = large_binary();
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<uint8_t> owned = bytes;
    state.ResumeTiming();
    auto binary = tessera::format::Binary::load_memory(std::move(owned), "large.ttm");
    if (!binary.ok()) state.SkipWithError(binary.error().describe().c_str());
    benchmark::DoNotOptimize(binary);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  state.counters["MiB"] = static_cast<double>(bytes.size()) / (1 << 20);
}
BENCHMARK(BM_VerifyInMemory)->Unit(benchmark::kMillisecond);

void BM_LoadFile(benchmark::State& state) {
  const auto& bytes = large_binary();
  std::filesystem::path path = std::filesystem::temp_directory_path() / "tessera_bench_large.ttm";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  for (auto _ : state) {
    auto binary = tessera::format::Binary::load_file(path.string());
    if (!binary.ok()) state.SkipWithError(binary.error().describe().c_str());
    benchmark::DoNotOptimize(binary);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  std::filesystem::remove(path);
}
BENCHMARK(BM_LoadFile)->Unit(benchmark::kMillisecond);

// Copying the bytes into fresh memory, the floor under any load that must
// own its bytes (first-touch page faults dominate on virtual machines).
void BM_CopyToFreshMemory(benchmark::State& state) {
  const auto& bytes = large_binary();
  for (auto _ : state) {
    std::vector<uint8_t> copy(bytes.begin(), bytes.end());
    benchmark::DoNotOptimize(copy.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_CopyToFreshMemory)->Unit(benchmark::kMillisecond);

// 1024 weights of 64 KiB and 4000 programs of three kernels each.
constexpr bench_models::ModelShape kModel{1024, 64 * 1024, 4000};

const std::vector<uint8_t>& model_binary(tessera::format::WireLayout layout) {
  static const std::vector<uint8_t> baseline = bench_models::build_2024(kModel);
  static const std::vector<uint8_t> current = bench_models::build_current(kModel);
  return layout == tessera::format::WireLayout::k2024 ? baseline : current;
}

// Loading and verifying the model (size prefix, layout detection, Verifier,
// checksum where the layout has one, UTF-8 and union checks).
void BM_VerifyModel(benchmark::State& state) {
  const auto layout = static_cast<tessera::format::WireLayout>(state.range(0));
  const auto& bytes = model_binary(layout);
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<uint8_t> owned = bytes;
    state.ResumeTiming();
    auto binary = tessera::format::Binary::load_memory(std::move(owned), "model.ttm");
    if (!binary.ok()) state.SkipWithError(binary.error().describe().c_str());
    if (binary.ok() && binary->layout() != layout) state.SkipWithError("layout misread");
    benchmark::DoNotOptimize(binary);
  }
  const auto total = static_cast<double>(state.iterations()) * static_cast<double>(bytes.size());
  state.SetBytesProcessed(static_cast<int64_t>(total));
  state.counters["MiB"] = static_cast<double>(bytes.size()) / (1 << 20);
  state.counters["sec_per_byte"] =
      benchmark::Counter(total, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetLabel(std::string(tessera::format::layout_name(layout)));
}
BENCHMARK(BM_VerifyModel)
    ->Arg(static_cast<int>(tessera::format::WireLayout::k2024))
    ->Arg(static_cast<int>(tessera::format::WireLayout::kCurrent))
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
