#include "tessera/sim/jit/content_hash.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace tessera::sim {
namespace {

TEST(ContentHashTest, IsStableAndHex) {
  EXPECT_EQ(content_hash("kernel"), content_hash("kernel"));
  EXPECT_EQ(content_hash("kernel").size(), 32u);
  EXPECT_EQ(content_hash("").find_first_not_of("0123456789abcdef"), std::string::npos);
}

TEST(ContentHashTest, SmallChangesGiveDifferentHashes) {
  std::set<std::string> hashes;
  std::string text(100, 'a');
  hashes.insert(content_hash(""));
  for (std::size_t i = 0; i < text.size(); ++i) {
    hashes.insert(content_hash(text.substr(0, i)));
    std::string flipped = text;
    flipped[i] = 'b';
    hashes.insert(content_hash(flipped));
  }
  hashes.insert(content_hash(std::string(8, '\0')));
  hashes.insert(content_hash(std::string(9, '\0')));
  EXPECT_EQ(hashes.size(), 1u + 99u + 100u + 2u);  // "", a^1..a^99, 100 flips, zeros
}

TEST(ContentHashTest, FieldsAreDelimited) {
  EXPECT_NE(ContentHasher().add_field("ab").add_field("c").hex(),
            ContentHasher().add_field("a").add_field("bc").hex());
}

}  // namespace
}  // namespace tessera::sim
