#include "tessera/format/target_fit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/example_binaries.h"
#include "system_desc_generated.h"
#include "tessera/format/binary.h"

namespace tessera::format {
namespace {

using Json = nlohmann::json;

// The example wormhole_b0 system descriptor with one chip field changed.
Binary system_with(const std::string& field, Json value) {
  Json root = Json::parse(testing::example_json("system_desc_wormhole_b0.json"));
  if (!field.empty()) root["system_desc"]["chip_descs"][0][field] = std::move(value);
  auto bytes = json_to_binary(root.dump(), BinaryKind::kSystemDesc);
  EXPECT_TRUE(bytes.ok());
  auto binary = Binary::load_memory(*bytes);
  EXPECT_TRUE(binary.ok());
  return std::move(binary).value();
}

const FitCheck* find_check(const std::vector<FitCheck>& checks, const std::string& name) {
  for (const FitCheck& check : checks) {
    if (check.name == name) return &check;
  }
  return nullptr;
}

TEST(TargetFitTest, IdenticalSystemsFit) {
  Binary target = system_with("", nullptr);
  auto checks = check_target_fit(target.system_desc(), *target.system_desc());
  EXPECT_TRUE(all_fit(checks));
  EXPECT_GE(checks.size(), 10u);
}

TEST(TargetFitTest, OtherArchDoesNotFit) {
  Binary target = system_with("", nullptr);
  Binary binary = system_with("arch", "Blackhole");
  auto checks = check_target_fit(binary.system_desc(), *target.system_desc());
  EXPECT_FALSE(all_fit(checks));
  const FitCheck* arch = find_check(checks, "chip 0 arch");
  ASSERT_NE(arch, nullptr);
  EXPECT_FALSE(arch->ok);
  EXPECT_EQ(arch->detail, "binary Blackhole, target Wormhole_b0");
}

TEST(TargetFitTest, LargerGridDoesNotFit) {
  Binary target = system_with("", nullptr);
  Binary binary = system_with("grid_size", Json{{"y", 10}, {"x", 8}});
  const auto checks = check_target_fit(binary.system_desc(), *target.system_desc());
  ASSERT_NE(find_check(checks, "chip 0 grid"), nullptr);
  EXPECT_FALSE(find_check(checks, "chip 0 grid")->ok);
  EXPECT_EQ(find_check(checks, "chip 0 grid")->detail, "binary grid 10x8, target grid 8x8");
  // A smaller grid fits.
  Binary small = system_with("grid_size", Json{{"y", 2}, {"x", 2}});
  EXPECT_TRUE(all_fit(check_target_fit(small.system_desc(), *target.system_desc())));
}

TEST(TargetFitTest, MemoryAlignmentAndBases) {
  Binary target = system_with("", nullptr);
  auto failing = [&](const std::string& field, Json value, const std::string& check) {
    Binary binary = system_with(field, std::move(value));
    const auto checks = check_target_fit(binary.system_desc(), *target.system_desc());
    const FitCheck* found = find_check(checks, check);
    return found && !found->ok;
  };
  EXPECT_TRUE(failing("l1_size", 2'000'000, "chip 0 l1_size"));
  EXPECT_TRUE(failing("num_dram_channels", 16, "chip 0 dram_channels"));
  EXPECT_TRUE(failing("noc_l1_address_align_bytes", 8, "chip 0 l1_alignment"));
  EXPECT_TRUE(failing("l1_unreserved_base", 4096, "chip 0 l1_unreserved_base"));
  // Coarser alignment and a higher base are compatible.
  EXPECT_FALSE(failing("noc_l1_address_align_bytes", 64, "chip 0 l1_alignment"));
  EXPECT_FALSE(failing("l1_unreserved_base", 200000, "chip 0 l1_unreserved_base"));
}

TEST(TargetFitTest, BinaryWithoutSystemDescFitsAnything) {
  Binary target = system_with("", nullptr);
  auto checks = check_target_fit(nullptr, *target.system_desc());
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_TRUE(checks[0].ok);
}

}  // namespace
}  // namespace tessera::format
