// Circular buffer calls shared by dataflow and compute kernels. Blocking
// calls park the fiber; pointers are read inline from the CB interface.
#pragma once

#include "api/circular_buffer_indices.h"
#include "api/data_format.h"
#include "tessera_kernel_runtime.h"

namespace tessera_kernel {

FORCE_INLINE tessera_cb_interface& cb_interface(int32_t operand) {
  tessera_kernel_context* context = ctx();
  if (context->cbs == nullptr || operand < 0 ||
      static_cast<uint32_t>(operand) >= TESSERA_NUM_CIRCULAR_BUFFERS) {
    fail(Message() << "uses circular buffer " << static_cast<uint32_t>(operand)
                   << ", which is not configured on this core");
  }
  return context->cbs[operand];
}

// The data format of each CB as configured for this kernel's cores; the
// host passes them as TESSERA_CB_DATA_FORMATS (one code per CB index).
FORCE_INLINE DataFormat cb_data_format(int32_t cb_id) {
#ifdef TESSERA_CB_DATA_FORMATS
  constexpr uint8_t formats[TESSERA_NUM_CIRCULAR_BUFFERS] = {TESSERA_CB_DATA_FORMATS};
  if (cb_id >= 0 && static_cast<uint32_t>(cb_id) < TESSERA_NUM_CIRCULAR_BUFFERS) {
    return static_cast<DataFormat>(formats[cb_id]);
  }
#else
  (void)cb_id;
#endif
  return DataFormat::Invalid;
}

}  // namespace tessera_kernel

FORCE_INLINE void cb_reserve_back(int32_t operand, int32_t num_pages) {
  tessera_kernel::host()->cb_reserve_back(tessera_kernel::ctx(), operand, num_pages);
}
FORCE_INLINE void cb_push_back(int32_t operand, int32_t num_pages) {
  tessera_kernel::host()->cb_push_back(tessera_kernel::ctx(), operand, num_pages);
}
FORCE_INLINE void cb_wait_front(int32_t operand, int32_t num_pages) {
  tessera_kernel::host()->cb_wait_front(tessera_kernel::ctx(), operand, num_pages);
}
FORCE_INLINE void cb_pop_front(int32_t operand, int32_t num_pages) {
  tessera_kernel::host()->cb_pop_front(tessera_kernel::ctx(), operand, num_pages);
}
FORCE_INLINE bool cb_pages_reservable_at_back(int32_t operand, int32_t num_pages) {
  return tessera_kernel::host()->cb_pages_reservable_at_back(tessera_kernel::ctx(), operand,
                                                             num_pages) != 0;
}
FORCE_INLINE bool cb_pages_available_at_front(int32_t operand, int32_t num_pages) {
  return tessera_kernel::host()->cb_pages_available_at_front(tessera_kernel::ctx(), operand,
                                                             num_pages) != 0;
}

FORCE_INLINE uint32_t get_write_ptr(uint32_t operand) {
  return tessera_kernel::cb_interface(static_cast<int32_t>(operand)).fifo_wr_ptr;
}
FORCE_INLINE uint32_t get_read_ptr(uint32_t operand) {
  return tessera_kernel::cb_interface(static_cast<int32_t>(operand)).fifo_rd_ptr;
}
FORCE_INLINE uint32_t get_tile_size(uint32_t operand) {
  return tessera_kernel::cb_interface(static_cast<int32_t>(operand)).fifo_page_size;
}

// The CB's interface as tt-metal's kernels read it (fifo_page_size,
// fifo_num_pages, fifo_rd_ptr, fifo_wr_ptr...).
FORCE_INLINE tessera_cb_interface& get_local_cb_interface(uint32_t operand) {
  return tessera_kernel::cb_interface(static_cast<int32_t>(operand));
}
