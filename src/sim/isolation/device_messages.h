// The messages between the host and its device process, and their codecs.
//
// hello   host -> device  the chip, where kernel objects are, limits
// ready   device -> host  the process attached the chip and is sandboxed
// run     host -> device  one program: its plan, kernel objects, the live
//                         buffers (when they changed) and run options
// reply   device -> host  the run's status, DPRINT lines and kernel spans
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/buffer/buffer_registry.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/dprint_log.h"
#include "tessera/sim/program/program_plan.h"

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

struct RunRequest {
  ProgramPlan plan;                  // kernels carry name, processor and NoC only
  std::vector<std::string> objects;  // compiled object of plan.kernels[i]
  uint64_t registry_version = 0;
  // Set when the live buffers changed since the last request.
  std::optional<std::vector<LiveBuffer>> buffers;
  SchedulerOptions scheduler;
  bool collect_dprint = false;
  bool collect_spans = false;
};

struct SpanRecord {
  std::string kernel;
  CoreCoord core;
  int64_t start_ns = 0;
  int64_t duration_ns = 0;
};

struct RunReply {
  Status status;
  std::vector<DprintLine> dprint;
  std::vector<SpanRecord> spans;
};

std::vector<uint8_t> encode(const Hello& hello);
Result<Hello> decode_hello(std::span<const uint8_t> bytes);
std::vector<uint8_t> encode(const Status& status);  // the ready message
// Decodes into `status`; the return value says whether the bytes were sound.
Status decode_status(std::span<const uint8_t> bytes, Status& status);
std::vector<uint8_t> encode(const RunRequest& request);
Result<RunRequest> decode_run_request(std::span<const uint8_t> bytes);
std::vector<uint8_t> encode(const RunReply& reply);
Result<RunReply> decode_run_reply(std::span<const uint8_t> bytes);

}  // namespace tessera::sim::device_messages
