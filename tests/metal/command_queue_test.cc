#include "tessera/metal/command_queue.h"

#include <gtest/gtest.h>

#include <future>
#include <numeric>

#include "tessera/metal/device.h"

namespace tessera::metal {
namespace {

class CommandQueueTest : public testing::Test {
 protected:
  void SetUp() override {
    device_ = std::move(Device::open(0, sim::Arch::kWormholeB0, 2).value());
    queue_ = *device_->command_queue(0);
  }

  Buffer dram_buffer(uint64_t pages, uint64_t page_size = 2048) {
    return *create_buffer(
        *device_, BufferConfig::interleaved(sim::MemoryType::kDram, pages * page_size, page_size));
  }

  std::unique_ptr<Device> device_;
  CommandQueue* queue_ = nullptr;
};

std::vector<uint8_t> iota_bytes(size_t size) {
  std::vector<uint8_t> bytes(size);
  std::iota(bytes.begin(), bytes.end(), uint8_t{1});
  return bytes;
}

TEST_F(CommandQueueTest, BlockingWriteThenReadRoundTrips) {
  Buffer buffer = dram_buffer(50);
  std::vector<uint8_t> data = iota_bytes(buffer.size());
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, data, true).ok());
  std::vector<uint8_t> back(buffer.size());
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
  EXPECT_EQ(back, data);
}

TEST_F(CommandQueueTest, NonBlockingReadFillsHostMemoryOnlyWhenReached) {
  Buffer buffer = dram_buffer(4);
  std::vector<uint8_t> data = iota_bytes(buffer.size());
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, data, false).ok());
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  ASSERT_TRUE(queue_
                  ->enqueue_program("gate",
                                    [opened] {
                                      opened.wait();
                                      return ok_status();
                                    })
                  .ok());
  std::vector<uint8_t> back(buffer.size(), 0);
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, false).ok());
  EXPECT_EQ(back, std::vector<uint8_t>(buffer.size(), 0));  // the queue is held at the gate
  gate.set_value();
  ASSERT_TRUE(queue_->finish().ok());
  EXPECT_EQ(back, data);
}

TEST_F(CommandQueueTest, CommandsRunInOrder) {
  std::vector<int> order;
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(queue_
                    ->enqueue_program("step",
                                      [&order, i] {
                                        order.push_back(i);
                                        return ok_status();
                                      })
                    .ok());
  }
  ASSERT_TRUE(queue_->finish().ok());
  std::vector<int> expected(50);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(order, expected);
}

// A failure names the queue, command index and kind; later commands are
// dropped until it surfaces; then the queue works again.
TEST_F(CommandQueueTest, FailureStopsTheQueueSurfacesOnceAndRecovers) {
  Buffer buffer = dram_buffer(2);
  std::vector<uint8_t> data = iota_bytes(buffer.size());
  bool ran_after_failure = false;
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, data, false).ok());  // command 0
  ASSERT_TRUE(queue_
                  ->enqueue_program("matmul",
                                    [] {  // command 1
                                      return Status(
                                          make_error(ErrorCode::kKernelFault,
                                                     "kernel wrote past its circular buffer"));
                                    })
                  .ok());
  ASSERT_TRUE(queue_
                  ->enqueue_program("after",
                                    [&] {  // command 2: dropped
                                      ran_after_failure = true;
                                      return ok_status();
                                    })
                  .ok());
  Status finished = queue_->finish();
  ASSERT_FALSE(finished.ok());
  EXPECT_EQ(finished.error().code(), ErrorCode::kKernelFault);
  EXPECT_EQ(finished.error().describe(),
            "device 0: command queue 0: command 1 (EnqueueProgram matmul): kernel wrote past its "
            "circular buffer");
  EXPECT_FALSE(ran_after_failure);
  EXPECT_TRUE(queue_->finish().ok());  // surfaced once

  std::vector<uint8_t> back(buffer.size());
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
  EXPECT_EQ(back, data);
}

TEST_F(CommandQueueTest, BlockingReadSurfacesAnEarlierFailure) {
  Buffer buffer = dram_buffer(1);
  ASSERT_TRUE(
      queue_
          ->enqueue_program("bad", [] { return Status(make_error(ErrorCode::kInternal, "boom")); })
          .ok());
  std::vector<uint8_t> back(buffer.size());
  Status read = queue_->enqueue_read_buffer(buffer, back, true);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().describe().find("command 0 (EnqueueProgram bad): boom"),
            std::string::npos);
  EXPECT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
}

TEST_F(CommandQueueTest, EnqueueChecksSizesAtOnce) {
  Buffer buffer = dram_buffer(2);
  std::vector<uint8_t> wrong(10);
  Status write = queue_->enqueue_write_buffer(buffer, wrong, false);
  ASSERT_FALSE(write.ok());
  EXPECT_NE(write.error().message().find("host data is 10 bytes"), std::string::npos);
  EXPECT_FALSE(queue_->enqueue_read_buffer(buffer, wrong, false).ok());
  EXPECT_FALSE(queue_->enqueue_program("empty", nullptr).ok());
}

TEST_F(CommandQueueTest, AFreedBufferFailsItsCommandNotTheProcess) {
  Buffer buffer = dram_buffer(2);
  std::vector<uint8_t> data(buffer.size());
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  ASSERT_TRUE(queue_
                  ->enqueue_program("gate",
                                    [opened] {
                                      opened.wait();
                                      return ok_status();
                                    })
                  .ok());
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, data, false).ok());
  ASSERT_TRUE(deallocate_buffer(buffer).ok());  // freed before the queue reaches the write
  gate.set_value();
  Status finished = queue_->finish();
  ASSERT_FALSE(finished.ok());
  EXPECT_NE(finished.error().describe().find("command 1 (EnqueueWriteBuffer"), std::string::npos);
}

// A command's note names the caller's own command in its error, and its
// timing is filled once the queue ran it.
TEST_F(CommandQueueTest, NotesNameTheCallersCommandAndTakeTiming) {
  Buffer buffer = dram_buffer(2);
  std::vector<uint8_t> data(buffer.size());
  QueuedCommandTiming ran;
  ASSERT_TRUE(queue_
                  ->enqueue_write_buffer(buffer, data, false,
                                         {.origin = "CopyIn", .origin_index = 4, .timing = &ran})
                  .ok());
  ASSERT_TRUE(queue_->finish().ok());
  EXPECT_GT(ran.start_ns, 0);
  EXPECT_GE(ran.end_ns, ran.start_ns);

  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  ASSERT_TRUE(queue_
                  ->enqueue_program("gate",
                                    [opened] {
                                      opened.wait();
                                      return ok_status();
                                    })
                  .ok());
  QueuedCommandTiming dropped;
  ASSERT_TRUE(
      queue_->enqueue_read_buffer(buffer, data, false, {.origin = "CopyOut", .origin_index = 7})
          .ok());
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, data, false, {.timing = &dropped}).ok());
  ASSERT_TRUE(deallocate_buffer(buffer).ok());
  gate.set_value();
  Status finished = queue_->finish();
  ASSERT_FALSE(finished.ok());
  std::string message = finished.error().describe();
  EXPECT_NE(
      message.find("device 0: command queue 0: command 2 (EnqueueReadBuffer) for command 7 "
                   "(CopyOut): reading DRAM interleaved buffer of 4096 bytes (page 2048) at "),
      std::string::npos)
      << message;
  EXPECT_EQ(dropped.start_ns, 0);  // dropped after the failure: never ran
}

// Transfers handed over in batches still all run by the next finish, in
// order, however many there are.
TEST_F(CommandQueueTest, ManySmallTransfersRunInOrderByFinish) {
  Buffer buffer = dram_buffer(1, 64);
  std::vector<std::vector<uint8_t>> values(1000, std::vector<uint8_t>(64));
  std::vector<std::vector<uint8_t>> reads(1000, std::vector<uint8_t>(64));
  for (size_t i = 0; i < values.size(); ++i) {
    std::fill(values[i].begin(), values[i].end(), static_cast<uint8_t>(i * 7));
    ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, values[i], false).ok());
    ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, reads[i], false).ok());
  }
  ASSERT_TRUE(queue_->finish().ok());
  for (size_t i = 0; i < values.size(); ++i) ASSERT_EQ(reads[i], values[i]) << i;
  // A lone non-blocking transfer is not stranded while the worker sleeps.
  std::vector<uint8_t> last(64, 0xAB);
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, last, false).ok());
  auto event = Event::create();
  ASSERT_TRUE(queue_->enqueue_record_event(event).ok());
  ASSERT_TRUE(event_synchronize(event).ok());
  std::vector<uint8_t> back(64);
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
  EXPECT_EQ(back, last);
}

TEST_F(CommandQueueTest, LargeInterleavedBuffersRoundTrip) {
  Buffer buffer = dram_buffer(4096);  // 8 MiB over 12 channels
  std::vector<uint8_t> data(buffer.size());
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 131 + i / 4096);
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, data, false).ok());
  std::vector<uint8_t> back(buffer.size());
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
  EXPECT_EQ(back, data);
}

}  // namespace
}  // namespace tessera::metal
