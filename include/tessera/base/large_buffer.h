// An owned, uninitialised byte buffer for large payloads (binaries, tensors).
//
// Buffers of 2 MiB or more are mapped directly and advised to use transparent
// huge pages: on virtual machines a first touch of each 4 KiB page costs
// microseconds, which otherwise dominates reading a large file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

class LargeBuffer {
 public:
  LargeBuffer() = default;
  explicit LargeBuffer(size_t size);
  ~LargeBuffer();
  LargeBuffer(LargeBuffer&& other) noexcept;
  LargeBuffer& operator=(LargeBuffer&& other) noexcept;
  LargeBuffer(const LargeBuffer&) = delete;
  LargeBuffer& operator=(const LargeBuffer&) = delete;

  // False if the memory could not be had (size is then 0).
  bool valid() const { return data_ != nullptr || size_ == 0; }
  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  std::span<uint8_t> span() { return {data_, size_}; }
  std::span<const uint8_t> span() const { return {data_, size_}; }

 private:
  void release();

  uint8_t* data_ = nullptr;
  size_t size_ = 0;
  bool mapped_ = false;
};

}  // namespace tessera
