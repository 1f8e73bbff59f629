#include "tessera/sim/jit/host_table.h"

#include <cinttypes>
#include <cstdio>
#include <string>

#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/jit/kernel_invocation.h"

namespace tessera::sim {

namespace {

void fail(tk_ctx*, const char* message) {
  fail_current_fiber(Error(ErrorCode::kKernelFault, message));
}

[[noreturn]] void unimplemented(const char* operation) {
  fail_current_fiber(
      make_error(ErrorCode::kUnimplemented, operation, " is not implemented in the simulator yet"));
}

// Pads `text` on the left to the pending SETW width, which then resets.
void emit(tk_ctx* ctx, std::string text) {
  KernelInvocation& invocation = KernelInvocation::of(ctx);
  DprintFormat& format = invocation.dprint_format();
  if (format.width > 0 && text.size() < static_cast<std::size_t>(format.width)) {
    text.insert(0, static_cast<std::size_t>(format.width) - text.size(), ' ');
  }
  format.width = 0;
  invocation.dprint_append(text);
}

// With DPRINT off, prints cost a call and a test: nothing is formatted.
bool printing(tk_ctx* ctx) {
  return KernelInvocation::of(ctx).dprint_enabled();
}

void dprint_text(tk_ctx* ctx, const char* text) {
  if (printing(ctx)) emit(ctx, text);
}

void dprint_integer(tk_ctx* ctx, std::uint64_t bits, int is_signed) {
  if (!printing(ctx)) return;
  const int base = KernelInvocation::of(ctx).dprint_format().base;
  char buffer[32];
  if (base == 16) {
    std::snprintf(buffer, sizeof(buffer), "%" PRIx64, bits);
  } else if (base == 8) {
    std::snprintf(buffer, sizeof(buffer), "%" PRIo64, bits);
  } else if (is_signed != 0) {
    std::snprintf(buffer, sizeof(buffer), "%" PRId64, static_cast<std::int64_t>(bits));
  } else {
    std::snprintf(buffer, sizeof(buffer), "%" PRIu64, bits);
  }
  emit(ctx, buffer);
}

void dprint_float(tk_ctx* ctx, double value) {
  if (!printing(ctx)) return;
  const DprintFormat& format = KernelInvocation::of(ctx).dprint_format();
  const int precision = format.precision >= 0 ? format.precision : 6;
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), format.fixed ? "%.*f" : "%.*g", precision, value);
  emit(ctx, buffer);
}

void dprint_modifier(tk_ctx* ctx, std::uint32_t modifier, std::int32_t value) {
  KernelInvocation& invocation = KernelInvocation::of(ctx);
  DprintFormat& format = invocation.dprint_format();
  switch (modifier) {
    case TESSERA_DPRINT_SETW:
      format.width = value;
      break;
    case TESSERA_DPRINT_SETPRECISION:
      format.precision = value;
      break;
    case TESSERA_DPRINT_FIXED:
      format.fixed = true;
      break;
    case TESSERA_DPRINT_DEFAULTFLOAT:
      format.fixed = false;
      break;
    case TESSERA_DPRINT_HEX:
      format.base = 16;
      break;
    case TESSERA_DPRINT_DEC:
      format.base = 10;
      break;
    case TESSERA_DPRINT_OCT:
      format.base = 8;
      break;
    case TESSERA_DPRINT_ENDL:
      invocation.dprint_end_line();
      break;
    case TESSERA_DPRINT_TRISC:
      invocation.dprint_select_trisc(value);
      break;
    default:
      fail_current_fiber(make_error(ErrorCode::kInvalidArgument, "DPRINT modifier ", modifier,
                                    " is unknown (kernel built against another API?)"));
  }
}

// Device-side operations the later layers (circular buffers, NoC,
// semaphores, banks, tile math) will provide by replacing these entries.
void cb_reserve_back(tk_ctx*, std::int32_t, std::int32_t) {
  unimplemented("cb_reserve_back");
}
void cb_push_back(tk_ctx*, std::int32_t, std::int32_t) {
  unimplemented("cb_push_back");
}
void cb_wait_front(tk_ctx*, std::int32_t, std::int32_t) {
  unimplemented("cb_wait_front");
}
void cb_pop_front(tk_ctx*, std::int32_t, std::int32_t) {
  unimplemented("cb_pop_front");
}
int cb_pages_reservable_at_back(tk_ctx*, std::int32_t, std::int32_t) {
  unimplemented("cb_pages_reservable_at_back");
}
int cb_pages_available_at_front(tk_ctx*, std::int32_t, std::int32_t) {
  unimplemented("cb_pages_available_at_front");
}
void noc_read(tk_ctx*, std::uint64_t, std::uint32_t, std::uint32_t, std::uint8_t) {
  unimplemented("noc_async_read");
}
void noc_write(tk_ctx*, std::uint32_t, std::uint64_t, std::uint32_t, std::uint8_t) {
  unimplemented("noc_async_write");
}
void noc_write_multicast(tk_ctx*, std::uint32_t, std::uint64_t, std::uint32_t, std::uint32_t, int,
                         int, std::uint8_t) {
  unimplemented("noc_async_write_multicast");
}
void noc_inline_write(tk_ctx*, std::uint64_t, std::uint32_t, std::uint8_t, std::uint8_t) {
  unimplemented("noc_inline_dw_write");
}
void noc_read_barrier(tk_ctx*, std::uint8_t) {
  unimplemented("noc_async_read_barrier");
}
void noc_write_barrier(tk_ctx*, std::uint8_t) {
  unimplemented("noc_async_write_barrier");
}
void noc_writes_flushed(tk_ctx*, std::uint8_t) {
  unimplemented("noc_async_writes_flushed");
}
std::uint32_t get_semaphore(tk_ctx*, std::uint32_t) {
  unimplemented("get_semaphore");
}
void semaphore_set(tk_ctx*, std::uint32_t, std::uint32_t) {
  unimplemented("noc_semaphore_set");
}
void semaphore_wait(tk_ctx*, std::uint32_t, std::uint32_t, int) {
  unimplemented("noc_semaphore_wait");
}
void noc_semaphore_inc(tk_ctx*, std::uint64_t, std::uint32_t, std::uint8_t) {
  unimplemented("noc_semaphore_inc");
}
void noc_semaphore_set_multicast(tk_ctx*, std::uint32_t, std::uint64_t, std::uint32_t, int, int,
                                 std::uint8_t) {
  unimplemented("noc_semaphore_set_multicast");
}
std::uint64_t bank_noc_addr(tk_ctx*, int, std::uint32_t, std::uint32_t, std::uint8_t) {
  unimplemented("get_noc_addr_from_bank_id");
}
std::uint64_t interleaved_page_noc_addr(tk_ctx*, int, std::uint32_t, std::uint32_t, std::uint32_t,
                                        std::uint32_t, std::uint8_t) {
  unimplemented("interleaved address generation");
}
std::uint32_t worker_noc_coordinate(tk_ctx*, std::uint32_t, int) {
  unimplemented("worker_logical_col_to_virtual_col");
}
void compute(tk_ctx*, std::uint32_t op, const std::uint32_t*, std::uint32_t) {
  fail_current_fiber(make_error(ErrorCode::kUnimplemented, "compute operation ", op,
                                " is not implemented in the simulator yet"));
}

// Zones only mean something with a device's timing model.
void profiler_zone(tk_ctx*, const char*, int) {}

tessera_host_table make_default_table() {
  tessera_host_table table{};
  table.abi_version = TESSERA_KERNEL_ABI_VERSION;
  table.size = sizeof(tessera_host_table);
  table.fail = &fail;
  table.dprint_text = &dprint_text;
  table.dprint_integer = &dprint_integer;
  table.dprint_float = &dprint_float;
  table.dprint_modifier = &dprint_modifier;
  table.cb_reserve_back = &cb_reserve_back;
  table.cb_push_back = &cb_push_back;
  table.cb_wait_front = &cb_wait_front;
  table.cb_pop_front = &cb_pop_front;
  table.cb_pages_reservable_at_back = &cb_pages_reservable_at_back;
  table.cb_pages_available_at_front = &cb_pages_available_at_front;
  table.noc_read = &noc_read;
  table.noc_write = &noc_write;
  table.noc_write_multicast = &noc_write_multicast;
  table.noc_inline_write = &noc_inline_write;
  table.noc_read_barrier = &noc_read_barrier;
  table.noc_write_barrier = &noc_write_barrier;
  table.noc_writes_flushed = &noc_writes_flushed;
  table.get_semaphore = &get_semaphore;
  table.semaphore_set = &semaphore_set;
  table.semaphore_wait = &semaphore_wait;
  table.noc_semaphore_inc = &noc_semaphore_inc;
  table.noc_semaphore_set_multicast = &noc_semaphore_set_multicast;
  table.bank_noc_addr = &bank_noc_addr;
  table.interleaved_page_noc_addr = &interleaved_page_noc_addr;
  table.compute = &compute;
  table.worker_noc_coordinate = &worker_noc_coordinate;
  table.profiler_zone = &profiler_zone;
  return table;
}

}  // namespace

const tessera_host_table& default_host_table() {
  static const tessera_host_table table = make_default_table();
  return table;
}

}  // namespace tessera::sim
