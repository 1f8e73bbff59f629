#include "tessera/ttnn/tensor/tensor.h"

#include <cstring>

#include "tessera/sim/memory/chip.h"

namespace tessera::ttnn {
namespace {

Status check_size(const TensorSpec& spec, uint64_t size, const char* what) {
  TESSERA_ASSIGN_OR_RETURN(uint64_t expected, spec.size_bytes());
  if (size != expected) {
    return make_error(ErrorCode::kInvalidArgument, what, " ", spec.describe(), ": ", size,
                      " bytes given, the tensor holds ", expected);
  }
  return ok_status();
}

Result<sim::MemoryType> memory_type(Placement placement) {
  switch (placement) {
    case Placement::kDeviceDram:
      return sim::MemoryType::kDram;
    case Placement::kDeviceL1:
      return sim::MemoryType::kL1;
    case Placement::kHost:
      break;
  }
  return make_error(ErrorCode::kInvalidArgument, "a host tensor cannot be allocated on a device");
}

}  // namespace

Result<Tensor> Tensor::host(TensorSpec spec, std::vector<std::byte> bytes) {
  spec.placement = Placement::kHost;
  TESSERA_RETURN_IF_ERROR(check_size(spec, bytes.size(), "host tensor"));
  Tensor tensor;
  tensor.spec_ = std::move(spec);
  tensor.host_ = std::make_shared<std::vector<std::byte>>(std::move(bytes));
  return tensor;
}

Result<Tensor> Tensor::allocate(metal::Device& device, TensorSpec spec) {
  TESSERA_ASSIGN_OR_RETURN(sim::MemoryType type, memory_type(spec.placement));
  TESSERA_ASSIGN_OR_RETURN(uint64_t size, spec.size_bytes());
  TESSERA_ASSIGN_OR_RETURN(uint64_t page_size, spec.page_size());
  if (size == 0) {
    return make_error(ErrorCode::kInvalidArgument, "cannot place the empty tensor ",
                      spec.describe(), " on a device");
  }
  auto buffer =
      metal::create_buffer(device, metal::BufferConfig::interleaved(type, size, page_size));
  if (!buffer.ok()) {
    return std::move(buffer).error().add_context("allocating " + spec.describe());
  }
  Tensor tensor;
  tensor.spec_ = std::move(spec);
  tensor.buffer_ = std::move(buffer).value();
  return tensor;
}

Result<std::vector<std::byte>> Tensor::read_bytes() const {
  if (host_) return *host_;
  if (!buffer_) return make_error(ErrorCode::kFailedPrecondition, "reading an empty tensor");
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer_->chip());
  std::vector<std::byte> bytes(buffer_->size());
  TESSERA_RETURN_IF_ERROR(
      chip->read_buffer(buffer_->id(), {reinterpret_cast<uint8_t*>(bytes.data()), bytes.size()}));
  return bytes;
}

Status Tensor::write_bytes(std::span<const std::byte> bytes) {
  TESSERA_RETURN_IF_ERROR(check_size(spec_, bytes.size(), "writing"));
  if (host_) {
    std::memcpy(host_->data(), bytes.data(), bytes.size());
    return ok_status();
  }
  if (!buffer_) return make_error(ErrorCode::kFailedPrecondition, "writing an empty tensor");
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer_->chip());
  return chip->write_buffer(buffer_->id(),
                            {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()});
}

Result<std::span<const std::byte>> Tensor::host_bytes() const {
  if (!host_) {
    return make_error(ErrorCode::kFailedPrecondition, spec_.describe(), " is not a host tensor");
  }
  return std::span<const std::byte>(*host_);
}

Status Tensor::deallocate() {
  if (!buffer_) return ok_status();
  return metal::deallocate_buffer(*buffer_);
}

}  // namespace tessera::ttnn
