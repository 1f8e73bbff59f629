// `--shard K/N`: a deterministic 1/N of a run's binaries, so a suite splits
// across CI jobs or Slurm array tasks. A binary's shard depends only on its
// path (as the run names it), never on what else is in the run, so adding a
// binary moves no other one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tessera/base/status.h"

namespace tessera::tools::run {

struct Shard {
  uint32_t index = 1;  // K, 1-based
  uint32_t count = 1;  // N
};

// Parses "K/N" with 1 <= K <= N <= 10000.
Result<Shard> parse_shard(const std::string& text);

// The shard (1..count) `path` belongs to.
uint32_t shard_of(const std::string& path, uint32_t count);

}  // namespace tessera::tools::run
