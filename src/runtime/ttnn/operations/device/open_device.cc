#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

// The device is opened by the caller (runtime::open_device) and shared with
// the TTMetal runtime; the op only checks it names chips that are open.
Status run_open_device(const fbn::OpenDeviceOp& op, ProgramContext& context) {
  if (op.chip_ids()) {
    for (uint32_t chip : *op.chip_ids()) {
      if (chip != context.device().id()) {
        return make_error(ErrorCode::kInvalidArgument, "chip ", chip,
                          " is not open (the program runs on device ", context.device().id(), ")");
      }
    }
  }
  return ok_status();
}

}  // namespace tessera::runtime::ttnn_backend
