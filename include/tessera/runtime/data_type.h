// Element types and memory spaces of a program's tensors, as the runtime API
// names them. Every data type the 2024 schema defines is listed, so a binary
// never holds a type this enum cannot name; the ones tessera can compute on
// are those `element_size` or the tile formats accept.
#pragma once

#include <cstdint>
#include <string_view>

namespace tessera::runtime {

enum class DataType : uint16_t {
  kFloat32,
  kFloat16,
  kBFloat16,
  kBfpFloat8,
  kBfpBFloat8,
  kBfpFloat4,
  kBfpBFloat4,
  kBfpFloat2,
  kBfpBFloat2,
  kUInt32,
  kUInt16,
  kUInt8,
  kInt32,
};

// The schema's spelling: "Float32", "BFP_BFloat8", "Int32".
std::string_view data_type_name(DataType type);

// Where a tensor lives: host memory or one of the device's memories.
enum class MemorySpace : uint16_t {
  kSystem,
  kSystemMmio,
  kDeviceDram,
  kDeviceL1,
};

// The schema's spelling: "System", "DeviceDRAM".
std::string_view memory_space_name(MemorySpace space);

}  // namespace tessera::runtime
