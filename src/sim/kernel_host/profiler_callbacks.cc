// Device profiler zones (tools/profiler/kernel_profiler.hpp). A zone only
// costs something when the run records device time: it becomes two events
// of the kernel's trace, which the timing replay puts on the virtual clock.
#include <string>

#include "kernel_host_callbacks.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"

namespace tessera::sim::kernel_host {

namespace {

// The kernel's name for a zone, as reports can show it: the binary wrote
// it, so it is cut short and anything but printable ASCII becomes '?'.
std::string zone_name(const char* name) {
  constexpr std::size_t kMaxLength = 64;
  if (name == nullptr) return "(unnamed zone)";
  std::string text;
  for (std::size_t i = 0; i < kMaxLength && name[i] != '\0'; ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    text.push_back(c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?');
  }
  return text.empty() ? "(unnamed zone)" : text;
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
