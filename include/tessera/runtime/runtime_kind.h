// The two runtimes a binary can run on, told apart by its file identifier.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::runtime {

enum class Runtime {
  kTtnn,     // op-level programs (TTNN)
  kTtmetal,  // command-queue programs (TTM0)
};

// "TTNN", "TTMetal".
std::string_view runtime_name(Runtime runtime);

// Every runtime this build can execute.
std::vector<Runtime> available_runtimes();

// The process default used only where no handle says otherwise (e.g. when a
// host tensor is created without naming a runtime). Dispatch never consults
// it: submit follows the binary, and handles carry their own runtime.
Runtime current_runtime();
void set_current_runtime(Runtime runtime);

}  // namespace tessera::runtime
