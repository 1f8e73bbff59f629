// Test helper: TTM0 binaries with golden inputs and outputs, made from the
// example eltwise multiply (out = lhs * rhs on 32x32 Float32 tensors).
#pragma once

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "example_binaries.h"

namespace tessera::testing {

inline std::vector<float> multiply_lhs() {
  std::vector<float> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = 0.25f * static_cast<float>(i % 29) - 3.0f;
  return values;
}

inline std::vector<float> multiply_rhs() {
  std::vector<float> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = -0.5f * static_cast<float>(i % 31) + 7.0f;
  return values;
}

// A GoldenTensor table as the JSON form of the schema spells it.
inline nlohmann::json golden_json(const std::string& name, const std::vector<float>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return {{"name", name},
          {"shape", {32, 32}},
          {"stride", {32, 1}},
          {"data_type", "Float32"},
          {"data", bytes}};
}

// The eltwise multiply example, with goldens unless `with_goldens` is false.
// `output_scale` multiplies the golden output: anything but 1 makes a
// deliberately wrong golden.
inline std::vector<uint8_t> multiply_binary(bool with_goldens = true, float output_scale = 1.0f) {
  nlohmann::json root = nlohmann::json::parse(example_json("eltwise_multiply.ttm.json"));
  if (with_goldens) {
    std::vector<float> lhs = multiply_lhs(), rhs = multiply_rhs(), out(1024);
    for (size_t i = 0; i < out.size(); ++i) {
      out[i] = lhs[i] * rhs[i] * output_scale;
    }
    nlohmann::json& program = root["programs"][0];
    program["golden_inputs"] = {golden_json("lhs", lhs), golden_json("rhs", rhs)};
    program["golden_outputs"] = {golden_json("out", out)};
  }
  auto bytes = format::json_to_binary(root.dump(), format::BinaryKind::kMetal);
  if (!bytes.ok()) throw std::runtime_error(bytes.error().describe());
  return std::move(bytes).value();
}

// The eltwise multiply with one kernel reading an address no buffer covers:
// it loads, then fails while running.
inline std::vector<uint8_t> failing_multiply_binary() {
  std::string json = example_json("eltwise_multiply.ttm.json");
  std::string from = "constexpr uint32_t lhs_address = 0x40000;";
  size_t at = json.find(from);
  if (at == std::string::npos) throw std::runtime_error("example kernel changed");
  json.replace(at, from.size(), "constexpr uint32_t lhs_address = 0x90000;");
  auto bytes = format::json_to_binary(json, format::BinaryKind::kMetal);
  if (!bytes.ok()) throw std::runtime_error(bytes.error().describe());
  return std::move(bytes).value();
}

}  // namespace tessera::testing
