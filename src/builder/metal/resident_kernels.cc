// The reader / writer pair for ops whose operands and result stay in L1.
#include <bit>

#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {
namespace {

// (cb, pages) per operand.
void append_cb_pages(std::vector<KernelArg>& args, const std::vector<CbSpec>& cbs) {
  for (const CbSpec& cb : cbs) {
    args.push_back(cb_port(cb.port));
    args.push_back(literal("pages", cb.pages));
  }
}

}  // namespace

KernelSpec shard_push_kernel(const std::vector<CbSpec>& cbs) {
  KernelSpec kernel;
  kernel.name = "shard_push";
  kernel.source = kernels::shard_push();
  kernel.type = tt::target::metal::SourceType::Noc0;
  kernel.common_args.push_back(literal("operands", cbs.size()));
  append_cb_pages(kernel.common_args, cbs);
  return kernel;
}

KernelSpec shard_wait_kernel(const CbSpec& cb) {
  KernelSpec kernel;
  kernel.name = "shard_wait";
  kernel.source = kernels::shard_wait();
  kernel.type = tt::target::metal::SourceType::Noc1;
  kernel.common_args = {cb_port(cb.port), literal("pages", cb.pages)};
  return kernel;
}

KernelSpec shard_push_scaler_kernel(const CbSpec& scaler, float value,
                                    const std::vector<CbSpec>& cbs) {
  KernelSpec kernel;
  kernel.name = "shard_push_scaler";
  kernel.source = kernels::shard_push_scaler();
  kernel.type = tt::target::metal::SourceType::Noc0;
  kernel.common_args = {cb_port(scaler.port),
                        literal("scaler_bits", std::bit_cast<uint32_t>(value)),
                        literal("operands", cbs.size())};
  append_cb_pages(kernel.common_args, cbs);
  return kernel;
}

}  // namespace tessera::builder::metal_lowering
