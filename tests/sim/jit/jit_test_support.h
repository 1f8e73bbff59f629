// Helpers for JIT tests: a private cache directory and running one kernel
// on one core.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tessera/sim/jit/dprint_log.h"
#include "tessera/sim/jit/kernel_cache.h"

namespace tessera::sim::testing {

// A fresh directory under the test temp dir, removed on destruction.
class TempCacheDir {
 public:
  TempCacheDir();
  ~TempCacheDir();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

struct KernelRun {
  std::vector<std::uint32_t> runtime_args{};
  std::vector<std::uint32_t> common_args{};
  CoreLabel core{1, 2};
};

// Runs `kernel` on one core; DPRINT output goes to `log`.
Status run_kernel(const std::shared_ptr<const LoadedKernel>& kernel, KernelProcessor processor,
                  const KernelRun& run, DprintLog& log);

}  // namespace tessera::sim::testing
