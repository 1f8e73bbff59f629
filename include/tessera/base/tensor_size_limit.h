// The largest tensor tessera holds in host memory. Shapes and sizes come
// from untrusted binaries, so they are checked against it before anything is
// allocated: a binary asking for 2^31 or 10^9 elements gets a clear error
// naming the tensor, not std::bad_alloc or an out-of-memory kill.
//
// Default 256 MiB per tensor; TESSERA_MAX_TENSOR_BYTES overrides it (a byte
// count, optionally with a K, M or G suffix), read once per process.
#pragma once

#include <cstdint>
#include <string_view>

#include "tessera/base/status.h"

namespace tessera {

uint64_t max_tensor_bytes();

// Ok if `bytes` is within the limit; otherwise an error naming `what`.
Status check_tensor_bytes(uint64_t bytes, std::string_view what);

// Ok if `elements` of `element_bytes` each, counted without overflow, fit.
Status check_tensor_elements(uint64_t elements, uint64_t element_bytes, std::string_view what);

}  // namespace tessera
