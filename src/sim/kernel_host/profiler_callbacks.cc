// Device profiler zones (tools/profiler/kernel_profiler.hpp). A zone only
// costs something when the run records device time: it becomes two events
// of the kernel's trace, which the timing replay puts on the virtual clock.
#include <cstring>
#include <string>
#include <string_view>

#include "kernel_host_callbacks.h"
#include "tessera/base/printable_ascii.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"

namespace tessera::sim::kernel_host {

namespace {

// The kernel's name for a zone, as reports can show it: the binary wrote
// it, so it is cut short and anything but printable ASCII becomes '?'.
std::string zone_name(const char* name) {
  constexpr std::size_t kMaxLength = 64;
  const std::string_view text =
      name == nullptr ? "" : std::string_view(name, strnlen(name, kMaxLength));
  return text.empty() ? "(unnamed zone)" : printable_ascii(text);
}

}  // namespace

void profiler_zone(tk_ctx* ctx, const char* name, int begin) {
  KernelHostState& state = KernelHostState::of(ctx);
  if (state.timing == nullptr) return;
  if (begin != 0) {
    state.timing->begin_zone(zone_name(name));
  } else {
    state.timing->end_zone();
  }
}

}  // namespace tessera::sim::kernel_host
