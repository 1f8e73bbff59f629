// The 2024 runtime's contract for a device program's inputs and outputs:
// each one in device memory (DeviceL1, DeviceDRAM) becomes a buffer the
// runtime creates at the TensorRef's address before the queues run, an
// input is filled with its host bytes, and after the queues finish each
// output is read back to the host. System TensorRefs stay host tensors that
// the program's own commands copy.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "submit_context.h"
#include "tessera/format/generated.h"

namespace tessera::runtime::metal_backend {

class DeviceProgramIo {
 public:
  // Creates, registers and fills the device-memory inputs, then creates and
  // registers the device-memory outputs. On error nothing created stays live.
  static Result<DeviceProgramIo> create(const tt::target::metal::DeviceProgram& device_program,
                                        std::span<const Tensor> inputs, SubmitContext& submit);

  // Reads every device-memory output into its host tensor.
  Status read_outputs(SubmitContext& submit, std::span<const Tensor> outputs) const;

  // Frees the buffers this created that the program did not free itself.
  Status release(SubmitContext& submit);

  size_t buffer_count() const { return created_.size(); }

 private:
  struct Created {
    bool is_output = false;
    uint32_t index = 0;  // into the device program's inputs or outputs
    uint32_t global_id = 0;
    std::string label;  // "output 0 (global id 2, L1 ... at 0x24000, [0x24000, 0x26000) ...)"
    std::shared_ptr<const LiveBuffer> live;
  };

  Status add(const tt::target::TensorRef& ref, bool is_output, uint32_t index,
             SubmitContext& submit);

  std::vector<Created> created_;
};

}  // namespace tessera::runtime::metal_backend
