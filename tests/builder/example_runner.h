// Runs an example binary with its golden inputs and compares every output
// with its golden output (PCC and absolute tolerance). Goldens come from
// either layout: golden_inputs / golden_outputs (2024) or the program's
// golden map, "input_<i>" / "output_<i>" on device 0 (current).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "tessera/builder/tensor_bytes.h"
#include "tessera/format/current_enums.h"
#include "tessera/format/current_generated.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::builder::testing {

// The example binaries with `extension` in build/examples/`folder`.
inline std::vector<std::filesystem::path> example_files(const std::string& extension,
                                                        const std::string& folder = "") {
  std::vector<std::filesystem::path> files;
  std::filesystem::path dir = std::filesystem::path(TESSERA_BINARY_DIR) / "examples" / folder;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (entry.path().extension() == extension) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The examples the builder generates, with goldens: example_files without
// the ones built from examples/json/, which carry none.
inline std::vector<std::filesystem::path> generated_example_files(const std::string& extension,
                                                                  const std::string& folder = "") {
  std::vector<std::filesystem::path> files = example_files(extension, folder);
  const std::filesystem::path json_dir =
      std::filesystem::path(TESSERA_SOURCE_DIR) / "examples/json";
  std::erase_if(files, [&](const std::filesystem::path& file) {
    return std::filesystem::exists(json_dir / (file.filename().string() + ".json"));
  });
  return files;
}

inline double pcc(const std::vector<double>& a, const std::vector<double>& b) {
  double mean_a = 0, mean_b = 0;
  for (size_t i = 0; i < a.size(); ++i) mean_a += a[i], mean_b += b[i];
  mean_a /= static_cast<double>(a.size());
  mean_b /= static_cast<double>(b.size());
  double cov = 0, var_a = 0, var_b = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    cov += (a[i] - mean_a) * (b[i] - mean_b);
    var_a += (a[i] - mean_a) * (a[i] - mean_a);
    var_b += (b[i] - mean_b) * (b[i] - mean_b);
  }
  if (var_a == 0 && var_b == 0) return a == b ? 1.0 : 0.0;
  return cov / std::sqrt(var_a * var_b);
}

// One golden tensor, whichever layout it came from.
struct GoldenData {
  std::vector<int64_t> shape;
  tt::target::DataType type{};
  std::span<const uint8_t> bytes;
};

struct ProgramGoldenData {
  std::vector<GoldenData> inputs, outputs;
};

using Goldens2024 = flatbuffers::Vector<flatbuffers::Offset<tt::target::GoldenTensor>>;

inline std::vector<GoldenData> goldens_of(const Goldens2024* goldens) {
  std::vector<GoldenData> out;
  for (uint32_t i = 0; goldens && i < goldens->size(); ++i) {
    const tt::target::GoldenTensor& golden = *goldens->Get(i);
    GoldenData data;
    if (golden.shape()) data.shape.assign(golden.shape()->begin(), golden.shape()->end());
    data.type = golden.data_type();
    if (golden.data()) data.bytes = {golden.data()->data(), golden.data()->size()};
    out.push_back(std::move(data));
  }
  return out;
}

// "<prefix>_0", "<prefix>_1", ... from a current-layout golden map, while
// they are there.
inline Result<std::vector<GoldenData>> golden_map_entries(
    const tt::target::current::GoldenInfo* info, const std::string& prefix) {
  std::vector<GoldenData> out;
  if (!info || !info->golden_map()) return out;
  for (uint32_t i = 0;; ++i) {
    const std::string key = prefix + "_" + std::to_string(i);
    const tt::target::current::GoldenKV* found = nullptr;
    for (const auto* entry : *info->golden_map()) {
      if (entry->key() && entry->key()->str() == key) found = entry;
    }
    if (!found) return out;
    if (!found->value() || found->value()->size() != 1 || !found->value()->Get(0)->value()) {
      return make_error(ErrorCode::kInvalidArgument, "golden '", key,
                        "' is not one device's tensor");
    }
    const tt::target::current::GoldenTensor& golden = *found->value()->Get(0)->value();
    GoldenData data;
    if (golden.shape()) data.shape.assign(golden.shape()->begin(), golden.shape()->end());
    TESSERA_ASSIGN_OR_RETURN(data.type, format::data_type_from_current(golden.dtype()));
    if (golden.data()) data.bytes = {golden.data()->data(), golden.data()->size()};
    out.push_back(std::move(data));
  }
}

// Program 0's goldens, from the binary's layout.
inline Result<ProgramGoldenData> program_goldens(const runtime::Binary& binary) {
  const format::Binary& loaded = runtime::format_binary(binary);
  ProgramGoldenData goldens;
  if (const auto* current = loaded.current_metal()) {
    const auto* program = current->programs()->Get(0);
    const auto* info = program->debug_info() ? program->debug_info()->golden_info() : nullptr;
    TESSERA_ASSIGN_OR_RETURN(goldens.inputs, golden_map_entries(info, "input"));
    TESSERA_ASSIGN_OR_RETURN(goldens.outputs, golden_map_entries(info, "output"));
  } else if (const auto* metal = loaded.metal()) {
    goldens.inputs = goldens_of(metal->programs()->Get(0)->golden_inputs());
    goldens.outputs = goldens_of(metal->programs()->Get(0)->golden_outputs());
  } else {
    goldens.inputs = goldens_of(loaded.ttnn()->programs()->Get(0)->golden_inputs());
    goldens.outputs = goldens_of(loaded.ttnn()->programs()->Get(0)->golden_outputs());
  }
  return goldens;
}

// Golden-input tensors of program 0, for `runtime`.
inline Result<std::vector<runtime::Tensor>> golden_inputs(const runtime::Binary& binary,
                                                          const std::vector<GoldenData>& goldens,
                                                          runtime::Runtime kind) {
  TESSERA_ASSIGN_OR_RETURN(auto infos, binary.program_inputs(0));
  if (goldens.size() != infos.size()) {
    return make_error(ErrorCode::kInvalidArgument, "the program has ", infos.size(), " inputs but ",
                      goldens.size(), " golden inputs");
  }
  std::vector<runtime::Tensor> tensors;
  for (uint32_t i = 0; i < infos.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(runtime::Tensor tensor,
                             runtime::Tensor::create_from_bytes(infos[i], goldens[i].bytes, kind));
    tensors.push_back(std::move(tensor));
  }
  return tensors;
}

inline Result<std::vector<runtime::Tensor>> golden_inputs(const runtime::Binary& binary,
                                                          const Goldens2024* goldens,
                                                          runtime::Runtime kind) {
  return golden_inputs(binary, goldens_of(goldens), kind);
}

inline void expect_matches_goldens(const std::vector<runtime::Tensor>& outputs,
                                   const std::vector<GoldenData>& goldens, double atol) {
  ASSERT_EQ(outputs.size(), goldens.size());
  for (uint32_t i = 0; i < outputs.size(); ++i) {
    auto expected = decode_reference_tensor(goldens[i].bytes, goldens[i].shape, goldens[i].type);
    ASSERT_TRUE(expected.ok()) << expected.error().describe();
    auto actual = decode_reference_tensor(outputs[i].bytes(), expected->shape, goldens[i].type);
    ASSERT_TRUE(actual.ok()) << actual.error().describe();
    double worst = 0;
    for (size_t j = 0; j < expected->values.size(); ++j) {
      worst = std::max(worst, std::fabs(expected->values[j] - actual->values[j]));
    }
    EXPECT_GE(pcc(actual->values, expected->values), 0.999) << "output " << i;
    EXPECT_LE(worst, atol) << "output " << i << ": largest absolute error";
  }
}

inline void expect_matches_goldens(const std::vector<runtime::Tensor>& outputs,
                                   const Goldens2024* goldens, double atol) {
  ASSERT_NE(goldens, nullptr);
  expect_matches_goldens(outputs, goldens_of(goldens), atol);
}

}  // namespace tessera::builder::testing
