#include "jit_test_support.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>

#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/kernel_invocation.h"

namespace tessera::sim::testing {

TempCacheDir::TempCacheDir() {
  std::string pattern = ::testing::TempDir() + "tessera_jit_XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed for " << pattern;
  path_ = pattern;
}

TempCacheDir::~TempCacheDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

Status run_kernel(const std::shared_ptr<const LoadedKernel>& kernel, KernelProcessor processor,
                  const KernelRun& run, DprintLog& log) {
  KernelPlacement placement;
  placement.logical = run.core;
  placement.relative = {run.core.x - 1, run.core.y - 1};
  placement.noc0 = {run.core.x + 1, run.core.y + 1};
  placement.noc1 = {10 - run.core.x, 11 - run.core.y};
  KernelInvocation invocation(kernel, processor, placement);
  TESSERA_RETURN_IF_ERROR(invocation.set_runtime_args(run.runtime_args));
  TESSERA_RETURN_IF_ERROR(invocation.set_common_args(run.common_args));
  invocation.set_dprint_log(&log);
  Scheduler scheduler;
  scheduler.add(invocation.make_fiber());
  return scheduler.run();
}

}  // namespace tessera::sim::testing
