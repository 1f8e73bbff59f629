#include "tessera/base/large_buffer.h"

#include <sys/mman.h>

#include <cstdlib>
#include <utility>

namespace tessera {
namespace {
constexpr size_t kMapThreshold = size_t{2} << 20;
}

LargeBuffer::LargeBuffer(size_t size) : size_(size) {
  if (size == 0) return;
  if (size >= kMapThreshold) {
    void* memory = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory != MAP_FAILED) {
      madvise(memory, size, MADV_HUGEPAGE);  // advisory: fine if refused
      data_ = static_cast<uint8_t*>(memory);
      mapped_ = true;
      return;
    }
  }
  // 64-byte alignment: flatbuffers and SIMD loads want aligned data.
  data_ = static_cast<uint8_t*>(std::aligned_alloc(64, (size + 63) / 64 * 64));
  if (!data_) size_ = 0;
}

LargeBuffer::~LargeBuffer() {
  release();
}

LargeBuffer::LargeBuffer(LargeBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      mapped_(std::exchange(other.mapped_, false)) {}

LargeBuffer& LargeBuffer::operator=(LargeBuffer&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, false);
  }
  return *this;
}

void LargeBuffer::release() {
  if (!data_) return;
  if (mapped_) {
    munmap(data_, size_);
  } else {
    std::free(data_);
  }
  data_ = nullptr;
  size_ = 0;
}

}  // namespace tessera
