// Fit checks over the current layout: the ranges a current-layout TTM0
// binary places (BufferRefs of CreateBufferCommand, CBs in their buffers'
// L1, global semaphores), system descriptors of either layout read into the
// same facts (Arch renumbered), and the 2024 descriptor rewritten in the
// current layout.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/example_binaries.h"
#include "current_layout_json.h"
#include "tessera/format/address_fit.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/current_system_desc.h"
#include "tessera/format/generated.h"
#include "tessera/format/json.h"
#include "tessera/format/system_facts.h"
#include "tessera/format/target_fit.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::ordered_json;

Binary load(const Json& json, BinaryKind kind, WireLayout layout) {
  auto bytes = json_to_binary(json.dump(), kind, layout);
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "test");
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
  return std::move(binary).value();
}

Binary current_add(const Json& json = testing::current_add_binary_json()) {
  return load(json, BinaryKind::kMetal, WireLayout::kCurrent);
}

// tessera's simulated wormhole_b0 in the 2024 layout.
Binary wormhole_2024() {
  return load(Json::parse(testing::example_json("system_desc_wormhole_b0.json")),
              BinaryKind::kSystemDesc, WireLayout::k2024);
}

// The current-layout descriptor of the test binaries, with one chip field changed.
Binary current_target(const std::string& field = "", Json value = nullptr) {
  Json system = testing::current_wormhole_system_desc();
  if (!field.empty()) system["chip_descs"][0][field] = std::move(value);
  return load({{"version", {{"major", 0}, {"minor", 1}, {"patch", 0}}},
               {"schema_hash", testing::kCompilerSchemaHash},
               {"system_desc", system}},
              BinaryKind::kSystemDesc, WireLayout::kCurrent);
}

SystemFacts facts(const Binary& binary) {
  return *system_facts_of(binary);
}

// The add program's first CreateBufferCommand's buffer, to edit.
Json& first_device_buffer(Json& json) {
  return json["programs"][0]["device_programs"][0]["command_queues"][0]["commands"][0]["type"]
             ["ref"];
}

TEST(CurrentAddressFitTest, ListsBuffersAndTheirCbsOnce) {
  Binary binary = current_add();
  std::vector<PlacedRange> ranges = placed_ranges(binary);
  // Three one-tile L1 buffers on core (0,0) and the three CBs in them over
  // the 8x8 worker grid, however often the commands name them.
  ASSERT_EQ(ranges.size(), 6u);
  EXPECT_EQ(ranges[0].where,
            "program 0 'add': device program 0: queue 0 command 0 (CreateBufferCommand) ref "
            "(global id 3)");
  EXPECT_FALSE(ranges[0].dram);
  EXPECT_EQ(ranges[0].begin, testing::kInput0Address);
  EXPECT_EQ(ranges[0].end, testing::kInput0Address + 4096);
  EXPECT_EQ(ranges[0].cores_y, 1);
  size_t cbs = 0;
  for (const PlacedRange& range : ranges) {
    if (range.where.find("CB port") == std::string::npos) continue;
    ++cbs;
    EXPECT_EQ(range.cores_y, 8);
    EXPECT_EQ(range.cores_x, 8);
    EXPECT_EQ(range.end - range.begin, 4096u);
  }
  EXPECT_EQ(cbs, 3u);
  FitCheck fit = check_address_fit(binary, facts(current_target()));
  EXPECT_TRUE(fit.ok) << fit.detail;
  EXPECT_THAT(fit.detail, HasSubstr("6 buffer, CB and semaphore ranges"));
  // The same against tessera's 2024 descriptor of the chip.
  EXPECT_TRUE(check_address_fit(binary, facts(wormhole_2024())).ok);
}

TEST(CurrentAddressFitTest, NamesABufferInTheReservedRegion) {
  Json json = testing::current_add_binary_json();
  first_device_buffer(json)["address"] = 0x1000;
  FitCheck fit = check_address_fit(current_add(json), facts(current_target()));
  EXPECT_FALSE(fit.ok);
  EXPECT_EQ(fit.detail,
            "program 0 'add': device program 0: queue 0 command 0 (CreateBufferCommand) ref "
            "(global id 3): L1 [0x1000, 0x2000) on cores (0,0)-(0,0) hits the reserved range "
            "[0x0, 0x19520) below the target's l1_unreserved_base");
}

TEST(CurrentAddressFitTest, CbsAreCheckedOnTheirOwnCores) {
  Binary binary = current_add();
  // A smaller grid holds the buffers (core 0,0) but not the CBs (8x8).
  FitCheck fit =
      check_address_fit(binary, facts(current_target("grid_size", testing::current_dim(4, 4))));
  EXPECT_FALSE(fit.ok);
  EXPECT_THAT(fit.detail, HasSubstr("cbs[0] CB port 0 (global id 3): L1 [0x19520, 0x1a520) on "
                                    "cores (0,0)-(7,7) uses cores outside the target's 4x4 grid"));
}

TEST(CurrentAddressFitTest, L1PagesRoundUpToTheTargetsAlignment) {
  Binary binary = current_add();
  // The third buffer ends at 0x1c520: a 0x1c600-byte L1 holds it.
  SystemFacts target = facts(current_target());
  target.chips[0]->l1_size = 0x1c600;
  FitCheck fit = check_address_fit(binary, target);
  EXPECT_TRUE(fit.ok) << fit.detail;
  // With 64 KiB alignment each 4 KiB page takes 64 KiB.
  target.chips[0]->noc_l1_address_align_bytes = 65536;
  FitCheck past = check_address_fit(binary, target);
  EXPECT_FALSE(past.ok);
  EXPECT_THAT(past.detail, HasSubstr("(global id 3): L1 [0x19520, 0x29520)"));
  EXPECT_THAT(past.detail, HasSubstr("runs past the end of the target's 116224-byte L1"));
}

TEST(CurrentAddressFitTest, DramInterleavedAndShardedBuffersArePerBank) {
  Json json = testing::current_add_binary_json();
  Json& ref = first_device_buffer(json);
  Json& metal = ref["desc"]["buffer_detail"];
  metal.erase("circular_buffer_config");
  metal["buffer_type"] = "DRAM";
  metal["buffer_config_type"] = "InterleavedBufferConfig";
  // 25 pages of 2 KiB over 12 channels: 3 pages in the fullest bank.
  metal["buffer_config"] = {{"size", 25 * 2048}, {"page_size", 2048}};
  ref["address"] = 0x100;
  Binary interleaved = current_add(json);
  std::vector<PlacedRange> ranges = placed_ranges(interleaved);
  ASSERT_FALSE(ranges.empty());
  EXPECT_TRUE(ranges[0].dram);
  EXPECT_EQ(ranges[0].end - ranges[0].begin, 3u * 2048u);
  FitCheck fit = check_address_fit(interleaved, facts(current_target()));
  EXPECT_FALSE(fit.ok);
  EXPECT_THAT(fit.detail, HasSubstr("DRAM [0x100, 0x1900) in each bank hits the reserved range "
                                    "[0x0, 0x1d4c20) below the target's dram_unreserved_base"));

  // Sharded over DRAM channels 0..13 (the compiler writes channel c as
  // {y: 0, x: c}): a 12-channel target lacks two.
  Json cores = Json::array();
  for (int channel = 0; channel < 14; ++channel) cores.push_back(testing::current_dim(0, channel));
  metal["buffer_config_type"] = "ShardedBufferConfig";
  metal["buffer_config"] = {
      {"size", 14 * 2048},
      {"page_size", 2048},
      {"buffer_distribution_spec",
       {{"tensor_shape_in_pages", {14, 1}}, {"shard_shape_in_pages", {1, 1}}, {"cores", cores}}}};
  ref["address"] = 0x200000;
  FitCheck channels = check_address_fit(current_add(json), facts(current_target()));
  EXPECT_FALSE(channels.ok);
  EXPECT_THAT(channels.detail, HasSubstr("DRAM [0x200000, 0x200800) in channel 12 uses a DRAM "
                                         "channel the target lacks (it has 12)"));
}

TEST(CurrentAddressFitTest, DramEndsAtTheTargetsUnreservedEnd) {
  Json json = testing::current_add_binary_json();
  Json& ref = first_device_buffer(json);
  Json& metal = ref["desc"]["buffer_detail"];
  metal.erase("circular_buffer_config");
  metal["buffer_type"] = "DRAM";
  metal["buffer_config_type"] = "InterleavedBufferConfig";
  metal["buffer_config"] = {{"size", 4096}, {"page_size", 4096}};
  ref["address"] = 0x3ff00000;
  FitCheck fit = check_address_fit(current_add(json),
                                   facts(current_target("dram_unreserved_end", 0x3ff00800)));
  EXPECT_FALSE(fit.ok);
  EXPECT_THAT(fit.detail, HasSubstr("runs past the target's dram_unreserved_end 0x3ff00800"));
}

TEST(CurrentAddressFitTest, GlobalSemaphoresAreOneAlignedWordPerCore) {
  Json json = testing::current_add_binary_json();
  Json& commands = json["programs"][0]["device_programs"][0]["command_queues"][0]["commands"];
  commands.insert(commands.begin(),
                  testing::command("CreateGlobalSemaphoreCommand",
                                   {{"ref", {{"global_id", 20}, {"address", 0x40000}}},
                                    {"initial_value", 0},
                                    {"core_range_set", {testing::current_range(2, 2, 9, 1)}}},
                                   "loc(\"sem\")"));
  std::vector<PlacedRange> ranges = placed_ranges(current_add(json));
  ASSERT_FALSE(ranges.empty());
  EXPECT_EQ(ranges[0].begin, 0x40000u);
  EXPECT_EQ(ranges[0].end, 0x40010u);  // 4 bytes, rounded up to 16
  FitCheck fit = check_address_fit(current_add(json), facts(current_target()));
  EXPECT_FALSE(fit.ok);
  EXPECT_THAT(fit.detail, HasSubstr("(CreateGlobalSemaphoreCommand) global semaphore (global id "
                                    "20): L1 [0x40000, 0x40010) on cores (2,2)-(10,2) uses cores "
                                    "outside the target's 8x8 grid"));
}

TEST(CurrentAddressFitTest, A2024BinaryFitsACurrentTarget) {
  Json json = Json::parse(
      testing::read_text_file(std::string(TESSERA_CONFORMANCE_DIR) + "/add_l1/add_l1.ttm.json"));
  Binary baseline = load(json, BinaryKind::kMetal, WireLayout::k2024);
  FitCheck fit = check_address_fit(baseline, facts(current_target()));
  EXPECT_TRUE(fit.ok) << fit.detail;
  FitCheck reserved =
      check_address_fit(baseline, facts(current_target("l1_unreserved_base", 0x21000)));
  EXPECT_FALSE(reserved.ok);
  EXPECT_THAT(reserved.detail, HasSubstr("below the target's l1_unreserved_base"));
}

const FitCheck* find_check(const std::vector<FitCheck>& checks, const std::string& name) {
  for (const FitCheck& check : checks) {
    if (check.name == name) return &check;
  }
  return nullptr;
}

TEST(CurrentTargetFitTest, ArchesCompareAcrossTheRenumbering) {
  // Current Wormhole_b0 is 0, 2024 Wormhole_b0 is 1: the same chip.
  const SystemFacts current = facts(current_target());
  const SystemFacts baseline = facts(wormhole_2024());
  ASSERT_NE(current.chip(0), nullptr);
  EXPECT_EQ(current.chip(0)->arch, tt::target::Arch::Wormhole_b0);
  EXPECT_TRUE(all_fit(check_target_fit(&current, baseline)));
  EXPECT_TRUE(all_fit(check_target_fit(&baseline, current)));

  const SystemFacts blackhole = facts(current_target("arch", "Blackhole"));
  auto checks = check_target_fit(&blackhole, baseline);
  ASSERT_NE(find_check(checks, "chip 0 arch"), nullptr);
  EXPECT_FALSE(find_check(checks, "chip 0 arch")->ok);
  EXPECT_EQ(find_check(checks, "chip 0 arch")->detail, "binary Blackhole, target Wormhole_b0");

  // Quasar has no simulated chip: it matches nothing, not even itself.
  const SystemFacts quasar = facts(current_target("arch", "Quasar"));
  EXPECT_EQ(quasar.chip(0)->arch, std::nullopt);
  EXPECT_EQ(quasar.chip(0)->arch_name, "Quasar");
  EXPECT_FALSE(find_check(check_target_fit(&quasar, quasar), "chip 0 arch")->ok);
}

TEST(CurrentTargetFitTest, OtherFactsReadTheSameFromBothLayouts) {
  const ChipFacts current = *facts(current_target()).chip(0);
  const ChipFacts baseline = *facts(wormhole_2024()).chip(0);
  EXPECT_EQ(current.grid_y, baseline.grid_y);
  EXPECT_EQ(current.l1_size, baseline.l1_size);
  EXPECT_EQ(current.num_dram_channels, baseline.num_dram_channels);
  EXPECT_EQ(current.l1_unreserved_base, baseline.l1_unreserved_base);
  EXPECT_EQ(current.dram_unreserved_base, baseline.dram_unreserved_base);
  EXPECT_EQ(current.dram_unreserved_end, 1073741824u);
  EXPECT_EQ(baseline.dram_unreserved_end, 0u);  // the 2024 layout does not say
  const SystemFacts larger = facts(current_target("l1_size", 2000000));
  const FitCheck* l1 =
      find_check(check_target_fit(&larger, facts(wormhole_2024())), "chip 0 l1_size");
  ASSERT_NE(l1, nullptr);
  EXPECT_FALSE(l1->ok);
}

TEST(CurrentSystemDescTest, RewritesTheSimulatedChipInTheCurrentLayout) {
  Binary baseline = wormhole_2024();
  auto bytes = system_desc_to_current(baseline);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "current.ttsys");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  const tt::target::current::SystemDesc* system = binary->current_system_desc();
  ASSERT_NE(system, nullptr);
  const auto* chip = system->chip_descs()->Get(0);
  EXPECT_EQ(chip->arch(), tt::target::current::Arch::Wormhole_b0);
  EXPECT_EQ(static_cast<uint32_t>(chip->arch()), 0u);
  const auto* source = baseline.system_desc()->chip_descs()->Get(0);
  EXPECT_EQ(chip->l1_unreserved_base(), source->l1_unreserved_base());
  EXPECT_EQ(chip->dram_unreserved_end(), source->dram_channel_size());
  EXPECT_EQ(chip->coord_translation_offsets()->y(),
            source->physical_cores()->worker()->Get(0)->y());
  EXPECT_EQ(chip->coord_translation_offsets()->x(),
            source->physical_cores()->worker()->Get(0)->x());
  EXPECT_EQ(chip->num_cbs(), 32u);
  EXPECT_EQ(chip->dram_grid_size()->x(), static_cast<int32_t>(source->num_dram_channels()));
  EXPECT_EQ(chip->supported_data_types()->size(), source->supported_data_types()->size());
  ASSERT_NE(system->cpu_descs(), nullptr);
  EXPECT_EQ(system->cpu_descs()->Get(0)->role(), tt::target::current::CPURole::Host);
  // Host-addressable chips stay so (2024 HostMMIO = 2, current = 1).
  EXPECT_EQ(system->chip_capabilities()->GetEnum<tt::target::current::ChipCapability>(0),
            tt::target::current::ChipCapability::HostMMIO);
  // Every fact the checks compare survives the rewrite.
  const SystemFacts before = facts(baseline);
  const SystemFacts after = facts(*binary);
  EXPECT_TRUE(all_fit(check_target_fit(&before, after)));
  EXPECT_TRUE(all_fit(check_target_fit(&after, before)));
}

TEST(CurrentSystemDescTest, GrayskullHasNoCurrentValue) {
  Json json = Json::parse(testing::example_json("system_desc_wormhole_b0.json"));
  json["system_desc"]["chip_descs"][0]["arch"] = "Grayskull";
  auto bytes = system_desc_to_current(load(json, BinaryKind::kSystemDesc, WireLayout::k2024));
  ASSERT_FALSE(bytes.ok());
  EXPECT_THAT(bytes.error().describe(),
              HasSubstr("chip_descs[0] is Grayskull, which the current layout has no value for"));
}

}  // namespace
}  // namespace tessera::format
