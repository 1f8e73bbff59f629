// Where each page of a tensor's bytes lives, so ops can read and write pages
// in place: contiguous host storage, or device pages spread over the banks.
#pragma once

#include <cstddef>
#include <memory>

#include "tessera/base/status.h"
#include "tessera/sim/buffer/buffer_page_map.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/ttnn/tensor/tensor.h"

namespace tessera::ttnn {

class TensorPages {
 public:
  // Pages of `tensor` as stored: rows (row-major) or tiles (tile layout).
  static Result<TensorPages> of(const Tensor& tensor);

  uint64_t count() const { return count_; }
  uint64_t page_size() const { return page_size_; }
  std::byte* page(uint64_t index) const {
    if (host_ != nullptr) return host_ + index * page_size_;
    const sim::PageLocation at = map_->location(index);
    return bank_bases_[at.bank] + at.offset;
  }

 private:
  std::shared_ptr<sim::Chip> chip_;  // keeps device memory alive while in use
  std::shared_ptr<const sim::BufferPageMap> map_;
  std::vector<std::byte*> bank_bases_;  // buffer address in each bank
  std::byte* host_ = nullptr;
  uint64_t count_ = 0;
  uint64_t page_size_ = 0;
};

}  // namespace tessera::ttnn
