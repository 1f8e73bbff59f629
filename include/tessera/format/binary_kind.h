// The three kinds of tessera binary, told apart by their file identifier.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace tessera::format {

enum class BinaryKind {
  kSystemDesc,  // TTSY, .ttsys
  kMetal,       // TTM0, .ttm  (command-queue programs)
  kTtnn,        // TTNN, .ttnn (op-level programs)
};

// "TTSY", "TTM0", "TTNN".
std::string_view file_identifier(BinaryKind kind);
// "ttsys", "ttm", "ttnn" (no dot).
std::string_view file_extension(BinaryKind kind);
// "system descriptor", "TTMetal", "TTNN".
std::string_view kind_name(BinaryKind kind);

std::optional<BinaryKind> kind_from_identifier(std::string_view identifier);
// Accepts "ttsys"/".ttsys" and the short names used by the CLI ("ttm", "ttnn").
std::optional<BinaryKind> kind_from_extension(std::string_view extension);

}  // namespace tessera::format
