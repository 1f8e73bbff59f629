#include "tessera/sim/buffer/buffer_spec.h"

namespace tessera::sim {

std::string_view memory_type_name(MemoryType type) {
  return type == MemoryType::kDram ? "DRAM" : "L1";
}

std::string_view buffer_layout_name(BufferLayout layout) {
  switch (layout) {
    case BufferLayout::kInterleaved:
      return "interleaved";
    case BufferLayout::kHeightSharded:
      return "height-sharded";
    case BufferLayout::kWidthSharded:
      return "width-sharded";
    case BufferLayout::kBlockSharded:
      return "block-sharded";
    case BufferLayout::kNdSharded:
      return "nd-sharded";
  }
  return "unknown";
}

std::string describe(const BufferSpec& spec) {
  return std::string(memory_type_name(spec.memory_type)) + " " +
         std::string(buffer_layout_name(spec.layout)) + " buffer of " + std::to_string(spec.size) +
         " bytes (page " + std::to_string(spec.page_size) + ")";
}

}  // namespace tessera::sim
