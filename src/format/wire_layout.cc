#include "tessera/format/wire_layout.h"

#include <flatbuffers/flatbuffers.h>

#include "current/metal/binary_generated.h"
#include "current/system_desc_generated.h"
#include "metal/binary_generated.h"
#include "system_desc_generated.h"
#include "tessera/format/schema.h"
#include "ttnn/binary_generated.h"

namespace tessera::format {
namespace {

// Deep enough for any real program, shallow enough to bound malicious nesting.
constexpr flatbuffers::uoffset_t kMaxDepth = 64;
constexpr flatbuffers::uoffset_t kMaxTables = 50'000'000;

// Both layouts put a string first: the 2024 root the compiler's git hash
// (40 hex digits), the current root the schema's SHA-256 (64 hex digits).
// Every root table keeps it at the first field slot.
constexpr flatbuffers::voffset_t kFirstStringField = 6;

std::string_view first_string(std::span<const uint8_t> framed) {
  const auto* root = flatbuffers::GetSizePrefixedRoot<flatbuffers::Table>(framed.data());
  const auto* text = root->GetPointer<const flatbuffers::String*>(kFirstStringField);
  return text ? text->string_view() : std::string_view();
}

bool is_hex(std::string_view text, size_t digits) {
  if (text.size() != digits) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  }
  return true;
}

// tessera's own 2024 binaries keep tessera's schema hash in an appended field.
bool carries_tessera_2024_hash(BinaryKind kind, std::span<const uint8_t> framed) {
  const flatbuffers::String* hash = nullptr;
  if (kind == BinaryKind::kMetal) {
    hash = tt::target::metal::GetSizePrefixedTTMetalBinary(framed.data())->schema_hash();
  } else if (kind == BinaryKind::kSystemDesc) {
    hash = tt::target::GetSizePrefixedSystemDescRoot(framed.data())->schema_hash();
  }
  return hash && hash->string_view() == schema_hash(kind, WireLayout::k2024);
}

// Decides a buffer both schemas verify, or nullopt if nothing tells.
std::optional<WireLayout> tie_break(BinaryKind kind, std::span<const uint8_t> framed) {
  std::string_view first = first_string(framed);
  if (is_hex(first, 64) || first == schema_hash(kind, WireLayout::kCurrent)) {
    return WireLayout::kCurrent;
  }
  if (is_hex(first, 40) || carries_tessera_2024_hash(kind, framed)) return WireLayout::k2024;
  return std::nullopt;
}

}  // namespace

std::string_view layout_name(WireLayout layout) {
  return layout == WireLayout::k2024 ? "2024" : "current";
}

std::optional<WireLayout> layout_from_name(std::string_view name) {
  if (name == "2024") return WireLayout::k2024;
  if (name == "current") return WireLayout::kCurrent;
  return std::nullopt;
}

bool has_layout(BinaryKind kind, WireLayout layout) {
  return layout == WireLayout::k2024 || kind != BinaryKind::kTtnn;
}

bool verifies_in_layout(BinaryKind kind, WireLayout layout, std::span<const uint8_t> framed) {
  flatbuffers::Verifier::Options options;
  options.max_depth = kMaxDepth;
  options.max_tables = kMaxTables;
  flatbuffers::Verifier verifier(framed.data(), framed.size(), options);
  if (layout == WireLayout::kCurrent) {
    switch (kind) {
      case BinaryKind::kSystemDesc:
        return tt::target::current::VerifySizePrefixedSystemDescRootBuffer(verifier);
      case BinaryKind::kMetal:
        return tt::target::current::metal::VerifySizePrefixedTTMetalBinaryBuffer(verifier);
      case BinaryKind::kTtnn:
        return false;
    }
    return false;
  }
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return tt::target::VerifySizePrefixedSystemDescRootBuffer(verifier);
    case BinaryKind::kMetal:
      return tt::target::metal::VerifySizePrefixedTTMetalBinaryBuffer(verifier);
    case BinaryKind::kTtnn:
      return tt::target::ttnn::VerifySizePrefixedTTNNBinaryBuffer(verifier);
  }
  return false;
}

Result<WireLayout> detect_wire_layout(BinaryKind kind, std::span<const uint8_t> framed) {
  const bool as_2024 = verifies_in_layout(kind, WireLayout::k2024, framed);
  const bool as_current = verifies_in_layout(kind, WireLayout::kCurrent, framed);
  if (as_2024 != as_current) return as_2024 ? WireLayout::k2024 : WireLayout::kCurrent;
  if (!as_2024) {
    return make_error(ErrorCode::kDataLoss, "failed flatbuffers verification as ", kind_name(kind),
                      " (", file_identifier(kind), ") in ",
                      has_layout(kind, WireLayout::kCurrent)
                          ? "both the 2024 and the current layout"
                          : "the 2024 layout",
                      ": offsets, lengths or nesting are out of bounds; the file is corrupt, "
                      "truncated inside, or not written by a compatible schema");
  }
  if (auto layout = tie_break(kind, framed)) return *layout;
  return make_error(ErrorCode::kInvalidArgument,
                    "verifies in both the 2024 and the current layout, and its first field (\"",
                    first_string(framed).substr(0, 80),
                    "\") is neither a 40-digit compiler git hash (2024) nor a 64-digit schema "
                    "hash (current), so its layout cannot be told; rebuild it with `tessera "
                    "build --layout 2024|current`");
}

}  // namespace tessera::format
