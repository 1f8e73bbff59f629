// EventQueryCommand: whether the event has completed; the answer is kept in
// the submit's trace.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_event_query(const tm::EventQueryCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  uint32_t id = command.ref()->global_id();
  TESSERA_ASSIGN_OR_RETURN(auto event, queue.submit.event(id));
  std::string answer;
  if (!event->recorded()) {
    answer = "not recorded";
  } else {
    TESSERA_ASSIGN_OR_RETURN(bool complete, metal::event_query(event));
    answer = complete ? "complete" : "pending";
  }
  queue.submit.add_event_query("queue " + std::to_string(queue.queue_index) +
                               ": EventQuery event " + std::to_string(id) + ": " + answer);
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend
