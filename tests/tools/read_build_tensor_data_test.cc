// End-to-end: `tessera read` summarises tensor data unless --full, `build`
// refuses those summaries, and `build` takes golden data from .npy files so
// a binary can be written by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"
#include "run/npy_writer.h"
#include "tessera/base/fnv1a.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using Json = nlohmann::ordered_json;

std::vector<uint8_t> float_bytes(const std::vector<float>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

void write_npy(const fs::path& path, const std::string& descr, std::vector<int64_t> shape,
               const std::vector<uint8_t>& data) {
  write_bytes(path, tools::run::npy_file(descr, shape, data));
}

std::vector<float> multiply_out() {
  std::vector<float> lhs = multiply_lhs(), rhs = multiply_rhs(), out(lhs.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = lhs[i] * rhs[i];
  return out;
}

size_t line_count(const std::string& text) {
  return std::ranges::count(text, '\n');
}

class ReadBuildTensorDataTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_bytes(dir / "golden.ttm", multiply_binary());
    fs::create_directory(dir / "data");
    write_npy(dir / "data/lhs.npy", "<f4", {32, 32}, float_bytes(multiply_lhs()));
    write_npy(dir / "data/rhs.npy", "<f4", {32, 32}, float_bytes(multiply_rhs()));
    write_npy(dir / "data/out.npy", "<f4", {32, 32}, float_bytes(multiply_out()));
  }
  std::string path(const std::string& name) { return (dir / name).string(); }

  // The multiply example, written by hand: golden data named by .npy files.
  Json hand_written() {
    Json root = Json::parse(example_json("eltwise_multiply.ttm.json"));
    Json& program = root["programs"][0];
    program["golden_inputs"] = {{{"name", "lhs"}, {"data", {{"npy", "data/lhs.npy"}}}},
                                {{"name", "rhs"},
                                 {"shape", {32, 32}},
                                 {"data_type", "Float32"},
                                 {"data", {{"npy", "data/rhs.npy"}}}}};
    program["golden_outputs"] = {
        {{"name", "out"}, {"data", {{"npy", (dir / "data/out.npy").string()}}}}};
    return root;
  }
  // Builds `root` written to NAME.json into NAME.ttm.
  CliResult build(const std::string& name, const Json& root) {
    std::ofstream(dir / (name + ".json")) << root.dump(2);
    return run_cli({"build", path(name + ".json"), "-o", path(name + ".ttm")});
  }

  TempDir dir;
};

TEST_F(ReadBuildTensorDataTest, ReadSummarisesTensorDataByDefault) {
  CliResult summary = run_cli({"read", path("golden.ttm")});
  ASSERT_EQ(summary.exit_code, 0) << summary.err;
  CliResult full = run_cli({"read", path("golden.ttm"), "--full"});
  ASSERT_EQ(full.exit_code, 0) << full.err;
  // Three 4 KiB goldens print a line per byte in full; summarised, they add
  // a few dozen lines to the binary's JSON.
  EXPECT_GT(line_count(full.out), 12000u);
  EXPECT_LT(line_count(summary.out), line_count(full.out) - 12000u);

  Json data = Json::parse(summary.out)["programs"][0]["golden_outputs"][0]["data"];
  ASSERT_TRUE(data.is_object()) << data.dump();
  EXPECT_THAT(data["summarised"].get<std::string>(), HasSubstr("read --full"));
  EXPECT_EQ(data["data_type"], "Float32");
  EXPECT_EQ(data["shape"], Json({32, 32}));
  EXPECT_EQ(data["elements"], 1024);
  EXPECT_EQ(data["bytes"], 4096);
  const std::vector<float> out = multiply_out();
  EXPECT_EQ(data["first"], Json({out[0], out[1], out[2], out[3]}));
  EXPECT_EQ(data["last"], Json({out[1020], out[1021], out[1022], out[1023]}));
  EXPECT_EQ(data["fnv1a64"], fnv1a64_hex(float_bytes(out)));

  // Sections that hold goldens are summarised too.
  CliResult programs = run_cli({"read", path("golden.ttm"), "--section", "programs"});
  ASSERT_EQ(programs.exit_code, 0) << programs.err;
  EXPECT_THAT(programs.out, HasSubstr("\"fnv1a64\""));
  EXPECT_LT(line_count(programs.out), line_count(summary.out));
}

TEST_F(ReadBuildTensorDataTest, FullReadBuildReadRoundTrips) {
  CliResult first = run_cli({"read", path("golden.ttm"), "--full"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_THAT(first.out, Not(HasSubstr("summarised")));
  std::ofstream(dir / "full.json") << first.out;
  CliResult rebuilt = run_cli({"build", path("full.json"), "-o", path("rebuilt.ttm")});
  ASSERT_EQ(rebuilt.exit_code, 0) << rebuilt.err;
  CliResult second = run_cli({"read", path("rebuilt.ttm"), "--full"});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(second.out, first.out);
}

TEST_F(ReadBuildTensorDataTest, BuildRefusesSummarisedJson) {
  CliResult read = run_cli({"read", path("golden.ttm")});
  ASSERT_EQ(read.exit_code, 0) << read.err;
  std::ofstream(dir / "summary.json") << read.out;
  CliResult result = run_cli({"build", path("summary.json"), "-o", path("out.ttm")});
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("error: " + path("summary.json") +
                                    ": programs[0].golden_inputs[0].data is a summary that "
                                    "`tessera read` printed, not the data"));
  EXPECT_THAT(result.err, HasSubstr("tessera read --full"));
  EXPECT_FALSE(fs::exists(dir / "out.ttm"));

  CliResult folder = run_cli({"build", path("data"), "-o", path("out.ttm")});
  EXPECT_EQ(folder.exit_code, 1);
  EXPECT_THAT(folder.err, HasSubstr("'" + path("data") + "' is a directory, not a JSON file"));
}

TEST_F(ReadBuildTensorDataTest, BinaryWrittenByHandWithNpyDataPassesItsGolden) {
  CliResult built = build("hand", hand_written());
  ASSERT_EQ(built.exit_code, 0) << built.err;
  // The goldens hold the files' bytes, with shape and type filled from them.
  Json program = Json::parse(run_cli({"read", path("hand.ttm"), "--full"}).out)["programs"][0];
  EXPECT_EQ(program["golden_inputs"][0]["shape"], Json({32, 32}));
  EXPECT_EQ(program["golden_inputs"][0]["data"].size(), 4096u);
  EXPECT_EQ(program["golden_outputs"][0]["data"].get<std::vector<uint8_t>>(),
            float_bytes(multiply_out()));

  CliResult run = run_cli({"run", "hand.ttm"}, dir.path());
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  Json result = Json::parse(read_text_file(dir / "run_results.json"))["results"][0];
  EXPECT_EQ(result["result"], "pass");
  EXPECT_TRUE(result["golden"]);
}

TEST_F(ReadBuildTensorDataTest, BFloat16GoldenTakesFloat32Npy) {
  Json root = hand_written();
  root["programs"][0]["golden_outputs"][0]["data_type"] = "BFloat16";
  ASSERT_EQ(build("bf16", root).exit_code, 0);
  Json data = Json::parse(
      run_cli({"read", path("bf16.ttm")}).out)["programs"][0]["golden_outputs"][0]["data"];
  EXPECT_EQ(data["data_type"], "BFloat16");
  EXPECT_EQ(data["bytes"], 2048);
  EXPECT_EQ(data["first"][0], multiply_out()[0]);  // -21 is exact in bfloat16
}

TEST_F(ReadBuildTensorDataTest, BadNpyDataIsRefusedNamingTheFileAndTheField) {
  write_bytes(dir / "data/not.npy", {'h', 'e', 'l', 'l', 'o'});
  write_npy(dir / "data/u32.npy", "<u4", {32, 32}, std::vector<uint8_t>(4096));
  write_npy(dir / "data/i64.npy", "<i8", {32, 32}, std::vector<uint8_t>(8192));
  write_npy(dir / "data/flat.npy", "<f4", {1024}, float_bytes(multiply_rhs()));
  std::vector<uint8_t> short_file =
      tools::run::npy_file("<f4", std::vector<int64_t>{32, 32}, float_bytes(multiply_rhs()));
  short_file.resize(short_file.size() - 100);
  write_bytes(dir / "data/short.npy", short_file);
  std::vector<uint8_t> fortran =
      tools::run::npy_file("<f4", std::vector<int64_t>{32, 32}, float_bytes(multiply_rhs()));
  const std::string order = "'fortran_order': False";
  auto at = std::search(fortran.begin(), fortran.end(), order.begin(), order.end());
  ASSERT_NE(at, fortran.end());
  std::copy_n("'fortran_order': True ", order.size(), at);
  write_bytes(dir / "data/fortran.npy", fortran);
  const std::string rhs = "programs[0].golden_inputs[1]";
  const std::string lhs = "programs[0].golden_inputs[0]";
  struct Case {
    std::string golden;  // lhs (no shape or type given) or rhs (32x32 Float32 given)
    Json data;
    std::string message;
  };
  const std::vector<Case> cases = {
      {rhs,
       {{"npy", "data/none.npy"}},
       rhs + ".data: " + path("data/none.npy") + ": cannot open the file"},
      {rhs,
       {{"npy", "data/not.npy"}},
       rhs + ".data: " + path("data/not.npy") + ": not a .npy file"},
      {rhs,
       {{"npy", "data/u32.npy"}},
       path("data/u32.npy") + ": " + rhs +
           ".data_type is Float32 (npy dtype '<f4') but the file holds '<u4'"},
      {rhs,
       {{"npy", "data/flat.npy"}},
       path("data/flat.npy") + ": " + rhs + ".shape is 32x32 but the file holds 1024"},
      {lhs,
       {{"npy", "data/i64.npy"}},
       path("data/i64.npy") + ": dtype '<i8' is none a tensor holds"},
      {lhs,
       {{"file", "data/lhs.npy"}},
       lhs + ".data must be a byte array or {\"npy\": \"FILE.npy\"}"},
  };
  for (const Case& c : cases) {
    Json root = hand_written();
    Json& golden = root["programs"][0]["golden_inputs"][c.golden == lhs ? 0 : 1];
    golden["data"] = c.data;
    CliResult result = build("bad", root);
    EXPECT_EQ(result.signal, 0) << c.message;
    EXPECT_EQ(result.exit_code, 1) << c.message;
    EXPECT_THAT(result.err, HasSubstr("error: " + path("bad.json") + ": ")) << c.message;
    EXPECT_THAT(result.err, HasSubstr(c.message));
    EXPECT_FALSE(fs::exists(dir / "bad.ttm")) << c.message;
  }
}

}  // namespace
}  // namespace tessera::testing
