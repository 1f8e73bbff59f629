// End-to-end: `--per-op-golden` on the example MLP with its Relu swapped for
// a Sigmoid. The program misses its golden; every op is right both on its own
// inputs and along the chain from the program's inputs, so the report says
// the binary's own ops do not compute its golden, instead of only "every op
// matched". Each op entry carries both comparisons and its debug string.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "tessera/format/json.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;
namespace fs = std::filesystem;

std::vector<uint8_t> mlp_with_sigmoid() {
  const fs::path path = fs::path(TESSERA_BINARY_DIR) / "examples" / "mlp.ttnn";
  auto binary = format::Binary::load_file(path.string());
  if (!binary.ok()) return {};
  auto json = format::binary_to_json(*binary);
  if (!json.ok()) return {};
  const std::string from = "\"Relu\"";
  std::string text = *json;
  const size_t at = text.find(from);
  if (at == std::string::npos) return {};
  text.replace(at, from.size(), "\"Sigmoid\"");
  auto bytes = format::json_to_binary(text, format::BinaryKind::kTtnn);
  return bytes.ok() ? std::move(bytes).value() : std::vector<uint8_t>{};
}

TEST(RunPerOpChainTest, AWrongOpInTheBinaryIsToldApartFromAWrongDevice) {
  const std::vector<uint8_t> bytes = mlp_with_sigmoid();
  ASSERT_FALSE(bytes.empty()) << "the example MLP has no Relu to swap";
  TempDir dir;
  write_bytes(dir / "mlp_sigmoid.ttnn", bytes);
  CliResult result = run_cli({"run", "mlp_sigmoid.ttnn", "--per-op-golden"}, dir.path());
  EXPECT_EQ(result.exit_code, 42) << result.out << result.err;
  const Json report = Json::parse(read_text_file(dir / "run_results.json"));
  const Json& entry = report["results"][0];
  EXPECT_THAT(entry["message"].get<std::string>(),
              HasSubstr("every op matches the reference along the chain"));
  ASSERT_TRUE(entry.contains("ops")) << entry.dump(2);
  EXPECT_FALSE(entry.contains("first_chained_divergence"));
  bool saw_sigmoid = false;
  for (const Json& op : entry["ops"]) {
    EXPECT_TRUE(op["passed"]) << op.dump();
    ASSERT_TRUE(op["chained"].is_object()) << op.dump();
    EXPECT_TRUE(op["chained"]["passed"]) << op.dump();
    EXPECT_TRUE(op["debug_info"].is_string());
    EXPECT_TRUE(op["location"].is_string());
    saw_sigmoid = saw_sigmoid || op["op"].get<std::string>().find("Sigmoid") != std::string::npos;
  }
  EXPECT_TRUE(saw_sigmoid) << entry["ops"].dump(2);
}

}  // namespace
}  // namespace tessera::testing
