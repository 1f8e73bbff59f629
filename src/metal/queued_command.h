// One command waiting in a hardware command queue. Transfers and event
// commands carry their operands as plain data — no closure and no string per
// command, so enqueueing them allocates nothing; only programs carry a
// callable.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "tessera/base/status.h"
#include "tessera/metal/command_queue.h"
#include "tessera/metal/event.h"
#include "tessera/sim/buffer/buffer_registry.h"
#include "tessera/sim/memory/chip.h"

namespace tessera::metal::internal {

// The buffer a transfer touches: its handle, and what describes it should
// the transfer fail (the buffer may be gone by then).
struct TransferTarget {
  sim::BufferId id;
  sim::MemoryType memory_type = sim::MemoryType::kDram;
  sim::BufferLayout layout = sim::BufferLayout::kInterleaved;
  uint64_t size = 0;
  uint64_t page_size = 0;
  uint64_t address = 0;

  static TransferTarget of(const sim::BufferInfo& info);
  // As sim::BufferInfo::describe: "DRAM interleaved buffer of ... at 0x...".
  std::string describe() const;
};

struct QueuedCommand {
  QueuedCommandKind kind = QueuedCommandKind::kProgram;
  uint64_t index = 0;  // position in its queue, set when pushed
  QueuedCommandNote note;
  // Transfers: the chip (held so it outlives the command), the buffer, and
  // the host bytes (write source or read destination).
  std::shared_ptr<sim::Chip> chip;
  TransferTarget buffer;
  uint8_t* host_data = nullptr;
  size_t host_size = 0;
  // Programs.
  std::string name;
  std::function<Status()> program;
  // Record: the event this command completes. Wait: the event it waits for.
  std::shared_ptr<Event> event;
  uint64_t event_generation = 0;

  // Whether a sleeping worker must be woken for this command at once;
  // transfers may wait for a batch or a synchronising call.
  bool wakes_worker() const {
    return kind != QueuedCommandKind::kWriteBuffer && kind != QueuedCommandKind::kReadBuffer;
  }
};

// Runs a command (for record commands, completing the event is left to the
// caller, which knows whether the queue has failed).
Status run_command(const QueuedCommand& command);

// "command 3 (EnqueueProgram matmul) for command 7 (EnqueueProgramCommand)".
std::string describe_command(const QueuedCommand& command);

}  // namespace tessera::metal::internal
