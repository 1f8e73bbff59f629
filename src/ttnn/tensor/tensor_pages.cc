#include "tensor_pages.h"

namespace tessera::ttnn {

Result<TensorPages> TensorPages::of(const Tensor& tensor) {
  TensorPages pages;
  TESSERA_ASSIGN_OR_RETURN(pages.page_size_, tensor.spec().page_size());
  if (!tensor.on_device()) {
    TESSERA_ASSIGN_OR_RETURN(std::span<const std::byte> bytes, tensor.host_bytes());
    // Host storage is owned by the tensor and written only through it.
    pages.host_ = const_cast<std::byte*>(bytes.data());
    pages.count_ = pages.page_size_ ? bytes.size() / pages.page_size_ : 0;
    return pages;
  }
  const metal::Buffer& buffer = *tensor.buffer();
  TESSERA_ASSIGN_OR_RETURN(pages.chip_, buffer.chip());
  TESSERA_ASSIGN_OR_RETURN(sim::BufferInfo info, pages.chip_->buffers().lookup(buffer.id()));
  pages.map_ = info.pages;
  pages.count_ = info.pages->num_pages();
  const uint32_t banks = info.spec.memory_type == sim::MemoryType::kDram
                             ? pages.chip_->descriptor().num_dram_channels
                             : pages.chip_->descriptor().num_workers();
  pages.bank_bases_.resize(banks);
  for (uint32_t bank = 0; bank < banks; ++bank) {
    pages.bank_bases_[bank] = reinterpret_cast<std::byte*>(
        pages.chip_->bank_base(info.spec.memory_type, bank) + info.address);
  }
  return pages;
}

}  // namespace tessera::ttnn
