// Shared by all compute-kernel headers: the entry-point spelling of 2024
// compute kernels (namespace NAMESPACE { void MAIN { ... } }), the ckernel
// namespace, and the one host call every tile operation goes through.
#pragma once

#include "api/circular_buffer.h"
#include "api/compile_time_args.h"
#include "api/kernel_args.h"
#include "tessera_kernel_runtime.h"

// The compute fiber is all three TRISCs at once: run every part.
#define MATH(x) x
#define PACK(x) x
#define UNPACK(x) x
#ifndef NAMESPACE
#define NAMESPACE tessera_compute
#endif
#ifndef MAIN
#define MAIN kernel_main()
#endif
#ifndef ALWI
#define ALWI inline __attribute__((always_inline))
#endif

namespace tessera_kernel {

template <typename... Args>
FORCE_INLINE void compute_call(uint32_t op, Args... args) {
  const uint32_t operands[sizeof...(Args) + 1] = {static_cast<uint32_t>(args)..., 0u};
  host()->compute(ctx(), op, operands, sizeof...(Args));
}

}  // namespace tessera_kernel

namespace ckernel {}
using namespace ckernel;

// As in tt-metal, every compute header also brings the Dst handoff and
// pack_tile (included last: they build on the definitions above).
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
