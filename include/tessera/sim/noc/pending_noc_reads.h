// DRAM reads a kernel has issued whose bytes have not moved yet.
//
// noc_async_read only promises its data by the next barrier. Copying each
// page the moment it is issued makes the reader wait on host memory once
// per page; holding the last few back, their sources already requested
// from the host cache, lets those fetches overlap (bench_kernel_eltwise:
// about a fifth more throughput). Reads complete in issue order: when the
// queue is full, at a barrier, before any other transfer, CB or semaphore
// operation of the same kernel, and when the kernel returns. A kernel can
// only see the difference by reading its destination before the barrier,
// which is a race on the device as well.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace tessera::sim {

class PendingNocReads {
 public:
  static constexpr std::size_t kDepth = 8;  // measured: 2 and 4 gain less

  // Queues a checked copy of `size` bytes and asks the host cache for its
  // source; completes the oldest queued copy first when the queue is full.
  void add(uint8_t* dst, const uint8_t* src, uint32_t size);
  // Performs every queued copy, oldest first.
  void complete_all() {
    if (count_ != 0) complete_queued();
  }
  std::size_t size() const { return count_; }

 private:
  struct Copy {
    uint8_t* dst = nullptr;
    const uint8_t* src = nullptr;
    uint32_t size = 0;
  };
  void complete_oldest();
  void complete_queued();

  std::array<Copy, kDepth> copies_{};
  std::size_t oldest_ = 0;
  std::size_t count_ = 0;
};

}  // namespace tessera::sim
