// Embedding tessera: load an eltwise-add binary, run program 0 on a simulated
// device and check its output against the sum computed here.
// Usage: embed_example BINARY [--isolated]
#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "tessera/runtime/binary.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"
#include "tessera/runtime/tensor.h"

namespace rt = tessera::runtime;

static int fail(const tessera::Error& error) {
  std::fprintf(stderr, "embed_example: %s\n", error.describe().c_str());
  return 1;
}

static std::vector<float> floats(const rt::Tensor& tensor) {
  std::vector<float> values(tensor.bytes().size() / sizeof(float));
  std::memcpy(values.data(), tensor.bytes().data(), values.size() * sizeof(float));
  return values;
}

int main(int argc, char** argv) {
  if (argc < 2) return std::fprintf(stderr, "usage: embed_example BINARY [--isolated]\n"), 2;
  auto binary = rt::Binary::load(argv[1]);
  if (!binary.ok()) return fail(binary.error());
  auto infos = binary->program_inputs(0);
  if (!infos.ok()) return fail(infos.error());
  const auto is_float32 = [](const rt::TensorInfo& info) {
    return info.data_type == rt::DataType::kFloat32;
  };
  if (infos->size() != 2 || !is_float32((*infos)[0]) || !is_float32((*infos)[1]))
    return std::fprintf(stderr, "embed_example: expects a + b of two float32 tensors\n"), 1;
  std::vector<rt::Tensor> inputs;
  for (size_t i = 0; i < 2; ++i) {  // input i holds k * (i + 1) / 8
    auto tensor = rt::Tensor::create_owned((*infos)[i], binary->runtime());
    if (!tensor.ok()) return fail(tensor.error());
    std::vector<float> values(tensor->bytes().size() / sizeof(float));
    for (size_t k = 0; k < values.size(); ++k) values[k] = float(k % 64) * float(i + 1) / 8;
    std::memcpy(tensor->mutable_bytes().data(), values.data(), tensor->bytes().size());
    inputs.push_back(*tensor);
  }
  rt::DeviceOptions options;
  if (argc > 2 && std::string_view(argv[2]) == "--isolated")
    options.isolation = rt::DeviceIsolation::kIsolated;
  auto device = rt::open_device(options);
  if (!device.ok()) return fail(device.error());
  auto result = rt::submit(*device, *binary, 0, inputs);
  if (!result.ok()) return fail(result.error());
  if (auto waited = rt::wait(result->event, binary->runtime()); !waited.ok())
    return fail(waited.error());
  if (result->outputs.size() != 1)
    return std::fprintf(stderr, "embed_example: not one output\n"), 1;
  std::vector<float> a = floats(inputs[0]), b = floats(inputs[1]);
  std::vector<float> sum = floats(result->outputs[0]);
  if (sum.size() != a.size()) return std::fprintf(stderr, "embed_example: output size\n"), 1;
  for (size_t k = 0; k < sum.size(); ++k) {
    if (sum[k] != a[k] + b[k]) {
      std::fprintf(stderr, "embed_example: output %zu is %g, expected %g\n", k, sum[k],
                   a[k] + b[k]);
      return 1;
    }
  }
  if (auto closed = rt::close_device(*device); !closed.ok()) return fail(closed.error());
  std::printf("%s: %zu values of a + b match\n", binary->name().c_str(), sum.size());
  return 0;
}
