#include "tessera/format/binary_kind.h"

namespace tessera::format {

std::string_view file_identifier(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return "TTSY";
    case BinaryKind::kMetal:
      return "TTM0";
    case BinaryKind::kTtnn:
      return "TTNN";
  }
  return "";
}

std::string_view file_extension(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return "ttsys";
    case BinaryKind::kMetal:
      return "ttm";
    case BinaryKind::kTtnn:
      return "ttnn";
  }
  return "";
}

std::string_view kind_name(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return "system descriptor";
    case BinaryKind::kMetal:
      return "TTMetal";
    case BinaryKind::kTtnn:
      return "TTNN";
  }
  return "";
}

namespace {
constexpr BinaryKind kAllKinds[] = {BinaryKind::kSystemDesc, BinaryKind::kMetal, BinaryKind::kTtnn};
}

std::optional<BinaryKind> kind_from_identifier(std::string_view identifier) {
  for (BinaryKind kind : kAllKinds) {
    if (file_identifier(kind) == identifier) return kind;
  }
  return std::nullopt;
}

std::optional<BinaryKind> kind_from_extension(std::string_view extension) {
  if (extension.starts_with('.')) extension.remove_prefix(1);
  for (BinaryKind kind : kAllKinds) {
    if (file_extension(kind) == extension) return kind;
  }
  return std::nullopt;
}

}  // namespace tessera::format
