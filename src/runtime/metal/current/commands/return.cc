// ReturnCommand: names the program's outputs, in order. The executor reads
// device results back and copies them out once the queues are done.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_return(const cm::ReturnCommand& command, QueueContext& queue) {
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; command.results() && i < command.results()->size(); ++i) {
    const uint32_t id = command.results()->Get(i)->global_id();
    if (!queue.state.has_host_buffer(id) && !queue.state.has_device_buffer(id)) {
      return make_error(ErrorCode::kNotFound, "result ", i, " (buffer ", id,
                        ") is neither a host buffer nor a live device buffer");
    }
    ids.push_back(id);
  }
  return queue.state.set_returned(std::move(ids));
}

}  // namespace tessera::runtime::metal_backend::current
