// A device's program cache: found by key, counted, and bounded both by the
// number of programs and by the sources they hold.
#include "tessera/metal/program_cache.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace tessera::metal {
namespace {

std::shared_ptr<const PreparedProgram> program_with_source(std::size_t bytes,
                                                           std::string name = "p") {
  auto program = std::make_shared<PreparedProgram>();
  program->plan.name = std::move(name);
  program->plan.kernels.emplace_back();
  program->plan.kernels.back().build.source.assign(bytes, 'x');
  return program;
}

TEST(ProgramCacheTest, FindsWhatWasInsertedAndCountsHits) {
  ProgramCache cache;
  EXPECT_EQ(cache.find("a"), nullptr);
  auto program = program_with_source(10, "a");
  cache.insert("a", program);
  EXPECT_EQ(cache.find("a"), program);
  EXPECT_EQ(cache.find("a"), program);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_EQ(cache.hits(), 2u);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(ProgramCacheTest, TheFirstProgramUnderAKeyStays) {
  ProgramCache cache;
  auto first = program_with_source(1), second = program_with_source(2);
  cache.insert("k", first);
  cache.insert("k", second);
  EXPECT_EQ(cache.find("k"), first);
  cache.insert("null", nullptr);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(ProgramCacheTest, StartsAgainEmptyPastItsProgramCount) {
  ProgramCache cache;
  for (std::size_t i = 0; i < ProgramCache::kMaxPrograms; ++i) {
    cache.insert(std::to_string(i), program_with_source(1));
  }
  EXPECT_EQ(cache.size(), ProgramCache::kMaxPrograms);
  cache.insert("one more", program_with_source(1));
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.find("one more"), nullptr);
  EXPECT_EQ(cache.find("0"), nullptr);
}

TEST(ProgramCacheTest, IsBoundedByTheSourcesItHolds) {
  ProgramCache cache;
  const std::size_t half = ProgramCache::kMaxSourceBytes / 2;
  cache.insert("a", program_with_source(half));
  cache.insert("b", program_with_source(half));
  EXPECT_EQ(cache.size(), 2u);
  cache.insert("c", program_with_source(1));  // past the bound: starts again
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.find("c"), nullptr);
  cache.insert("huge", program_with_source(ProgramCache::kMaxSourceBytes + 1));
  EXPECT_EQ(cache.find("huge"), nullptr);
}

TEST(ProgramCacheTest, ClearEmptiesIt) {
  ProgramCache cache;
  cache.insert("a", program_with_source(1));
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.find("a"), nullptr);
}

}  // namespace
}  // namespace tessera::metal
