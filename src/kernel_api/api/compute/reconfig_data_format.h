// Unpacker reconfiguration between CBs of different formats. Each CB tile
// is unpacked by its own CB's format here, so there is nothing to change.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void reconfig_data_format(uint32_t srca_new_operand, uint32_t srcb_new_operand) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, srca_new_operand, srcb_new_operand);
}
ALWI void reconfig_data_format(uint32_t srca_old_operand, uint32_t srca_new_operand,
                               uint32_t srcb_old_operand, uint32_t srcb_new_operand) {
  (void)srca_old_operand;
  (void)srcb_old_operand;
  reconfig_data_format(srca_new_operand, srcb_new_operand);
}
ALWI void reconfig_data_format_srca(uint32_t srca_new_operand) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, srca_new_operand);
}
ALWI void reconfig_data_format_srca(uint32_t srca_old_operand, uint32_t srca_new_operand) {
  (void)srca_old_operand;
  reconfig_data_format_srca(srca_new_operand);
}
ALWI void reconfig_data_format_srcb(uint32_t srcb_new_operand) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, srcb_new_operand);
}
ALWI void reconfig_data_format_srcb(uint32_t srcb_old_operand, uint32_t srcb_new_operand) {
  (void)srcb_old_operand;
  reconfig_data_format_srcb(srcb_new_operand);
}

}  // namespace ckernel

// The LLK-level forms TTNN's kernel_lib helpers call directly (tt-metal's
// reconfig header brings them in): the same, per unpacker source or for the
// math engine.
template <bool is_fp32_dest_acc_en, auto... options>
ALWI void llk_unpack_reconfig_data_format_srca(uint32_t srca_new_operand) {
  ckernel::reconfig_data_format_srca(srca_new_operand);
}
template <bool is_fp32_dest_acc_en, auto... options>
ALWI void llk_unpack_reconfig_data_format_srca(uint32_t, uint32_t srca_new_operand) {
  ckernel::reconfig_data_format_srca(srca_new_operand);
}
template <bool is_fp32_dest_acc_en, auto... options>
ALWI void llk_unpack_reconfig_data_format_srcb(uint32_t srcb_new_operand) {
  ckernel::reconfig_data_format_srcb(srcb_new_operand);
}
template <bool is_fp32_dest_acc_en, auto... options>
ALWI void llk_unpack_reconfig_data_format_srcb(uint32_t, uint32_t srcb_new_operand) {
  ckernel::reconfig_data_format_srcb(srcb_new_operand);
}
template <bool is_fp32_dest_acc_en, auto... options>
ALWI void llk_math_reconfig_data_format_srca(uint32_t, uint32_t = 0) {}
template <bool is_fp32_dest_acc_en, auto... options>
ALWI void llk_math_reconfig_data_format_srcb(uint32_t, uint32_t = 0) {}
