#include "tessera/format/schema.h"

#include <gtest/gtest.h>

namespace tessera::format {
namespace {

TEST(SchemaTest, EmbeddedSchemasAreDistinctAndHashed) {
  EXPECT_GT(binary_schema(BinaryKind::kMetal).size(), 100u);
  EXPECT_EQ(schema_hash(BinaryKind::kMetal).size(), 16u);
  EXPECT_NE(schema_hash(BinaryKind::kMetal), schema_hash(BinaryKind::kTtnn));
}

}  // namespace
}  // namespace tessera::format
