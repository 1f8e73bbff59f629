// Test support for the TTNN executor: a device fixture and a runner that puts
// host f32 inputs where a placement says, runs one op there and brings the
// result back to host f32, plus float64 checks.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "../support/ttnn_program_writer.h"
#include "tessera/runtime/internal/wire_types.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime::testing {

using tessera::testing::TtnnProgramWriter;
using tessera::testing::TtnnTensor;
using tt::target::DataType;
using tt::target::MemorySpace;
namespace fbn = ::tt::target::ttnn;

// Where an op's operands and result live.
struct OpPlacement {
  MemorySpace space;
  bool tiled;
  DataType type;
  const char* name;
};

inline const std::vector<OpPlacement>& op_placements() {
  static const std::vector<OpPlacement> placements = {
      {MemorySpace::DeviceDRAM, false, DataType::Float32, "dram_row_major_f32"},
      {MemorySpace::DeviceDRAM, true, DataType::BFloat16, "dram_tile_bf16"},
      {MemorySpace::DeviceL1, true, DataType::Float32, "l1_tile_f32"},
      {MemorySpace::DeviceL1, false, DataType::BFloat16, "l1_row_major_bf16"},
  };
  return placements;
}

inline float round_to_bfloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if (std::isnan(value)) return value;
  bits += 0x7FFF + ((bits >> 16) & 1);
  bits &= 0xFFFF0000u;
  std::memcpy(&value, &bits, 4);
  return value;
}

inline std::vector<float> random_values(size_t n, uint32_t seed, float lo = -1.0f,
                                        float hi = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> values(n);
  for (float& v : values) v = dist(rng);
  return values;
}

inline double pcc(const std::vector<float>& actual, const std::vector<double>& expected) {
  const size_t n = actual.size();
  double ma = 0, me = 0;
  for (size_t i = 0; i < n; ++i) ma += actual[i], me += expected[i];
  ma /= n;
  me /= n;
  double cov = 0, va = 0, ve = 0;
  for (size_t i = 0; i < n; ++i) {
    cov += (actual[i] - ma) * (expected[i] - me);
    va += (actual[i] - ma) * (actual[i] - ma);
    ve += (expected[i] - me) * (expected[i] - me);
  }
  if (va == 0 && ve == 0) return 1.0;
  return cov / std::sqrt(va * ve);
}

// f32: PCC >= 0.99999, |d| <= 1e-5 + 1e-5 |e|. bf16: PCC >= 0.999,
// |d| <= 1e-2 + 2^-7 |e| (one bf16 rounding of the result, plus slack for
// fp32 vs float64 accumulation).
inline void expect_close(const std::vector<float>& actual, const std::vector<double>& expected,
                         DataType type, double extra_atol = 0.0) {
  ASSERT_EQ(actual.size(), expected.size());
  const bool bf16 = type == DataType::BFloat16;
  const double atol = (bf16 ? 1e-2 : 1e-5) + extra_atol;
  const double rtol = bf16 ? 1.0 / 128 : 1e-5;
  for (size_t i = 0; i < actual.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << "at " << i;
      continue;
    }
    ASSERT_LE(std::fabs(actual[i] - expected[i]), atol + rtol * std::fabs(expected[i]))
        << "at " << i << ": got " << actual[i] << ", expected " << expected[i];
  }
  if (actual.size() > 1) {
    EXPECT_GE(pcc(actual, expected), bf16 ? 0.999 : 0.99999);
  }
}

struct HostOperand {
  std::vector<int> shape;
  std::vector<float> values;
  DataType type = DataType::Float32;  // how the host hands it over
};

inline Tensor host_tensor(const HostOperand& operand, uint32_t id) {
  TensorInfo info;
  info.global_id = id;
  info.shape.assign(operand.shape.begin(), operand.shape.end());
  info.data_type = *runtime::from_wire(operand.type);
  std::vector<uint8_t> bytes;
  if (operand.type == DataType::UInt32) {
    info.element_size = 4;
    for (float v : operand.values) {
      uint32_t u = static_cast<uint32_t>(v);
      const auto* p = reinterpret_cast<const uint8_t*>(&u);
      bytes.insert(bytes.end(), p, p + 4);
    }
  } else {
    info.element_size = 4;
    bytes.resize(operand.values.size() * 4);
    std::memcpy(bytes.data(), operand.values.data(), bytes.size());
  }
  info.size_bytes = bytes.size();
  return *Tensor::create_from_bytes(info, bytes, Runtime::kTtnn);
}

inline std::vector<float> floats_of(const Tensor& tensor) {
  std::vector<float> values(tensor.bytes().size() / 4);
  std::memcpy(values.data(), tensor.bytes().data(), values.size() * 4);
  return values;
}

class TtnnTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = open_device(DeviceOptions{});
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device = *opened;
  }
  void TearDown() override {
    auto report = close_device(device);
    ASSERT_TRUE(report.ok());
    EXPECT_TRUE(report->empty()) << report->front();
  }

  Result<SubmitResult> run(const std::vector<uint8_t>& bytes, const std::vector<Tensor>& inputs,
                           const SubmitOptions& options = {}) {
    auto binary = Binary::load_memory(bytes, "test.ttnn");
    if (!binary.ok()) return std::move(binary).error();
    return submit(device, *binary, 0, inputs, options);
  }

  using OpBuilder = std::function<void(TtnnProgramWriter&, const std::vector<TtnnTensor>& ins,
                                       const TtnnTensor& out)>;

  // Host inputs (ids 1..n) move to `placement` (ids 101..), the op writes id
  // 200 there, and id 300 brings it back as host f32. Integer host operands
  // keep their type on the device.
  std::vector<float> run_op(const std::vector<HostOperand>& operands, std::vector<int> out_shape,
                            const OpPlacement& placement, const OpBuilder& op,
                            DataType out_type_override = DataType::Float32) {
    TtnnProgramWriter writer;
    std::vector<TtnnTensor> host_inputs, device_inputs;
    std::vector<Tensor> tensors;
    for (size_t i = 0; i < operands.size(); ++i) {
      const uint32_t id = static_cast<uint32_t>(i + 1);
      TtnnTensor host{id, operands[i].shape, operands[i].type, MemorySpace::System, false};
      const bool integer = operands[i].type == DataType::UInt32;
      TtnnTensor on_device{id + 100, operands[i].shape, integer ? DataType::UInt32 : placement.type,
                           placement.space, integer ? false : placement.tiled};
      writer.to_memory(host, on_device);
      host_inputs.push_back(host);
      device_inputs.push_back(on_device);
      tensors.push_back(host_tensor(operands[i], id));
    }
    DataType out_type = out_type_override == DataType::Float32 ? placement.type : out_type_override;
    TtnnTensor out{200, out_shape, out_type, placement.space, placement.tiled};
    op(writer, device_inputs, out);
    TtnnTensor result{300, out_shape, DataType::Float32, MemorySpace::System, false};
    writer.to_memory(out, result);
    auto submitted = run(writer.build(host_inputs, {result}), tensors);
    EXPECT_TRUE(submitted.ok()) << submitted.error().describe();
    if (!submitted.ok()) return {};
    return floats_of(submitted->outputs.at(0));
  }

  // Inputs as the device sees them: rounded to bf16 when the placement is bf16.
  static std::vector<float> stored(const std::vector<float>& values, const OpPlacement& placement) {
    if (placement.type != DataType::BFloat16) return values;
    std::vector<float> rounded(values);
    for (float& v : rounded) v = round_to_bfloat16(v);
    return rounded;
  }

  Device device;
};

}  // namespace tessera::runtime::testing
