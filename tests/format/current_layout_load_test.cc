// Damaged current-layout binaries are load errors that say what and where,
// never a crash: truncation, offsets out of bounds, a union tag without its
// table or outside its union, strings that are not UTF-8. (The current
// layout has no checksum field, so bytes the Verifier cannot see, a digit
// of an address, load as written.)
#include <flatbuffers/flatbuffers.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "current_layout_json.h"
#include "tessera/format/binary.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/json.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;
namespace cm = tt::target::current::metal;
namespace ct = tt::target::current;

std::vector<uint8_t> current_add() {
  auto bytes = json_to_binary(testing::current_add_binary_json().dump(), BinaryKind::kMetal,
                              WireLayout::kCurrent);
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  return bytes.ok() ? std::move(bytes).value() : std::vector<uint8_t>{};
}

std::string load_error(const std::vector<uint8_t>& bytes) {
  auto binary = Binary::load_memory(bytes, "damaged.ttm");
  return binary.ok() ? "" : binary.error().describe();
}

size_t find(const std::vector<uint8_t>& bytes, const std::string& text) {
  auto at = std::search(bytes.begin(), bytes.end(), text.begin(), text.end());
  EXPECT_NE(at, bytes.end()) << text;
  return static_cast<size_t>(at - bytes.begin());
}

// A current-layout binary of one program whose queue holds `command`, with
// the compiler's schema hash first.
std::vector<uint8_t> with_command(
    const std::function<flatbuffers::Offset<cm::Command>(flatbuffers::FlatBufferBuilder&)>&
        command) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<cm::Command>> commands = {command(builder)};
  std::vector<flatbuffers::Offset<cm::CommandQueue>> queues = {
      cm::CreateCommandQueueDirect(builder, "main", 0, &commands)};
  std::vector<flatbuffers::Offset<cm::DeviceProgram>> device_programs = {
      cm::CreateDeviceProgramDirect(builder, nullptr, nullptr, &queues)};
  std::vector<flatbuffers::Offset<cm::Program>> programs = {
      cm::CreateProgramDirect(builder, "main", nullptr, nullptr, &device_programs)};
  ct::Version version(0, 0, 1);
  auto root = cm::CreateTTMetalBinaryDirect(builder, &version, testing::kCompilerSchemaHash,
                                            testing::kCompilerGitHash, 0, 0, &programs);
  cm::FinishSizePrefixedTTMetalBinaryBuffer(builder, root);
  return {builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize()};
}

TEST(CurrentLayoutLoadTest, TheIntactBinaryLoads) {
  EXPECT_EQ(load_error(current_add()), "");
  EXPECT_EQ(load_error(with_command([](flatbuffers::FlatBufferBuilder& b) {
              return cm::CreateCommand(b, cm::CommandType::FinishCommand,
                                       cm::CreateFinishCommand(b).Union());
            })),
            "");
}

TEST(CurrentLayoutLoadTest, TruncatedAtTenPoints) {
  const std::vector<uint8_t> bytes = current_add();
  for (int point = 1; point <= 10; ++point) {
    const size_t length = bytes.size() * point / 11;
    std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + length);
    const std::string error = load_error(truncated);
    EXPECT_FALSE(error.empty()) << "truncated to " << length << " bytes loaded";
    if (length >= 12) {
      EXPECT_THAT(error, HasSubstr("shorter than its size prefix"));
    }
  }
}

TEST(CurrentLayoutLoadTest, OffsetsOutOfBoundsFailVerificationInBothLayouts) {
  const std::vector<uint8_t> bytes = current_add();
  // The root table's offset, past the end.
  std::vector<uint8_t> root = bytes;
  const uint32_t past = static_cast<uint32_t>(bytes.size() + 64);
  std::memcpy(root.data() + 4, &past, 4);
  EXPECT_THAT(load_error(root), HasSubstr("failed flatbuffers verification as TTMetal (TTM0) in "
                                          "both the 2024 and the current layout"));
  // A kernel source's length, far past the end of the buffer.
  std::vector<uint8_t> length = bytes;
  const size_t source = find(bytes, testing::reader_kernel_source());
  const uint32_t huge = 0x7fff0000;
  std::memcpy(length.data() + source - 4, &huge, 4);
  EXPECT_THAT(load_error(length), HasSubstr("failed flatbuffers verification"));
  // The root table's vtable offset, outside the buffer.
  std::vector<uint8_t> vtable = bytes;
  uint32_t root_offset = 0;
  std::memcpy(&root_offset, bytes.data() + 4, 4);
  const int32_t wild = -0x40000000;
  std::memcpy(vtable.data() + 4 + root_offset, &wild, 4);
  EXPECT_THAT(load_error(vtable), HasSubstr("failed flatbuffers verification"));
}

TEST(CurrentLayoutLoadTest, AUnionTagWithoutItsTableIsNamed) {
  auto bytes = with_command([](flatbuffers::FlatBufferBuilder& b) {
    cm::CommandBuilder command(b);
    command.add_type_type(cm::CommandType::CreateBufferCommand);
    return command.Finish();
  });
  EXPECT_THAT(load_error(bytes),
              HasSubstr("union programs[0].device_programs[0].command_queues[0].commands[0].type "
                        "has type CreateBufferCommand but no table"));
}

TEST(CurrentLayoutLoadTest, AUnionTagOutsideItsUnionIsNamed) {
  auto bytes = with_command([](flatbuffers::FlatBufferBuilder& b) {
    return cm::CreateCommand(b, static_cast<cm::CommandType>(99),
                             cm::CreateFinishCommand(b).Union());
  });
  EXPECT_THAT(load_error(bytes), HasSubstr("commands[0].type has type 99, which is not a member of "
                                           "tt.target.current.metal.CommandType"));
}

TEST(CurrentLayoutLoadTest, AStringThatIsNotUtf8IsNamedByItsPath) {
  std::vector<uint8_t> bytes = current_add();
  const size_t source = find(bytes, testing::compute_kernel_source());
  bytes[source + 3] = 0xff;
  EXPECT_THAT(load_error(bytes),
              HasSubstr("string programs[0].device_programs[0].command_queues[0].commands[6]"
                        ".type.program.kernels[2].kernel.source is not valid UTF-8 (byte 0xff "
                        "at offset 3"));
  std::vector<uint8_t> symbol = current_add();
  symbol[find(symbol, "cpu_hoisted_const_eval_0")] = 0xc0;
  EXPECT_THAT(load_error(symbol), HasSubstr("func_name is not valid UTF-8"));
}

}  // namespace
}  // namespace tessera::format
