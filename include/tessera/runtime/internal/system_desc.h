// Internal (not installed): the simulated chip in the wire format's terms.
// The chip (sim/arch) knows no wire format; these conversions know both, so
// they sit in the runtime layer: chip descriptors to and from a binary's
// tt::target::ChipDesc, TTSY system descriptors (.ttsys) of simulated chips,
// and the chip's data formats against the schema's data types.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/arch/chip_data_format.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tt::target {
enum class Arch : uint32_t;
enum class DataType : uint16_t;
struct ChipDesc;
}  // namespace tt::target

namespace tessera::runtime {

// A descriptor from a binary's system descriptor entry, so a .ttsys or the
// system descriptor inside a .ttm/.ttnn can be used as a target.
Result<sim::ChipDescriptor> chip_descriptor_from_flatbuffer(const tt::target::ChipDesc& desc);

// One chip_desc per device, devices connected in a ring over their first
// ethernet core when there are several (and the chips have ethernet).
// Returns the size-prefixed flatbuffer with file identifier "TTSY".
Result<std::vector<uint8_t>> write_system_desc(std::span<const sim::ChipDescriptor> devices);
Result<std::vector<uint8_t>> write_system_desc(const sim::ChipDescriptor& chip,
                                               uint32_t num_devices);

tt::target::Arch to_target_arch(sim::Arch arch);
Result<sim::Arch> from_target_arch(tt::target::Arch arch);

// The schema's data type of a chip data format (BFloat16 for Float16_b,
// BFP_BFloat8 for Bfp8_b) and back; every listed format has one.
Result<tt::target::DataType> to_target_data_type(sim::ChipDataFormat format);
Result<sim::ChipDataFormat> from_target_data_type(tt::target::DataType type);
// A chip's supported formats as the schema's data types, in order.
Result<std::vector<tt::target::DataType>> to_target_data_types(
    std::span<const sim::ChipDataFormat> formats);

}  // namespace tessera::runtime
