// The conformance corpus: TTM0 binaries written to the 2024 compiler's
// runtime conventions (program inputs and outputs are device TensorRefs the
// runtime creates, fills and reads back; CBs alias whole tensors), with
// seeded inputs and numpy results. Each case is built from its JSON, run
// with its inputs and compared with its expected outputs, with the
// tolerance the corpus README states.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "../support/example_binaries.h"
#include "run/npy_reader.h"
#include "tessera/format/json.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

namespace fs = std::filesystem;

fs::path corpus_dir() {
  return fs::path(TESSERA_CONFORMANCE_DIR);
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(corpus_dir(), error)) {
    if (entry.is_directory() &&
        fs::exists(entry.path() / (entry.path().filename().string() + ".ttm.json"))) {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<float> floats_of(std::span<const uint8_t> bytes) {
  std::vector<float> values(bytes.size() / sizeof(float));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
  return values;
}

double pcc(const std::vector<float>& a, const std::vector<float>& b) {
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
  if (var_a == 0 || var_b == 0) return a == b ? 1.0 : 0.0;
  return cov / std::sqrt(var_a * var_b);
}

// Numbered files inputs/input_<i>.npy or expected/output_<i>.npy.
std::vector<tools::run::NpyArray> numbered_arrays(const fs::path& dir, const std::string& stem) {
  std::vector<tools::run::NpyArray> arrays;
  for (int i = 0;; ++i) {
    fs::path path = dir / (stem + "_" + std::to_string(i) + ".npy");
    if (!fs::exists(path)) break;
    auto array = tools::run::read_npy(path.string());
    if (!array.ok()) {
      ADD_FAILURE() << array.error().describe();
      break;
    }
    arrays.push_back(std::move(array).value());
  }
  return arrays;
}

// Options of a device `id` with `isolation`.
DeviceOptions options_for(DeviceIsolation isolation, uint32_t id = 0) {
  DeviceOptions options;
  options.device_ids = {id};
  options.isolation = isolation;
  return options;
}

// Each case runs on both devices: in-process and isolated (kernels in a
// sandboxed device process), which must agree with the corpus alike.
using CaseAndIsolation = std::tuple<std::string, DeviceIsolation>;

class ConformanceTest : public ::testing::TestWithParam<CaseAndIsolation> {
 protected:
  static void SetUpTestSuite() {
    for (auto isolation : {DeviceIsolation::kInProcess, DeviceIsolation::kIsolated}) {
      if (isolation == DeviceIsolation::kIsolated &&
          !isolated_devices_unavailable_reason().empty()) {
        continue;
      }
      auto opened = open_device(options_for(isolation, static_cast<uint32_t>(isolation)));
      ASSERT_TRUE(opened.ok()) << opened.error().describe();
      devices_[static_cast<int>(isolation)] = new Device(*opened);
    }
  }
  static void TearDownTestSuite() {
    for (Device*& device : devices_) {
      if (!device) continue;
      auto closed = close_device(*device);
      EXPECT_TRUE(closed.ok() && closed->empty()) << "buffers left live at close";
      delete device;
      device = nullptr;
    }
  }
  void SetUp() override {
    device_ = devices_[static_cast<int>(std::get<1>(GetParam()))];
    if (!device_) GTEST_SKIP() << isolated_devices_unavailable_reason();
  }

  Result<Binary> load_case(const std::string& name) {
    fs::path json = corpus_dir() / name / (name + ".ttm.json");
    TESSERA_ASSIGN_OR_RETURN(
        auto bytes,
        format::json_to_binary(testing::read_text_file(json), format::BinaryKind::kMetal,
                               format::SchemaHashStamp::kLeaveAsIs));
    return Binary::load_memory(bytes, name + ".ttm");
  }

  static Device* devices_[2];
  Device* device_ = nullptr;
};
Device* ConformanceTest::devices_[2] = {};

TEST_P(ConformanceTest, MatchesTheExpectedOutputs) {
  const std::string name = std::get<0>(GetParam());
  auto binary = load_case(name);
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto infos = binary->program_inputs(0);
  ASSERT_TRUE(infos.ok()) << infos.error().describe();
  auto arrays = numbered_arrays(corpus_dir() / name / "inputs", "input");
  ASSERT_EQ(arrays.size(), infos->size()) << "one .npy per program input";
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < arrays.size(); ++i) {
    ASSERT_EQ(arrays[i].descr, "<f4") << "input " << i;
    ASSERT_EQ(arrays[i].shape, (*infos)[i].shape) << "input " << i;
    auto tensor = Tensor::create_from_bytes((*infos)[i], arrays[i].data, Runtime::kTtmetal);
    ASSERT_TRUE(tensor.ok()) << tensor.error().describe();
    inputs.push_back(*tensor);
  }
  auto result = submit(*device_, *binary, 0, inputs);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  ASSERT_TRUE(wait(result->event, Runtime::kTtmetal).ok());
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  auto expected = numbered_arrays(corpus_dir() / name / "expected", "output");
  ASSERT_EQ(result->outputs.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    std::vector<float> want = floats_of(expected[i].data);
    std::vector<float> got = floats_of(result->outputs[i].bytes());
    ASSERT_EQ(got.size(), want.size()) << "output " << i;
    double worst = 0, largest = 0;
    for (size_t j = 0; j < want.size(); ++j) {
      worst = std::max(worst, std::fabs(static_cast<double>(got[j]) - want[j]));
      largest = std::max(largest, std::fabs(static_cast<double>(want[j])));
    }
    EXPECT_GE(pcc(got, want), 0.9999) << "output " << i;
    EXPECT_LE(worst, 1e-3 + 1e-2 * largest) << "output " << i;
  }
  auto chip = metal_device(*device_, 0);
  ASSERT_TRUE(chip.ok());
  EXPECT_TRUE((*chip)->chip()->buffers().live_buffers().empty()) << "buffers left live";
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, ConformanceTest,
    ::testing::Combine(::testing::ValuesIn(case_names()),
                       ::testing::Values(DeviceIsolation::kInProcess, DeviceIsolation::kIsolated)),
    [](const auto& info) {
      return std::get<0>(info.param) +
             (std::get<1>(info.param) == DeviceIsolation::kIsolated ? "_isolated" : "_inproc");
    });

TEST(ConformanceCorpusTest, HasTheCasesItsReadmeLists) {
  // Guards against an empty or misplaced corpus making the suite above vacuous.
  std::vector<std::string> names = case_names();
  for (const char* name : {"add_l1", "relu_square", "scatter_2x2"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
}

}  // namespace
}  // namespace tessera::runtime
