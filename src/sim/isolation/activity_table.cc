#include "activity_table.h"

#include <cstring>

namespace tessera::sim {

std::vector<std::string> running_kernels(const ActivityTable& table) {
  std::vector<std::string> running;
  for (const ActivitySlot& slot : table.slots) {
    if (slot.active.load(std::memory_order_acquire) != 1) continue;
    // The writer may have died mid-copy: never read past the array.
    const std::string kernel(slot.kernel, strnlen(slot.kernel, sizeof slot.kernel));
    running.push_back("kernel '" + kernel + "' on core " +
                      describe_core({slot.core_x, slot.core_y}));
  }
  return running;
}

}  // namespace tessera::sim
