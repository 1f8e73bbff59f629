// Element-wise unary math on fp32 arrays: what the SFPU's *_tile functions compute,
// usable on a Dst tile or on a whole host tensor.
#pragma once

#include <span>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/sim/compute/sfpu_unary_list.h"

namespace tessera::sim::compute {

// One enumerator per entry of the SFPU unary list; the values are the
// kernel ABI's unary kinds (tessera_unary_kind).
enum class UnaryOp {
#define TESSERA_SFPU_UNARY(KIND, Enum, name, code, apply) k##Enum = code,
  TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY)
#undef TESSERA_SFPU_UNARY
};
#define TESSERA_SFPU_UNARY(KIND, Enum, name, code, apply) +1
inline constexpr int kUnaryOpCount = 0 TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY);
#undef TESSERA_SFPU_UNARY
inline constexpr UnaryOp kLastUnaryOp = static_cast<UnaryOp>(kUnaryOpCount - 1);

struct UnaryParams {
  float param = 0.0f;   // `p` of the list
  float param2 = 0.0f;  // `p2`
  bool approximate = false;
};

// Lower-case names as in tt-metal: "exp", "relu_max", "gelu", "eqz"...
const char* unary_op_name(UnaryOp op);
Result<UnaryOp> unary_op_from_name(std::string_view name);

// out[i] = op(in[i]). Same lengths; out may alias in.
Status apply_unary(UnaryOp op, std::span<const float> in, std::span<float> out,
                   const UnaryParams& params = {});

// In place.
Status apply_unary(UnaryOp op, std::span<float> values, const UnaryParams& params = {});

}  // namespace tessera::sim::compute
