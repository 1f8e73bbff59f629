// copy_bypassing_cache must be a memcpy in every observable way: the bytes,
// any alignment, any length, and nothing written past the end.
#include "tessera/base/cache_bypass_copy.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tessera {
namespace {

std::vector<uint8_t> pattern(std::size_t bytes) {
  std::vector<uint8_t> data(bytes);
  for (std::size_t i = 0; i < bytes; ++i) data[i] = static_cast<uint8_t>(i * 131 + 7);
  return data;
}

TEST(CacheBypassCopyTest, CopiesExactlyTheBytesForEveryAlignmentAndLength) {
  const std::vector<uint8_t> source = pattern(4096 + 64);
  // malloc aligns to 16: offsets 0, 16, 48 take the streaming stores, 1 and 8
  // the fallback.
  for (std::size_t dst_offset : {0u, 1u, 8u, 16u, 48u}) {
    for (std::size_t src_offset : {0u, 3u, 16u}) {
      for (std::size_t bytes : {0u, 1u, 15u, 16u, 17u, 1024u, 2048u, 2051u}) {
        std::vector<uint8_t> target(4096 + 128, 0xee);
        copy_bypassing_cache(target.data() + dst_offset, source.data() + src_offset, bytes);
        for (std::size_t i = 0; i < target.size(); ++i) {
          const bool inside = i >= dst_offset && i < dst_offset + bytes;
          const uint8_t want = inside ? source[src_offset + i - dst_offset] : 0xee;
          ASSERT_EQ(target[i], want) << "dst+" << dst_offset << " src+" << src_offset << ", "
                                     << bytes << " bytes, byte " << i;
        }
      }
    }
  }
}

TEST(CacheBypassCopyTest, ThresholdIsAPositiveSizeFromTheHost) {
  const uint64_t threshold = cache_bypass_threshold_bytes();
  EXPECT_GE(threshold, uint64_t{64} << 10);
  EXPECT_EQ(threshold, cache_bypass_threshold_bytes());  // computed once
}

}  // namespace
}  // namespace tessera
