// The two wire layouts tessera accepts. One file identifier (TTM0, TTSY)
// covers both, so a binary's layout is found by verifying it (see
// detect_wire_layout), never by its name.
//
// - 2024: the compiler's 2024 releases, the compatibility baseline, which
//   tessera extends only by appending fields (schemas/*.fbs).
// - current: tt-mlir's layout as of its 2026-08 HEAD (commit 19c86fca),
//   accepted byte for byte with nothing appended (schemas/current/).
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/format/binary_kind.h"

namespace tessera::format {

enum class WireLayout { k2024, kCurrent };

// "2024", "current".
std::string_view layout_name(WireLayout layout);
std::optional<WireLayout> layout_from_name(std::string_view name);

// Whether tessera has a schema for `kind` in `layout` (TTNN has only 2024).
bool has_layout(BinaryKind kind, WireLayout layout);

// Which layout a size-prefixed buffer of `kind` is in: the one whose schema
// verifies it. When both verify (a binary small enough to read either way),
// the first field decides: the current layout keeps the schema's 64-digit
// SHA-256 there and the 2024 one the compiler's 40-digit git hash; tessera's
// own binaries also carry tessera's hash of one schema or the other. A
// buffer that neither verifies, or that stays ambiguous, is an error.
Result<WireLayout> detect_wire_layout(BinaryKind kind, std::span<const uint8_t> framed);

// Whether `framed` passes the flatbuffers Verifier as `kind` in `layout`.
bool verifies_in_layout(BinaryKind kind, WireLayout layout, std::span<const uint8_t> framed);

}  // namespace tessera::format
