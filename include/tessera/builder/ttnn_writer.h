// Writes a graph as a TTNN binary (.ttnn): OpenDevice, inputs moved host ->
// device, the ops, outputs moved device -> host, CloseDevice, with goldens.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/builder/graph.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {

struct TtnnWriteOptions {
  // Move inputs with ToDeviceOp and outputs with FromDeviceOp instead of
  // ToMemoryConfigOp.
  bool to_from_device_ops = false;
};

Result<std::vector<uint8_t>> write_ttnn_binary(const Graph& graph, const sim::ChipDescriptor& chip,
                                               const TtnnWriteOptions& options = {});

}  // namespace tessera::builder
