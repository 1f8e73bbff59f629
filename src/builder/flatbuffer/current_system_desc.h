// The target chip as the current layout's system descriptor (the fields
// tt-mlir's runtime fills in when it describes a device).
#pragma once

#include "tessera/base/status.h"
#include "tessera/format/current_generated.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder::current_layout {

// Grayskull has no value in the current layout's Arch: an error.
Result<flatbuffers::Offset<tt::target::current::SystemDesc>> current_system_desc(
    flatbuffers::FlatBufferBuilder& fbb, const sim::ChipDescriptor& chip);

}  // namespace tessera::builder::current_layout
