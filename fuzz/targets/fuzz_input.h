// Turns fuzzer bytes into a binary worth loading: if the bytes carry
// tessera's content checksum, it is resealed, so that mutations reach the
// parts of the loader and executors behind the integrity check (as a damaged
// file written by a buggy tool would).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::fuzz {

std::vector<uint8_t> resealed(const uint8_t* data, size_t size);

}  // namespace tessera::fuzz
