// The messages between the host and its device process, and their codecs.
//
// hello   host -> device  the chip, where kernel objects are, limits
// ready   device -> host  the process attached the chip and is sandboxed
// run     host -> device  one program: its plan, kernel objects, the
//                         buffers allocated and freed since the last run,
//                         and run options
// reply   device -> host  the run's status, whether it follows the host's
//                         buffers, DPRINT lines and kernel spans
//
// hello and ready travel on the control socket, run and reply on the
// shared-memory ring (shared_ring.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "plan_memo.h"
#include "tessera/base/status.h"
#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/buffer/buffer_registry.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/dprint_log.h"
#include "tessera/sim/program/program_plan.h"
#include "tessera/sim/timing/program_timing.h"

namespace tessera::sim::device_messages {

struct Hello {
  ChipDescriptor chip;
  std::string kernel_directory;  // the only files the process may read
  uint64_t address_space_bytes = 0;
};

struct LiveBuffer {
  BufferSpec spec;
  uint64_t address = 0;
};

struct BufferAddress {
  MemoryType memory_type = MemoryType::kDram;
  uint64_t address = 0;
};

// How the device process's buffers become the host's: what was freed and
// what was allocated since the last request it followed.
struct BufferChanges {
  bool reset = false;  // free every buffer first (a new process, or one that lost track)
  std::vector<BufferAddress> freed;
  std::vector<LiveBuffer> added;
};

struct RunRequest {
  // The host's own plan, borrowed for the call; decoded, its kernels carry
  // only name, processor, NoC and math fidelity of their builds (the rest
  // is in the compiled objects). Shared: a decoded plan may be one a
  // PlanMemo keeps for the next run.
  std::shared_ptr<const ProgramPlan> plan;
  // When set, `plan` as encode_plan() wrote it before: sent as it is.
  std::span<const uint8_t> encoded_plan;
  std::vector<std::string> objects;  // compiled object of plan.kernels[i]
  // Set when the host's buffers changed since the last request.
  std::optional<BufferChanges> buffers;
  SchedulerOptions scheduler;
  bool collect_dprint = false;
  bool collect_spans = false;
  bool collect_device_time = false;
};

struct SpanRecord {
  std::string kernel;
  CoreCoord core;
  int64_t start_ns = 0;
  int64_t duration_ns = 0;
};

struct RunReply {
  Status status;
  // False if the buffer changes could not be applied: the next request
  // must reset.
  bool buffers_followed = true;
  std::vector<DprintLine> dprint;
  std::vector<SpanRecord> spans;
  // The timing model's figures, when the request asked and the run succeeded.
  std::optional<timing::ProgramTiming> device_time;
};

std::vector<uint8_t> encode(const Hello& hello);
Result<Hello> decode_hello(std::span<const uint8_t> bytes);
std::vector<uint8_t> encode(const Status& status);  // the ready message
// Decodes into `status`; the return value says whether the bytes were sound.
Status decode_status(std::span<const uint8_t> bytes, Status& status);
// The plan's section of a run request, which a device process matches
// against the plans it decoded before (PlanMemo).
std::vector<uint8_t> encode_plan(const ProgramPlan& plan);
std::vector<uint8_t> encode(const RunRequest& request);
// Takes the plan from `plans` if its bytes are there, and leaves a plan it
// decodes there.
Result<RunRequest> decode_run_request(std::span<const uint8_t> bytes, PlanMemo* plans = nullptr);
std::vector<uint8_t> encode(const RunReply& reply);
Result<RunReply> decode_run_reply(std::span<const uint8_t> bytes);

}  // namespace tessera::sim::device_messages
