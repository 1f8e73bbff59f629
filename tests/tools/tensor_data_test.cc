// Units of the tensor data fields `read` summarises and `build` fills from
// .npy files.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "../support/example_binaries.h"
#include "run/npy_writer.h"
#include "tensor_data_npy.h"
#include "tensor_data_summary.h"
#include "tessera/format/generated.h"

namespace tessera::tools {
namespace {

using ::testing::HasSubstr;

std::vector<uint8_t> float_bytes(const std::vector<float>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

// A TTM0-shaped root: one golden input and one tensor with constant data.
Json root_with(Json golden_data, Json constant_data) {
  Json tensor_ref = {{"global_id", 1},
                     {"desc",
                      {{"shape", {2, 2}},
                       {"layout", {{"memory_desc", {{"data_type", "UInt8"}}}}},
                       {"constant_data", std::move(constant_data)}}}};
  Json golden = {{"name", "in"}, {"shape", {3}}, {"data", std::move(golden_data)}};
  return {{"programs", {{{"inputs", {tensor_ref}}, {"golden_inputs", {golden}}}}}};
}

std::vector<std::string> visited(Json& root) {
  std::vector<std::string> where;
  for_each_tensor_data(root,
                       [&](const TensorDataField& field) { where.push_back(field.data_where()); });
  return where;
}

TEST(TensorDataFields, FindsGoldenAndConstantDataWithTheirPaths) {
  Json root = root_with(Json::array({1, 2}), Json::array({3, 4}));
  EXPECT_THAT(visited(root), ::testing::ElementsAre("programs[0].inputs[0].desc.constant_data",
                                                    "programs[0].golden_inputs[0].data"));
  EXPECT_EQ(parse_data_type(nullptr), tt::target::DataType::Float32);
  const Json name = "BFloat16", number = 9, unknown = "Float64";
  EXPECT_EQ(parse_data_type(&name), tt::target::DataType::BFloat16);
  EXPECT_EQ(parse_data_type(&number), tt::target::DataType::UInt32);
  EXPECT_EQ(parse_data_type(&unknown), std::nullopt);
}

TEST(TensorDataSummary, SmallTensorsShowEveryValueAndOddValuesStayJson) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  Json root = root_with(float_bytes({0.1f, nan, -inf}), Json::array({7, 8, 9, 10}));
  summarise_tensor_data(root);
  const Json& golden = root["programs"][0]["golden_inputs"][0]["data"];
  EXPECT_EQ(golden["data_type"], "Float32");
  EXPECT_EQ(golden["elements"], 3);
  // 0.1f prints as the float it is, not as its double expansion.
  EXPECT_EQ(golden["values"], Json({0.1, "nan", "-inf"}));
  EXPECT_FALSE(golden.contains("first"));

  const Json& constant = root["programs"][0]["inputs"][0]["desc"]["constant_data"];
  EXPECT_EQ(constant["data_type"], "UInt8");
  EXPECT_EQ(constant["shape"], Json({2, 2}));
  EXPECT_EQ(constant["values"], Json({7, 8, 9, 10}));
  EXPECT_THAT(constant["order"].get<std::string>(), HasSubstr("page order"));
}

TEST(TensorDataSummary, BlockFloatsAreCountedAndHashedNotDecoded) {
  Json root = root_with(Json::array({1, 2, 3, 4}), Json::array());
  root["programs"][0]["golden_inputs"][0]["data_type"] = "BFP_BFloat8";
  summarise_tensor_data(root);
  const Json& golden = root["programs"][0]["golden_inputs"][0]["data"];
  EXPECT_EQ(golden["bytes"], 4);
  EXPECT_THAT(golden["values"].get<std::string>(), HasSubstr("not decoded"));
  EXPECT_EQ(golden["fnv1a64"].get<std::string>().size(), 16u);

  // Float32 data whose length is no whole number of elements.
  Json ragged = root_with(Json::array({1, 2, 3}), Json::array());
  summarise_tensor_data(ragged);
  EXPECT_THAT(ragged["programs"][0]["golden_inputs"][0]["data"]["values"].get<std::string>(),
              HasSubstr("3 bytes are not a whole number of 4-byte elements"));
}

TEST(TensorDataSummary, LargeTensorsShowTheirEnds) {
  std::vector<float> values(1000);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i) * 0.5f;
  Json root = root_with(float_bytes(values), Json::array());
  summarise_tensor_data(root);
  const Json& golden = root["programs"][0]["golden_inputs"][0]["data"];
  EXPECT_EQ(golden["elements"], 1000);
  EXPECT_EQ(golden["first"], Json({0.0, 0.5, 1.0, 1.5}));
  EXPECT_EQ(golden["last"], Json({498.0, 498.5, 499.0, 499.5}));
}

TEST(TensorDataNpy, RowMajorConstantsComeFromNpyTiledOnesStayBytes) {
  testing::TempDir dir;
  const std::vector<uint8_t> values = {7, 8, 9, 10};
  const std::vector<int64_t> shape = {2, 2};
  ASSERT_TRUE(
      run::write_npy((dir / "c.npy").string(), tt::target::DataType::UInt8, shape, values).ok());
  Json row_major = root_with(Json::array({1}), Json{{"npy", "c.npy"}});
  Status loaded = load_tensor_data(row_major, dir.path());
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(row_major["programs"][0]["inputs"][0]["desc"]["constant_data"], Json({7, 8, 9, 10}));

  Json tiled = root_with(Json::array({1}), Json{{"npy", "c.npy"}});
  tiled["programs"][0]["inputs"][0]["desc"]["layout"]["memory_desc"]["tile_shape"] = {{"y", 32},
                                                                                      {"x", 32}};
  Status constant = load_tensor_data(tiled, dir.path());
  ASSERT_FALSE(constant.ok());
  EXPECT_THAT(constant.error().describe(),
              HasSubstr("programs[0].inputs[0].desc.constant_data: .npy data is taken for "
                        "row-major constants"));

  Json summarised = root_with(Json::array({1, 2, 3}), Json::array({1, 2, 3, 4}));
  summarise_tensor_data(summarised);
  Status refused = load_tensor_data(summarised, ".");
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.error().describe(),
              HasSubstr("programs[0].inputs[0].desc.constant_data is a summary"));
}

TEST(TensorDataNpy, FillsShapeAndTypeFromTheFile) {
  testing::TempDir dir;
  testing::write_bytes(dir / "u16.npy", run::npy_file("<u2", std::vector<int64_t>{3},
                                                      std::vector<uint8_t>{1, 0, 2, 0, 3, 0}));
  Json root = root_with(Json{{"npy", "u16.npy"}}, Json::array({1, 2, 3, 4}));
  root["programs"][0]["golden_inputs"][0].erase("shape");
  ASSERT_TRUE(load_tensor_data(root, dir.path()).ok());
  const Json& golden = root["programs"][0]["golden_inputs"][0];
  EXPECT_EQ(golden["data_type"], "UInt16");
  EXPECT_EQ(golden["shape"], Json({3}));
  EXPECT_EQ(golden["data"], Json({1, 0, 2, 0, 3, 0}));
}

// The current layout's tensor data: GoldenTensors in the golden map (type
// under `dtype`), HostAllocCommand data (typed by its dst buffer) and a
// DynamicLib's raw_file (bytes only).
Json current_root() {
  Json golden = {{"name", "output_0"}, {"shape", {2}}, {"dtype", "UInt16"}, {"data", {1, 0, 2, 0}}};
  Json host_alloc = {
      {"type_type", "HostAllocCommand"},
      {"type",
       {{"dst", {{"global_id", 1}, {"desc", {{"shape", {3}}, {"data_type", "UInt8"}}}}},
        {"data", {7, 8, 9}}}}};
  return {{"programs",
           {{{"device_programs", {{{"command_queues", {{{"commands", {host_alloc}}}}}}}},
             {"debug_info",
              {{"golden_info",
                {{"golden_map", {{{"key", "output_0"}, {"value", {{{"value", golden}}}}}}}}}}}}}},
          {"dylibs", {{{"raw_file", {0x7f, 'E', 'L', 'F'}}}}}};
}

TEST(TensorDataFields, FindsTheCurrentLayoutsDataWithTheirTypes) {
  Json root = current_root();
  std::vector<std::string> types;
  std::vector<std::string> where;
  for_each_tensor_data(root, [&](const TensorDataField& field) {
    where.push_back(field.data_where());
    types.push_back(field.data_type() ? field.data_type()->dump() : "none");
  });
  EXPECT_THAT(where, ::testing::ElementsAre(
                         "programs[0].device_programs[0].command_queues[0].commands[0].type.data",
                         "programs[0].debug_info.golden_info.golden_map[0].value[0].value.data",
                         "dylibs[0].raw_file"));
  EXPECT_THAT(types, ::testing::ElementsAre("\"UInt8\"", "\"UInt16\"", "none"));

  summarise_tensor_data(root);
  const Json& golden = root["programs"][0]["debug_info"]["golden_info"]["golden_map"][0]["value"][0]
                           ["value"]["data"];
  EXPECT_EQ(golden["data_type"], "UInt16");
  EXPECT_EQ(golden["values"], Json({1, 2}));
  const Json& host =
      root["programs"][0]["device_programs"][0]["command_queues"][0]["commands"][0]["type"]["data"];
  EXPECT_EQ(host["shape"], Json({3}));
  EXPECT_EQ(host["values"], Json({7, 8, 9}));
  const Json& raw = root["dylibs"][0]["raw_file"];
  EXPECT_EQ(raw["bytes"], 4);
  EXPECT_FALSE(raw.contains("data_type"));
  EXPECT_FALSE(raw.contains("values"));
}

TEST(TensorDataFields, TypesTesseraHasNoValueForAreNamedNotDecoded) {
  Json root = current_root();
  root["programs"][0]["debug_info"]["golden_info"]["golden_map"][0]["value"][0]["value"]["dtype"] =
      "Float64";
  summarise_tensor_data(root);
  const Json& golden = root["programs"][0]["debug_info"]["golden_info"]["golden_map"][0]["value"][0]
                           ["value"]["data"];
  EXPECT_EQ(golden["data_type"], "Float64");
  EXPECT_FALSE(golden.contains("values"));
  EXPECT_EQ(golden["bytes"], 4);
}

TEST(TensorDataNpy, HostDataAndSharedObjectsTakeBytesOnly) {
  testing::TempDir dir;
  testing::write_bytes(
      dir / "c.npy", run::npy_file("|u1", std::vector<int64_t>{3}, std::vector<uint8_t>{7, 8, 9}));
  Json root = current_root();
  root["programs"][0]["device_programs"][0]["command_queues"][0]["commands"][0]["type"]["data"] = {
      {"npy", "c.npy"}};
  Status host = load_tensor_data(root, dir.path());
  ASSERT_FALSE(host.ok());
  EXPECT_THAT(host.error().describe(),
              HasSubstr("commands[0].type.data: .npy files are taken for golden tensors and "
                        "constants; give host data's bytes as a byte array"));
  // A current golden from .npy gets its dtype from the file.
  Json golden_root = current_root();
  Json& golden =
      golden_root["programs"][0]["debug_info"]["golden_info"]["golden_map"][0]["value"][0]["value"];
  golden.erase("dtype");
  golden.erase("shape");
  golden["data"] = {{"npy", "c.npy"}};
  Status loaded = load_tensor_data(golden_root, dir.path());
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(golden["dtype"], "UInt8");
  EXPECT_FALSE(golden.contains("data_type"));
  EXPECT_EQ(golden["shape"], Json({3}));
  EXPECT_EQ(golden["data"], Json({7, 8, 9}));
}

}  // namespace
}  // namespace tessera::tools
