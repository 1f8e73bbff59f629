// Circular buffer pointer and counter semantics, without kernels.
#include "tessera/sim/cb/core_circular_buffers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;

constexpr uint32_t kBase = 0x10000;

class CoreCircularBuffersTest : public ::testing::Test {
 protected:
  CoreCircularBuffers cbs_{kBase,
                           {{.index = 3, .address = 0x400, .size = 3 * 64, .page_size = 64}}};
  std::array<tessera_cb_interface, TESSERA_NUM_CIRCULAR_BUFFERS> producer_{}, consumer_{};
  void SetUp() override {
    cbs_.init_interfaces(producer_.data());
    cbs_.init_interfaces(consumer_.data());
  }
};

TEST_F(CoreCircularBuffersTest, InterfacesStartAtTheCbInTheCoreWindow) {
  EXPECT_EQ(producer_[3].fifo_wr_ptr, kBase + 0x400);
  EXPECT_EQ(producer_[3].fifo_rd_ptr, kBase + 0x400);
  EXPECT_EQ(producer_[3].fifo_limit, kBase + 0x400 + 192);
  EXPECT_EQ(producer_[3].fifo_num_pages, 3u);
  EXPECT_EQ(producer_[0].fifo_page_size, 0u);  // not configured
  EXPECT_FALSE(cbs_.configured(0));
}

TEST_F(CoreCircularBuffersTest, PointersWrapAndCountersTrackPages) {
  EXPECT_EQ(cbs_.pages_free(3), 3u);
  ASSERT_TRUE(cbs_.push_back(producer_[3], 3, 2).ok());
  EXPECT_EQ(producer_[3].fifo_wr_ptr, kBase + 0x400 + 128);
  EXPECT_EQ(cbs_.pages_filled(3), 2u);
  EXPECT_EQ(cbs_.pages_free(3), 1u);
  ASSERT_TRUE(cbs_.pop_front(consumer_[3], 3, 2).ok());
  EXPECT_EQ(consumer_[3].fifo_rd_ptr, kBase + 0x400 + 128);
  ASSERT_TRUE(cbs_.push_back(producer_[3], 3, 2).ok());
  EXPECT_EQ(producer_[3].fifo_wr_ptr, kBase + 0x400 + 64);  // wrapped
  ASSERT_TRUE(cbs_.pop_front(consumer_[3], 3, 2).ok());
  EXPECT_EQ(consumer_[3].fifo_rd_ptr, kBase + 0x400 + 64);
  EXPECT_EQ(cbs_.pages_filled(3), 0u);
}

TEST_F(CoreCircularBuffersTest, ImpossibleRequestsAreErrors) {
  Status too_many = cbs_.check_request(3, 4, "cb_wait_front");
  ASSERT_FALSE(too_many.ok());
  EXPECT_THAT(too_many.error().message(), HasSubstr("holds 3 pages of 64 bytes"));
  Status unknown = cbs_.check_request(5, 1, "cb_reserve_back");
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(unknown.error().message(), HasSubstr("not configured"));
  Status pop = cbs_.pop_front(consumer_[3], 3, 1);
  ASSERT_FALSE(pop.ok());
  EXPECT_THAT(pop.error().message(), HasSubstr("only 0 filled"));
}

TEST_F(CoreCircularBuffersTest, WaitDescriptionsSayWhatIsMissing) {
  ASSERT_TRUE(cbs_.push_back(producer_[3], 3, 1).ok());
  EXPECT_EQ(cbs_.describe_wait_front(3, 2), "cb_wait_front: cb 3: wants 2 pages, 1 available");
  EXPECT_EQ(cbs_.describe_reserve_back(3, 3), "cb_reserve_back: cb 3: wants 3 free pages, 2 free");
}

}  // namespace
}  // namespace tessera::sim
