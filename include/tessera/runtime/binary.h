// A program binary handle (TTM0 or TTNN), tagged with the runtime it runs on.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/runtime_kind.h"
#include "tessera/runtime/tensor_info.h"

namespace tessera::runtime {

class Binary {
 public:
  static Result<Binary> load(const std::string& path);
  static Result<Binary> load_memory(std::span<const uint8_t> bytes, std::string name = "<memory>");

  Runtime runtime() const { return runtime_; }
  const std::string& name() const;

  uint32_t program_count() const;
  Result<std::string> program_name(uint32_t program) const;
  Result<std::vector<TensorInfo>> program_inputs(uint32_t program) const;
  Result<std::vector<TensorInfo>> program_outputs(uint32_t program) const;
  // A program only other programs call (the compiler's const-eval
  // functions); the run tool skips it. Only the current layout marks them.
  Result<bool> is_private_program(uint32_t program) const;

 private:
  friend struct BinaryAccess;  // internal: the verified binary behind the handle
  struct State;
  Binary(std::shared_ptr<const State> state, Runtime runtime)
      : state_(std::move(state)), runtime_(runtime) {}
  Status check_program_index(uint32_t program) const;

  std::shared_ptr<const State> state_;
  Runtime runtime_;
};

// Makes the binary's runtime the process default (current_runtime()).
void set_compatible_runtime(const Binary& binary);

}  // namespace tessera::runtime
