#include "tessera/format/integrity.h"

#include <cstring>

#include "metal/binary_generated.h"
#include "system_desc_generated.h"
#include "ttnn/binary_generated.h"

namespace tessera::format {
namespace {

flatbuffers::voffset_t checksum_field(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return tt::target::SystemDescRoot::VT_CONTENT_CHECKSUM;
    case BinaryKind::kMetal:
      return tt::target::metal::TTMetalBinary::VT_CONTENT_CHECKSUM;
    case BinaryKind::kTtnn:
      return tt::target::ttnn::TTNNBinary::VT_CONTENT_CHECKSUM;
  }
  return 0;
}

// Byte offset of the checksum field within `bytes`, or nullopt if absent.
std::optional<size_t> checksum_offset(std::span<const uint8_t> bytes, BinaryKind kind) {
  const auto* root = flatbuffers::GetSizePrefixedRoot<flatbuffers::Table>(bytes.data());
  const uint8_t* field = root->GetAddressOf(checksum_field(kind));
  if (!field) return std::nullopt;
  return static_cast<size_t>(field - bytes.data());
}

uint64_t mix(uint64_t hash, uint64_t word) {
  hash ^= word;
  hash *= 0x9e3779b97f4a7c15ull;
  return hash ^ (hash >> 31);
}

// A word-at-a-time hash (several GB/s), reading the checksum field as zero.
uint64_t checksum(std::span<const uint8_t> bytes, size_t field_offset) {
  uint64_t lanes[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull,
                       0x082efa98ec4e6c89ull};
  size_t size = bytes.size();
  size_t index = 0;
  auto load = [&](size_t at) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + at, sizeof word);
    // The field is 8-byte aligned in the buffer, so it is exactly one word.
    return at == field_offset ? 0 : word;
  };
  for (; index + 32 <= size; index += 32) {
    for (int lane = 0; lane < 4; ++lane) lanes[lane] = mix(lanes[lane], load(index + lane * 8));
  }
  uint64_t hash = mix(mix(lanes[0], lanes[1]), mix(lanes[2], lanes[3]));
  for (; index + 8 <= size; index += 8) hash = mix(hash, load(index));
  for (; index < size; ++index) hash = mix(hash, bytes[index]);
  return mix(hash, size);
}

}  // namespace

Status seal_binary(std::span<uint8_t> bytes, BinaryKind kind) {
  auto offset = checksum_offset(bytes, kind);
  if (!offset) {
    return make_error(ErrorCode::kInternal,
                      "cannot seal binary: its root has no content_checksum field (set it to "
                      "kChecksumPlaceholder when building)");
  }
  if (*offset % 8 != 0) {
    return make_error(ErrorCode::kInternal, "content_checksum field is not 8-byte aligned");
  }
  uint64_t value = checksum(bytes, *offset);
  std::memcpy(bytes.data() + *offset, &value, sizeof value);
  return ok_status();
}

IntegrityCheck check_integrity(std::span<const uint8_t> bytes, BinaryKind kind) {
  IntegrityCheck result;
  auto offset = checksum_offset(bytes, kind);
  if (!offset) return result;
  uint64_t stored;
  std::memcpy(&stored, bytes.data() + *offset, sizeof stored);
  result.stored = stored;
  // A field offset that is not a whole word can only come from damage.
  result.computed = *offset % 8 == 0 ? checksum(bytes, *offset) : ~stored;
  return result;
}

}  // namespace tessera::format
