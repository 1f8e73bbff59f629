#include "tessera/base/fnv1a.h"

#include <gtest/gtest.h>

namespace tessera {
namespace {

// Published FNV-1a 64 test vectors.
TEST(Fnv1a64, MatchesTheReferenceVectors) {
  EXPECT_EQ(fnv1a64(std::string_view("")), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64(std::string_view("a")), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64(std::string_view("foobar")), 0x85944171f73967e8ull);
  const uint8_t bytes[] = {'a'};
  EXPECT_EQ(fnv1a64_hex(bytes), "af63dc4c8601ec8c");
}

}  // namespace
}  // namespace tessera
