// Running a program of a binary on a device: submit, wait, read outputs.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/binary.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/tensor.h"

namespace tessera::runtime {

// Completion of a submit, tagged with the runtime that produced it. Submits
// run to completion before returning, so an Event is complete when handed out.
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

struct SubmitResult {
  std::vector<Tensor> outputs;
  Event event;
  // Program-created buffers still live at the end of the submit (freed now),
  // one line each, and the results of EventQuery commands, in order.
  std::vector<std::string> leaks;
  std::vector<std::string> trace;
};

// Runs program `program` of `binary` with `inputs` (one per program input, in
// order). Dispatch follows the binary's runtime; every input must belong to it.
Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs);

// Waits for a submit; `expected` is the runtime the caller works with, and a
// handle of the other runtime is an error naming both.
Status wait(const Event& event, Runtime expected);

}  // namespace tessera::runtime
