#include "tessera/sim/cb/core_circular_buffers.h"

namespace tessera::sim {

namespace {

// Moves a FIFO pointer by `bytes`, wrapping at the end like the device.
void advance(uint32_t& pointer, uint32_t bytes, const tessera_cb_interface& interface) {
  pointer += bytes;
  if (pointer >= interface.fifo_limit) pointer -= interface.fifo_size;
}

}  // namespace

CoreCircularBuffers::CoreCircularBuffers(uint32_t window_base,
                                         const std::vector<CircularBufferLayout>& layouts)
    : window_base_(window_base) {
  for (const CircularBufferLayout& layout : layouts) {
    if (layout.index < TESSERA_NUM_CIRCULAR_BUFFERS) layouts_[layout.index] = layout;
  }
}

void CoreCircularBuffers::init_interfaces(tessera_cb_interface* interfaces) const {
  for (uint32_t cb = 0; cb < TESSERA_NUM_CIRCULAR_BUFFERS; ++cb) {
    tessera_cb_interface& interface = interfaces[cb];
    interface = tessera_cb_interface{};
    if (!layouts_[cb]) continue;
    const CircularBufferLayout& layout = *layouts_[cb];
    const uint32_t start = window_base_ + layout.address;
    interface.fifo_size = layout.size;
    interface.fifo_limit = start + layout.size;
    interface.fifo_page_size = layout.page_size;
    interface.fifo_num_pages = layout.num_pages();
    interface.fifo_rd_ptr = start;
    interface.fifo_wr_ptr = start;
  }
}

const CircularBufferLayout* CoreCircularBuffers::layout(int32_t cb) const {
  if (cb < 0 || static_cast<uint32_t>(cb) >= TESSERA_NUM_CIRCULAR_BUFFERS) return nullptr;
  return layouts_[cb] ? &*layouts_[cb] : nullptr;
}

uint32_t CoreCircularBuffers::pages_filled(int32_t cb) const {
  const Counters& counters = counters_[cb];
  return counters.pushed.load(std::memory_order_acquire) -
         counters.popped.load(std::memory_order_acquire);
}

uint32_t CoreCircularBuffers::pages_free(int32_t cb) const {
  return layouts_[cb]->num_pages() - pages_filled(cb);
}

Status CoreCircularBuffers::check_request(int32_t cb, int32_t pages, const char* operation) const {
  const CircularBufferLayout* config = layout(cb);
  if (config == nullptr) {
    return make_error(ErrorCode::kInvalidArgument, operation, " on circular buffer ", cb,
                      ", which is not configured on this core");
  }
  if (pages < 0 || static_cast<uint32_t>(pages) > config->num_pages()) {
    return make_error(ErrorCode::kInvalidArgument, operation, " of ", pages,
                      " pages on circular buffer ", cb, ", which holds ", config->num_pages(),
                      " pages of ", config->page_size, " bytes: it can never be satisfied");
  }
  return ok_status();
}

Status CoreCircularBuffers::push_back(tessera_cb_interface& interface, int32_t cb, int32_t pages) {
  TESSERA_RETURN_IF_ERROR(check_request(cb, pages, "cb_push_back"));
  if (static_cast<uint32_t>(pages) > pages_free(cb)) {
    return make_error(ErrorCode::kFailedPrecondition, "cb_push_back of ", pages,
                      " pages on circular buffer ", cb, " with only ", pages_free(cb),
                      " free: the pages were not reserved with cb_reserve_back");
  }
  advance(interface.fifo_wr_ptr, static_cast<uint32_t>(pages) * interface.fifo_page_size,
          interface);
  counters_[cb].pushed.fetch_add(static_cast<uint32_t>(pages), std::memory_order_release);
  interface.pages_received += static_cast<uint32_t>(pages);
  return ok_status();
}

Status CoreCircularBuffers::pop_front(tessera_cb_interface& interface, int32_t cb, int32_t pages) {
  TESSERA_RETURN_IF_ERROR(check_request(cb, pages, "cb_pop_front"));
  if (static_cast<uint32_t>(pages) > pages_filled(cb)) {
    return make_error(ErrorCode::kFailedPrecondition, "cb_pop_front of ", pages,
                      " pages on circular buffer ", cb, " with only ", pages_filled(cb),
                      " filled: the pages were not waited for with cb_wait_front");
  }
  advance(interface.fifo_rd_ptr, static_cast<uint32_t>(pages) * interface.fifo_page_size,
          interface);
  counters_[cb].popped.fetch_add(static_cast<uint32_t>(pages), std::memory_order_release);
  interface.pages_acked += static_cast<uint32_t>(pages);
  return ok_status();
}

std::string CoreCircularBuffers::describe_wait_front(int32_t cb, int32_t pages) const {
  return "cb_wait_front: cb " + std::to_string(cb) + ": wants " + std::to_string(pages) +
         " pages, " + std::to_string(pages_filled(cb)) + " available";
}

std::string CoreCircularBuffers::describe_reserve_back(int32_t cb, int32_t pages) const {
  return "cb_reserve_back: cb " + std::to_string(cb) + ": wants " + std::to_string(pages) +
         " free pages, " + std::to_string(pages_free(cb)) + " free";
}

}  // namespace tessera::sim
