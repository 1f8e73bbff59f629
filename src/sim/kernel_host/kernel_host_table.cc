#include "tessera/sim/kernel_host/kernel_host_table.h"

#include "kernel_host_callbacks.h"
#include "tessera/sim/jit/host_table.h"

namespace tessera::sim {

namespace {

tessera_host_table make_kernel_host_table() {
  // fail and DPRINT come from the JIT's default table.
  tessera_host_table table = default_host_table();
  table.cb_reserve_back = &kernel_host::cb_reserve_back;
  table.cb_push_back = &kernel_host::cb_push_back;
  table.cb_wait_front = &kernel_host::cb_wait_front;
  table.cb_pop_front = &kernel_host::cb_pop_front;
  table.cb_pages_reservable_at_back = &kernel_host::cb_pages_reservable_at_back;
  table.cb_pages_available_at_front = &kernel_host::cb_pages_available_at_front;
  table.noc_read = &kernel_host::noc_read;
  table.noc_write = &kernel_host::noc_write;
  table.noc_write_multicast = &kernel_host::noc_write_multicast;
  table.noc_inline_write = &kernel_host::noc_inline_write;
  table.noc_read_barrier = &kernel_host::noc_barrier;
  table.noc_write_barrier = &kernel_host::noc_barrier;
  table.noc_writes_flushed = &kernel_host::noc_barrier;
  table.get_semaphore = &kernel_host::get_semaphore;
  table.semaphore_set = &kernel_host::semaphore_set;
  table.semaphore_wait = &kernel_host::semaphore_wait;
  table.noc_semaphore_inc = &kernel_host::noc_semaphore_inc;
  table.noc_semaphore_set_multicast = &kernel_host::noc_semaphore_set_multicast;
  table.bank_noc_addr = &kernel_host::bank_noc_addr;
  table.worker_noc_coordinate = &kernel_host::worker_noc_coordinate;
  table.interleaved_page_noc_addr = &kernel_host::interleaved_page_noc_addr;
  table.compute = &kernel_host::compute;
  table.profiler_zone = &kernel_host::profiler_zone;
  return table;
}

}  // namespace

const tessera_host_table& kernel_host_table() {
  static const tessera_host_table table = make_kernel_host_table();
  return table;
}

}  // namespace tessera::sim
