// As the compiler's kernel emitter writes a layout change: its includes,
// then the definition of the experimental:: call it uses pasted in its
// include guard (the body here stands for the device's LLK code, which
// tessera cannot compile: the guard must skip it), then kernel_main. The
// whole block (block_r x block_c tiles, compile-time args 0 and 1) moves
// from CB 0 to CB 16 in one call, LAYOUT_CALL (a define; LAYOUT_CALL_POPS
// when it pops the input itself).
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"
#include "tools/profiler/kernel_profiler.hpp"

#ifndef TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_TILIZE_LLKS_H
#define TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_TILIZE_LLKS_H
namespace experimental {
ALWI void tilize_block(uint32_t icb, uint32_t ocb, uint32_t block_r, uint32_t block_c) {
  device_only_unpack_tilize(icb, ocb, block_r, block_c);
}
}  // namespace experimental
#endif
#ifndef TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_UNTILIZE_LLKS_H
#define TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_UNTILIZE_LLKS_H
namespace experimental {
ALWI void untilize_block(uint32_t icb, uint32_t ocb, uint32_t block_r, uint32_t block_c) {
  device_only_unpack_untilize(icb, ocb, block_r, block_c);
}
}  // namespace experimental
#endif
#ifndef TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_PACK_UNTILIZE_LLKS_H
#define TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_PACK_UNTILIZE_LLKS_H
namespace experimental {
template <uint32_t cols_per_dst_pass, uint32_t total_col_tiles>
ALWI void pack_untilize_block(uint32_t icb, uint32_t ocb, uint32_t rows, uint32_t cols) {
  device_only_pack_untilize(icb, ocb, rows, cols);
}
}  // namespace experimental
#endif

void kernel_main() {
  constexpr uint32_t block_r = get_compile_time_arg_val(0);
  constexpr uint32_t block_c = get_compile_time_arg_val(1);
  ::tt::CB in = ::tt::CB::c_in0;
  ::tt::CB out = ::tt::CB::c_out0;
  cb_wait_front(in, block_r * block_c);
  cb_reserve_back(out, block_r * block_c);
  LAYOUT_CALL;
  cb_push_back(out, block_r * block_c);
#ifndef LAYOUT_CALL_POPS
  cb_pop_front(in, block_r * block_c);
#endif
}
