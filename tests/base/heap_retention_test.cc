// retain_freed_heap_memory must make a run that allocates and frees the same
// blocks again take no page faults after the first time, where glibc's
// defaults fault them in on every round.
#include "tessera/base/heap_retention.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <array>
#include <cstdlib>

#include "../support/address_sanitizer.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tessera {
namespace {

long minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// One round of a program run's allocations: eight 96 KiB blocks (from the
// heap by default) and one of 1 MiB (its own mapping by default), every
// page touched, freed newest first.
void allocate_touch_free() {
  constexpr std::size_t kPage = 4096;
  std::array<std::size_t, 9> sizes{};
  sizes.fill(96 << 10);
  sizes.back() = 1 << 20;
  std::array<char*, 9> blocks{};
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    blocks[i] = static_cast<char*>(std::malloc(sizes[i]));
    ASSERT_NE(blocks[i], nullptr);
    volatile char* bytes = blocks[i];
    for (std::size_t at = 0; at < sizes[i]; at += kPage) bytes[at] = 1;
  }
  for (std::size_t i = sizes.size(); i-- > 0;) std::free(blocks[i]);
}

// Page faults taken by nine rounds after a first one.
long faults_after_first_round() {
  allocate_touch_free();
  const long before = minor_faults();
  for (int round = 0; round < 9; ++round) allocate_touch_free();
  return minor_faults() - before;
}

TEST(HeapRetentionTest, RepeatedRunsFaultNoPagesInAgain) {
  if (tessera::testing::kAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer's allocator ignores mallopt";
#if defined(__GLIBC__)
  // glibc's defaults, fixed (its adjusting off): the run faults every round.
  ASSERT_EQ(mallopt(M_MMAP_THRESHOLD, 128 << 10), 1);
  ASSERT_EQ(mallopt(M_TRIM_THRESHOLD, 128 << 10), 1);
  EXPECT_GT(faults_after_first_round(), 9 * 256)
      << "the defaults no longer return freed memory; this test proves nothing";
#endif
  ASSERT_TRUE(retain_freed_heap_memory());
  EXPECT_EQ(faults_after_first_round(), 0);
}

}  // namespace
}  // namespace tessera
