// The reader / writer pair for ops whose operands and result stay in L1.
#include <bit>

#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {

KernelSpec shard_push_kernel(const std::vector<CbSpec>& cbs) {
  KernelSpec kernel;
  kernel.name = "shard_push";
  kernel.source = kernels::shard_push();
  kernel.type = tt::target::metal::SourceType::Noc0;
  kernel.common_args.push_back(static_cast<uint32_t>(cbs.size()));
  for (const CbSpec& cb : cbs) {
    kernel.common_args.push_back(cb.port);
    kernel.common_args.push_back(static_cast<uint32_t>(cb.pages));
  }
  return kernel;
}

KernelSpec shard_wait_kernel(const CbSpec& cb) {
  KernelSpec kernel;
  kernel.name = "shard_wait";
  kernel.source = kernels::shard_wait();
  kernel.type = tt::target::metal::SourceType::Noc1;
  kernel.common_args = {cb.port, static_cast<uint32_t>(cb.pages)};
  return kernel;
}

KernelSpec shard_push_scaler_kernel(const CbSpec& scaler, float value,
                                    const std::vector<CbSpec>& cbs) {
  KernelSpec kernel;
  kernel.name = "shard_push_scaler";
  kernel.source = kernels::shard_push_scaler();
  kernel.type = tt::target::metal::SourceType::Noc0;
  kernel.common_args = {scaler.port, std::bit_cast<uint32_t>(value),
                        static_cast<uint32_t>(cbs.size())};
  for (const CbSpec& cb : cbs) {
    kernel.common_args.push_back(cb.port);
    kernel.common_args.push_back(static_cast<uint32_t>(cb.pages));
  }
  return kernel;
}

}  // namespace tessera::builder::metal_lowering
