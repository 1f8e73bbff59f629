// Running a program of a binary on a device: submit, wait, read outputs.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/binary.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/device_time.h"
#include "tessera/runtime/dprint.h"
#include "tessera/runtime/tensor.h"

namespace tessera::runtime {

// Completion of a submit, tagged with the runtime that produced it. Every
// submit runs to completion before it returns (there is no asynchronous
// queue), so an Event is already complete when handed out and wait() only
// checks its runtime. See docs/embedding.md.
class Event {
 public:
  Event() = default;
  static Event completed(Runtime runtime) { return Event(runtime); }
  bool valid() const { return valid_; }
  Runtime runtime() const { return runtime_; }

 private:
  explicit Event(Runtime runtime) : runtime_(runtime), valid_(true) {}

  Runtime runtime_ = Runtime::kTtmetal;
  bool valid_ = false;
};

// One timed span of a submit, for traces and per-op / per-command CSVs.
// Times are steady-clock nanoseconds (comparable across spans of a process).
struct TraceSpan {
  std::string name{};      // "EltwiseOp Add", "EnqueueProgram", a kernel's name
  std::string category{};  // "program", "op", "command" or "kernel"
  int64_t start_ns = 0;
  int64_t duration_ns = 0;
  int32_t queue = -1;   // command queue, for commands and kernels
  int32_t index = -1;   // op or command index within its list
  int32_t core_x = -1;  // logical core, for kernels
  int32_t core_y = -1;
  std::string detail{};  // free text, e.g. the op's debug string
};

// What a TTNN op hook sees. Tensors handed out are host copies (row-major,
// Float32) taken when asked, so reading them never disturbs the program.
class OpContext {
 public:
  virtual ~OpContext() = default;
  virtual uint32_t op_index() const = 0;
  // "EltwiseOp Add", "MatmulOp", ...
  virtual std::string_view op_name() const = 0;
  virtual std::string_view debug_string() const = 0;
  // Tensor operands of the op, in schema field order (before and after).
  virtual uint32_t num_inputs() const = 0;
  virtual Result<Tensor> input(uint32_t i) const = 0;
  // Outputs: only meaningful in after-op hooks.
  virtual uint32_t num_outputs() const = 0;
  virtual Result<Tensor> output(uint32_t i) const = 0;
  // The binary's global tensor id of an operand: the same id on one op's
  // output and a later op's input is one tensor, which lets a hook follow
  // values from op to op.
  virtual Result<uint32_t> input_id(uint32_t i) const = 0;
  virtual Result<uint32_t> output_id(uint32_t i) const = 0;
};

// An error returned by a hook stops the submit and is reported with the op.
using OpHook = std::function<Status(const OpContext&)>;

struct SubmitOptions {
  OpHook before_op;  // TTNN only
  OpHook after_op;   // TTNN only
  // Record TraceSpans (programs, ops / commands, kernels) into the result.
  bool collect_trace = false;
  // Estimate device time with the timing model (device_time.h): per
  // program of a TTM0 submit, per op of a TTNN one. Off: nothing is recorded.
  bool collect_device_time = false;
  // Kernel debug prints (TTM0): off unless a sink is set.
  DprintOptions dprint{};
};

struct SubmitResult {
  std::vector<Tensor> outputs;
  Event event;
  // Program-created buffers still live at the end of the submit (freed now),
  // one line each.
  std::vector<std::string> leaks;
  // The results of EventQuery commands, one line each, in order.
  std::vector<std::string> event_queries;
  // Filled when SubmitOptions::collect_trace is set.
  std::vector<TraceSpan> spans;
  // Filled when SubmitOptions::collect_device_time is set, in run order.
  std::vector<ProgramDeviceTime> device_time;
};

// Runs program `program` of `binary` with `inputs` (one per program input, in
// order). Dispatch follows the binary's runtime; every input must belong to it.
Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs);
Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs, const SubmitOptions& options);

// Waits for a submit; `expected` is the runtime the caller works with, and a
// handle of the other runtime is an error naming both.
Status wait(const Event& event, Runtime expected);

}  // namespace tessera::runtime
