// Writer for a result written in place: the output CB is bound to the
// output's shard, so the program is done once compute has pushed every page.
// Common runtime args: cb, pages.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t cb = get_common_arg_val<uint32_t>(0);
  const uint32_t pages = get_common_arg_val<uint32_t>(1);
  cb_wait_front(cb, pages);
  cb_pop_front(cb, pages);
}
