// Semaphores: 32-bit words in L1, set and waited on locally, incremented or
// multicast over the NoC. Waits park the fiber.
#pragma once

#include "api/kernel_args.h"
#include "tessera_kernel_runtime.h"

template <typename ProgrammableCoreType = void>
FORCE_INLINE uint32_t get_semaphore(uint32_t semaphore_id) {
  return tessera_kernel::host()->get_semaphore(tessera_kernel::ctx(), semaphore_id);
}

FORCE_INLINE uint32_t tessera_l1_address(volatile uint32_t* pointer) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(pointer));
}

FORCE_INLINE void noc_semaphore_set(volatile uint32_t* sem_addr, uint32_t val) {
  tessera_kernel::host()->semaphore_set(tessera_kernel::ctx(), tessera_l1_address(sem_addr), val);
}

FORCE_INLINE void noc_semaphore_wait(volatile uint32_t* sem_addr, uint32_t val) {
  tessera_kernel::host()->semaphore_wait(tessera_kernel::ctx(), tessera_l1_address(sem_addr), val,
                                         0);
}

FORCE_INLINE void noc_semaphore_wait_min(volatile uint32_t* sem_addr, uint32_t val) {
  tessera_kernel::host()->semaphore_wait(tessera_kernel::ctx(), tessera_l1_address(sem_addr), val,
                                         1);
}

FORCE_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc_id = noc_index) {
  tessera_kernel::host()->noc_semaphore_inc(tessera_kernel::ctx(), addr, incr, noc_id);
}

FORCE_INLINE void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                           uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_write(tessera_kernel::ctx(), src_local_l1_addr, dst_noc_addr, 4, noc);
}

FORCE_INLINE void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
                                              uint64_t dst_noc_addr_multicast, uint32_t num_dests,
                                              bool linked = false,
                                              bool multicast_path_reserve = true,
                                              uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_semaphore_set_multicast(
      tessera_kernel::ctx(), src_local_l1_addr, dst_noc_addr_multicast, num_dests,
      tessera_kernel::multicast_mode(linked, multicast_path_reserve), 0, noc);
}

FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr,
                                                           uint64_t dst_noc_addr_multicast,
                                                           uint32_t num_dests, bool linked = false,
                                                           bool multicast_path_reserve = true,
                                                           uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_semaphore_set_multicast(
      tessera_kernel::ctx(), src_local_l1_addr, dst_noc_addr_multicast, num_dests,
      tessera_kernel::multicast_mode(linked, multicast_path_reserve), 1, noc);
}
