// Flatbuffer pieces both writers share: TensorRefs, GoldenTensors and the
// system descriptor of the target chip.
#pragma once

#include <cstdint>

#include "flatbuffer/tensor_layout.h"
#include "tessera/builder/graph.h"
#include "tessera/format/generated.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {

using TensorRefOffset = flatbuffers::Offset<tt::target::TensorRef>;

// The tensor on the device, at `address` (0: the runtime allocates).
Result<TensorRefOffset> device_tensor_ref(flatbuffers::FlatBufferBuilder& fbb, uint32_t global_id,
                                          const TensorNode& tensor, uint64_t address, bool exact);
// The tensor in host memory: System, row-major, page order = row-major order.
TensorRefOffset host_tensor_ref(flatbuffers::FlatBufferBuilder& fbb, uint32_t global_id,
                                const TensorNode& tensor);
Result<flatbuffers::Offset<tt::target::GoldenTensor>> golden_tensor(
    flatbuffers::FlatBufferBuilder& fbb, const TensorNode& tensor);
Result<flatbuffers::Offset<tt::target::SystemDesc>> system_desc(flatbuffers::FlatBufferBuilder& fbb,
                                                                const sim::ChipDescriptor& chip);

std::vector<int> to_int(const std::vector<int64_t>& values);

}  // namespace tessera::builder
