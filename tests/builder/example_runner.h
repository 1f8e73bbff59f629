// Runs an example binary with its golden inputs and compares every output
// with its golden output (PCC and absolute tolerance).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "tessera/builder/tensor_bytes.h"
#include "tessera/runtime/submit.h"

namespace tessera::builder::testing {

inline std::vector<std::filesystem::path> example_files(const std::string& extension) {
  std::vector<std::filesystem::path> files;
  std::filesystem::path dir = std::filesystem::path(TESSERA_BINARY_DIR) / "examples";
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (entry.path().extension() == extension) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
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

// Golden-input tensors of program 0, for `runtime`.
inline Result<std::vector<runtime::Tensor>> golden_inputs(
    const runtime::Binary& binary,
    const flatbuffers::Vector<flatbuffers::Offset<tt::target::GoldenTensor>>* goldens,
    runtime::Runtime kind) {
  TESSERA_ASSIGN_OR_RETURN(auto infos, binary.program_inputs(0));
  if (!goldens || goldens->size() != infos.size()) {
    return make_error(ErrorCode::kInvalidArgument, "the program has ", infos.size(), " inputs but ",
                      goldens ? goldens->size() : 0, " golden inputs");
  }
  std::vector<runtime::Tensor> tensors;
  for (uint32_t i = 0; i < infos.size(); ++i) {
    const auto* data = goldens->Get(i)->data();
    TESSERA_ASSIGN_OR_RETURN(
        runtime::Tensor tensor,
        runtime::Tensor::create_from_bytes(infos[i], {data->data(), data->size()}, kind));
    tensors.push_back(std::move(tensor));
  }
  return tensors;
}

inline void expect_matches_goldens(
    const std::vector<runtime::Tensor>& outputs,
    const flatbuffers::Vector<flatbuffers::Offset<tt::target::GoldenTensor>>* goldens,
    double atol) {
  ASSERT_NE(goldens, nullptr);
  ASSERT_EQ(outputs.size(), goldens->size());
  for (uint32_t i = 0; i < outputs.size(); ++i) {
    auto expected = decode_golden(*goldens->Get(i));
    ASSERT_TRUE(expected.ok()) << expected.error().describe();
    auto actual =
        decode_reference_tensor(outputs[i].bytes(), expected->shape, goldens->Get(i)->data_type());
    ASSERT_TRUE(actual.ok()) << actual.error().describe();
    double worst = 0;
    for (size_t j = 0; j < expected->values.size(); ++j) {
      worst = std::max(worst, std::fabs(expected->values[j] - actual->values[j]));
    }
    EXPECT_GE(pcc(actual->values, expected->values), 0.999) << "output " << i;
    EXPECT_LE(worst, atol) << "output " << i << ": largest absolute error";
  }
}

}  // namespace tessera::builder::testing
