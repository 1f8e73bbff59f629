// Reader for reductions: fills the scaler CB's tile with one float32 value
// (reduce_tile scales every element by it: 1 for sum and max, 1/N for a
// mean), then announces the resident operand shards like shard_push.
// Common runtime args: scaler cb, scaler bits, count, then (cb, pages) per operand.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t scaler_cb = get_common_arg_val<uint32_t>(0);
  const uint32_t scaler_bits = get_common_arg_val<uint32_t>(1);
  cb_reserve_back(scaler_cb, 1);
  volatile uint32_t* scaler = reinterpret_cast<volatile uint32_t*>(get_write_ptr(scaler_cb));
  for (uint32_t i = 0; i < 32 * 32; ++i) scaler[i] = scaler_bits;
  cb_push_back(scaler_cb, 1);
  const uint32_t count = get_common_arg_val<uint32_t>(2);
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t cb = get_common_arg_val<uint32_t>(3 + 2 * i);
    const uint32_t pages = get_common_arg_val<uint32_t>(4 + 2 * i);
    cb_reserve_back(cb, pages);
    cb_push_back(cb, pages);
  }
}
