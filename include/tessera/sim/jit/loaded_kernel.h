// A compiled kernel shared object, loaded and bound to a host table.
#pragma once

#include <memory>
#include <string>

#include "tessera/base/status.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/jit/kernel_object_check.h"

namespace tessera::sim {

class LoadedKernel {
 public:
  // Checks the object (kernel_object_check.h, to `scan`), dlopens `path`
  // (RTLD_LOCAL), checks the ABI version and installs `table`. The library
  // is unloaded when the LoadedKernel is destroyed.
  static Result<std::shared_ptr<LoadedKernel>> load(
      const std::string& kernel_name, const std::string& path, const tessera_host_table& table,
      KernelObjectScan scan = KernelObjectScan::kFull);
  ~LoadedKernel();
  LoadedKernel(const LoadedKernel&) = delete;
  LoadedKernel& operator=(const LoadedKernel&) = delete;

  const std::string& name() const { return name_; }
  const std::string& path() const { return path_; }

  // Points the kernel's thread-local context at `context` (call on the
  // thread that is about to run the kernel, before every switch in).
  void set_context(tessera_kernel_context* context) const { set_context_(context); }
  // Runs kernel_main on the current thread; false if the source defines no
  // entry point.
  bool run() const { return run_() == 0; }

 private:
  LoadedKernel() = default;

  std::string name_;
  std::string path_;
  void* handle_ = nullptr;
  int code_slot_ = -1;  // its text in the abandonable-code table, if registered
  void (*set_context_)(tessera_kernel_context*) = nullptr;
  int (*run_)() = nullptr;
};

}  // namespace tessera::sim
