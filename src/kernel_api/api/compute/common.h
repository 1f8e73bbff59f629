// Shared by all compute-kernel headers: the entry-point spelling of 2024
// compute kernels (namespace NAMESPACE { void MAIN { ... } }), the compute
// config as constexpr values, the ckernel namespace and its shared enums,
// and the one host call every tile operation goes through.
#pragma once

#include "api/circular_buffer.h"
#include "api/compile_time_args.h"
#include "api/data_format.h"
#include "api/kernel_args.h"
#include "tessera_kernel_runtime.h"

// The compute fiber is all three TRISCs at once: run every part.
#define MATH(x) x
#define PACK(x) x
#define UNPACK(x) x
#ifndef NAMESPACE
#define NAMESPACE tessera_compute
#endif
// Not kernel_main(): 2025 compiler kernels define kernel_main() and then
// `void MAIN { kernel_main(); }` in NAMESPACE (tessera_kernel_entry.h runs
// either).
#ifndef MAIN
#define MAIN tessera_compute_main()
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

// The compute config, as constexpr values like tt-metal's generated
// descriptors (a #define would clobber identifiers and make #ifdef lie).
#ifndef TESSERA_DST_ACCUM_MODE
#define TESSERA_DST_ACCUM_MODE false
#endif
#ifndef TESSERA_APPROX
#define TESSERA_APPROX false
#endif
#ifndef TESSERA_DST_SYNC_FULL
#define TESSERA_DST_SYNC_FULL 0
#endif
#ifndef TESSERA_MATH_FIDELITY
#define TESSERA_MATH_FIDELITY 4
#endif
constexpr bool DST_ACCUM_MODE = TESSERA_DST_ACCUM_MODE;
// A macro in tt-metal's generated descriptors too (kernels test it with
// #if defined(DST_SYNC_MODE)).
#if TESSERA_DST_SYNC_FULL
#define DST_SYNC_MODE DstSync::SyncFull
#else
#define DST_SYNC_MODE DstSync::SyncHalf
#endif
constexpr bool APPROX = TESSERA_APPROX;
constexpr int32_t MATH_FIDELITY = TESSERA_MATH_FIDELITY;

namespace ckernel {

// Declared for every compute header, as tt-metal's llk definitions are.
// Unscoped as in tt-metal, whose kernels write both ELWADD and
// EltwiseBinaryType::ELWADD.
enum EltwiseBinaryType : uint8_t {
  ELWADD = TESSERA_BINARY_ADD,
  ELWSUB = TESSERA_BINARY_SUB,
  ELWMUL = TESSERA_BINARY_MUL,
  ELWDIV = TESSERA_BINARY_DIV,
};
enum class EltwiseBinaryReuseDestType : uint8_t { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
enum class BroadcastType : uint8_t { NONE = 0, ROW = 1, COL = 2, SCALAR = 3 };
enum class PoolType : uint8_t { SUM = 0, AVG = 1, MAX = 2, MIN = 3 };
enum class ReduceDim : uint8_t { REDUCE_ROW = 0, REDUCE_COL = 1, REDUCE_SCALAR = 2 };
enum class VectorMode : uint8_t { None = 0, R = 1, C = 2, RC = 4, RC_custom = 6, Invalid = 0xff };
enum class DataLayout : uint8_t { TILE = 0, ROW_MAJOR = 1 };
enum DstSync : uint8_t { SyncHalf = 0, SyncFull = 1 };

}  // namespace ckernel
using namespace ckernel;

// As in tt-metal, every compute header also brings the Dst handoff,
// pack_tile, the data format reconfiguration, the CB calls and
// compute_kernel_hw_startup (included last: they build on the definitions
// above).
#include "api/compute/cb_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/pack.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/reg_api.h"
// tt-metal's compute kernels may open profiler zones with no include.
#include "tools/profiler/kernel_profiler.hpp"
