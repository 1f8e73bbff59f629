// Reader for operands resident in this core's L1: each CB is bound to the
// operand's shard, so announcing its pages hands the whole shard to compute.
// Common runtime args: count, then (cb, pages) per operand.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t count = get_common_arg_val<uint32_t>(0);
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t cb = get_common_arg_val<uint32_t>(1 + 2 * i);
    const uint32_t pages = get_common_arg_val<uint32_t>(2 + 2 * i);
    cb_reserve_back(cb, pages);
    cb_push_back(cb, pages);
  }
}
