// Fit judged by what a TTM0 binary places: the conformance corpus's add_l1
// (inputs, output and CBs in L1 of core (0,0)) against targets whose
// reserved ranges, sizes and grids differ.
#include "tessera/format/address_fit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/example_binaries.h"
#include "tessera/format/binary.h"
#include "tessera/format/generated.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

Json add_l1_json() {
  return Json::parse(
      testing::read_text_file(std::string(TESSERA_CONFORMANCE_DIR) + "/add_l1/add_l1.ttm.json"));
}

Binary load(const Json& json, BinaryKind kind) {
  auto bytes = json_to_binary(json.dump(), kind);
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes);
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
  return std::move(binary).value();
}

// A system descriptor: the binary's own chip with `field` set to `value`.
Binary target_with(const std::string& field, Json value) {
  Json binary = add_l1_json();
  Json system = {{"version", binary["version"]}, {"system_desc", binary["system_desc"]}};
  if (!field.empty()) system["system_desc"]["chip_descs"][0][field] = std::move(value);
  return load(system, BinaryKind::kSystemDesc);
}

TEST(AddressFitTest, ListsEveryPlacedRangeOnce) {
  Binary binary = load(add_l1_json(), BinaryKind::kMetal);
  std::vector<PlacedRange> ranges = placed_ranges(binary);
  // Three tensors at 0x20000, 0x22000, 0x24000 (8 KiB each) and three CBs
  // aliasing them: six ranges however often the commands name them.
  ASSERT_EQ(ranges.size(), 6u);
  EXPECT_EQ(ranges[0].where, "program 0 'add_l1': input 0 (global id 0)");
  EXPECT_EQ(ranges[0].begin, 0x20000u);
  EXPECT_EQ(ranges[0].end, 0x22000u);
  EXPECT_FALSE(ranges[0].dram);
}

TEST(AddressFitTest, FitsATargetWhoseDescriptorDiffersWhereTheBinaryPlacesNothing) {
  // Compiled for lower reserved bases than the target's: the descriptor
  // comparison rejects it, but every buffer lies above both targets' bases.
  Json json = add_l1_json();
  json["system_desc"]["chip_descs"][0]["l1_unreserved_base"] = 98304;
  json["system_desc"]["chip_descs"][0]["dram_unreserved_base"] = 32;
  Binary binary = load(json, BinaryKind::kMetal);
  Binary target = target_with("", {});
  EXPECT_FALSE(all_fit(check_target_fit(binary.system_desc(), *target.system_desc())));
  FitCheck fit = check_address_fit(binary, *target.system_desc());
  EXPECT_TRUE(fit.ok) << fit.detail;
  EXPECT_THAT(fit.detail, HasSubstr("6 buffer, CB and semaphore ranges"));
}

TEST(AddressFitTest, NamesTheFirstRangeInAReservedRegion) {
  Binary binary = load(add_l1_json(), BinaryKind::kMetal);
  Binary target = target_with("l1_unreserved_base", 0x21000);
  FitCheck fit = check_address_fit(binary, *target.system_desc());
  EXPECT_FALSE(fit.ok);
  EXPECT_EQ(fit.detail,
            "program 0 'add_l1': input 0 (global id 0): L1 [0x20000, 0x22000) on cores "
            "(0,0)-(0,0) hits the reserved range [0x0, 0x21000) below the target's "
            "l1_unreserved_base");
}

TEST(AddressFitTest, NamesARangePastTheEndOfL1AndCoresOutsideTheGrid) {
  Binary binary = load(add_l1_json(), BinaryKind::kMetal);
  FitCheck small = check_address_fit(binary, *target_with("l1_size", 0x23000).system_desc());
  EXPECT_FALSE(small.ok);
  EXPECT_THAT(small.detail, HasSubstr("input 1 (global id 1): L1 [0x22000, 0x24000)"));
  EXPECT_THAT(small.detail, HasSubstr("runs past the end of the target's 143360-byte L1"));

  Json json = add_l1_json();
  json["programs"][0]["outputs"][0]["desc"]["layout"]["core_range_set"][0]["loc"]["x"] = 8;
  FitCheck grid =
      check_address_fit(load(json, BinaryKind::kMetal), *target_with("", {}).system_desc());
  EXPECT_FALSE(grid.ok);
  EXPECT_THAT(grid.detail, HasSubstr("output 0 (global id 2): L1 [0x24000, 0x26000) on cores "
                                     "(0,8)-(0,8) uses cores outside the target's 8x8 grid"));
}

TEST(AddressFitTest, DramRangesArePerBank) {
  Json json = add_l1_json();
  Json& output = json["programs"][0]["outputs"][0];
  output["desc"]["layout"]["memory_desc"]["memory_space"] = "DeviceDRAM";
  output["address"] = 0x100;  // below the DRAM unreserved base
  FitCheck fit =
      check_address_fit(load(json, BinaryKind::kMetal), *target_with("", {}).system_desc());
  EXPECT_FALSE(fit.ok);
  // 8192 bytes in 256-byte rows over 12 banks: 3 rows in the fullest bank.
  EXPECT_THAT(fit.detail, HasSubstr("output 0 (global id 2): DRAM [0x100, 0x400) in each bank hits "
                                    "the reserved range [0x0, 0x1d4c20) below the target's "
                                    "dram_unreserved_base"));
}

TEST(AddressFitTest, OtherKindsPlaceNothing) {
  auto bytes = json_to_binary(testing::example_json("eltwise_add.ttnn.json"), BinaryKind::kTtnn);
  ASSERT_TRUE(bytes.ok());
  auto binary = Binary::load_memory(*bytes);
  ASSERT_TRUE(binary.ok());
  EXPECT_TRUE(placed_ranges(*binary).empty());
  EXPECT_TRUE(check_address_fit(*binary, *target_with("", {}).system_desc()).ok);
}

}  // namespace
}  // namespace tessera::format
