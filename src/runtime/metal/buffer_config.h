// How a TensorRef of a TTM0 binary becomes a device buffer: memory type,
// page size and page layout, as the compiler laid the tensor out.
#pragma once

#include "tessera/base/status.h"
#include "tessera/format/generated.h"
#include "tessera/metal/buffer.h"

namespace tessera::runtime::metal_backend {

// DRAM tensors are interleaved (one page per tile, or per row when not
// tiled); L1 tensors are block-sharded over their core_range_set with one
// shard of memory_desc.shape per core (one page per tile, or per shard row).
Result<metal::BufferConfig> buffer_config(const tt::target::TensorRef& ref);

// "L1 block-sharded 8192 bytes at 0x20000": what a CreateBuffer asks for,
// for messages and for telling duplicate creates apart.
std::string describe_request(const metal::BufferConfig& config, uint64_t address);
bool same_request(const metal::BufferConfig& a, const metal::BufferConfig& b);

// Where a buffer's bytes sit in each bank: "[0x20000, 0x22000) of the L1 of
// each core in (0,0)-(1,1)", "from 0x1d4c20 in each DRAM bank (64 pages of
// 512 bytes, interleaved)".
std::string describe_range(const metal::BufferConfig& config, uint64_t address);

// True for a TensorRef in DeviceL1 or DeviceDRAM: a device buffer, not a
// host tensor.
bool in_device_memory(const tt::target::TensorRef& ref);

}  // namespace tessera::runtime::metal_backend
