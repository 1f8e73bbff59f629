// Flatbuffer pieces of the compiler's current layout that describe tensors:
// BufferDescs of host and device buffers, the program's TensorRefs and its
// golden map entries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "flatbuffer/tensor_layout.h"
#include "tessera/builder/graph.h"
#include "tessera/format/current_generated.h"

namespace tessera::builder::current_layout {

namespace cm = tt::target::current::metal;
namespace tc = tt::target::current;

// A CB placed in a buffer's L1: on the cores from (0, 0) to (grid_y, grid_x)
// (exclusive), total_bytes in pages of page_bytes.
struct CircularBufferShape {
  int grid_y = 1, grid_x = 1;
  uint64_t total_bytes = 0;
  uint64_t page_bytes = 0;
  bool operator==(const CircularBufferShape&) const = default;
};

// The tensor in host memory: a SystemBuffer, row-major, scalar elements.
flatbuffers::Offset<cm::BufferDesc> host_buffer_desc(flatbuffers::FlatBufferBuilder& fbb,
                                                     const TensorNode& tensor);

// The tensor on the device: L1 shards over its grid (a ShardedBufferConfig
// with both the 2-D ShardSpecBuffer and the page-domain distribution spec,
// plus the CB it backs, if any) or interleaved DRAM pages.
flatbuffers::Offset<cm::BufferDesc> device_buffer_desc(
    flatbuffers::FlatBufferBuilder& fbb, const TensorNode& tensor, const DeviceLayout& layout,
    const std::optional<CircularBufferShape>& cb);

// A program input or output as the run tool makes it: shape and data type.
flatbuffers::Offset<cm::TensorRef> program_tensor_ref(flatbuffers::FlatBufferBuilder& fbb,
                                                      const TensorNode& tensor);

// The golden map entry `key` ("input_<i>", "output_<i>"): the tensor's
// reference values on device 0.
Result<flatbuffers::Offset<tc::GoldenKV>> golden_entry(flatbuffers::FlatBufferBuilder& fbb,
                                                       const std::string& key,
                                                       const TensorNode& tensor);

}  // namespace tessera::builder::current_layout
