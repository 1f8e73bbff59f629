#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

// The device stays open for later submits (of either runtime); whoever opened
// it closes it.
Status run_close_device(const fbn::CloseDeviceOp&, ProgramContext&) {
  return ok_status();
}

}  // namespace tessera::runtime::ttnn_backend
