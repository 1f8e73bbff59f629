// What the flatbuffers Verifier does not check, checked at load: every
// string is UTF-8 (as flatbuffers requires; names, kernel sources and debug
// strings reach JSON reports and terminals) and every union's type is a
// member the schema knows (the JSON printer and executors rely on it). A
// stray byte must be a load error, not a failure at print time.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"

namespace tessera::format {

// `schema` is the kind's .bfbs; `root` the root table of a buffer the
// flatbuffers Verifier has accepted. Names the first bad value by its path,
// e.g. "programs[0].device_programs[0].command_queues[0].name".
Status deep_check(std::span<const uint8_t> schema, const uint8_t* root);

// True if `text` is well-formed UTF-8 (no overlong forms, surrogates or
// code points past U+10FFFF); otherwise `bad_at` is the first bad byte.
bool is_utf8(std::span<const uint8_t> text, size_t& bad_at);

}  // namespace tessera::format
