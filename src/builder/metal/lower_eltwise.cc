// Eltwise ops on resident shards: binary (add / sub / mul) and SFPU unary ops.
// Elementwise work does not care about page layout, so row-major and tiled
// tensors both run in 1024-element chunks.
#include <optional>

#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {
namespace {

using tt::target::ttnn::EltwiseOpType;

std::optional<const char*> binary_call(EltwiseOpType type) {
  switch (type) {
    case EltwiseOpType::Add:
      return "add_tiles";
    case EltwiseOpType::Subtract:
      return "sub_tiles";
    case EltwiseOpType::Multiply:
      return "mul_tiles";
    default:
      return std::nullopt;
  }
}

std::optional<const char*> unary_call(EltwiseOpType type) {
  switch (type) {
    case EltwiseOpType::Relu:
      return "relu_tile";
    case EltwiseOpType::Exp:
      return "exp_tile";
    case EltwiseOpType::Sqrt:
      return "sqrt_tile";
    case EltwiseOpType::Reciprocal:
      return "recip_tile";
    case EltwiseOpType::Sigmoid:
      return "sigmoid_tile";
    case EltwiseOpType::Tanh:
      return "tanh_tile";
    case EltwiseOpType::Neg:
      return "negative_tile";
    case EltwiseOpType::Abs:
      return "abs_tile";
    case EltwiseOpType::Log:
      return "log_tile";
    case EltwiseOpType::Gelu:
      return "gelu_tile";
    default:
      return std::nullopt;
  }
}

bool same_placement(const Buffer& a, const Buffer& b) {
  return a.node.shape == b.node.shape && a.node.type == b.node.type &&
         a.node.placement.layout == b.node.placement.layout && a.layout.grid_y == b.layout.grid_y &&
         a.layout.grid_x == b.layout.grid_x;
}

}  // namespace

Result<ProgramSpec> lower_eltwise(const OpBuffers& op) {
  EltwiseOpType type = op.op.attributes.eltwise;
  const Buffer& out = *op.output;
  for (const Buffer* in : op.inputs) {
    if (!same_placement(*in, out)) {
      return make_error(ErrorCode::kUnimplemented, "eltwise ", EnumNameEltwiseOpType(type),
                        ": operands must match the output's shape, type, layout and grid "
                        "(no broadcasting or implicit relayout in the TTM0 lowering)");
    }
  }
  const uint64_t chunk_bytes = 1024ull * out.layout.element_bytes;
  if (out.layout.shard_bytes % chunk_bytes != 0) {
    return make_error(ErrorCode::kUnimplemented, "eltwise: shard of ", out.layout.shard_bytes,
                      " bytes is not a whole number of 1024-element chunks");
  }
  if (out.layout.page_bytes % std::max<uint32_t>(1, op.chip.noc_l1_address_align) != 0) {
    return make_error(ErrorCode::kUnimplemented, "eltwise: rows of ", out.layout.page_bytes,
                      " bytes leave gaps between the aligned pages of a shard");
  }
  const uint64_t chunks = out.layout.shard_bytes / chunk_bytes;
  ProgramSpec program;
  program.grid_y = out.layout.grid_y;
  program.grid_x = out.layout.grid_x;
  KernelSpec compute;
  compute.type = tt::target::metal::SourceType::Tensix;
  compute.compile_args = {literal("tiles", chunks)};
  if (auto call = binary_call(type); call && op.inputs.size() == 2) {
    compute.name = "eltwise_binary";
    compute.source = kernels::eltwise_binary();
    const bool one_operand = op.inputs[0] == op.inputs[1];
    compute.defines = {{"BINARY_OP", *call},
                       {"BINARY_OP_INIT", std::string(*call) + "_init"},
                       {"RHS_CB", one_operand ? "tt::CB::c_in0" : "tt::CB::c_in1"}};
    program.cbs = {{kCbIn0, op.inputs[0], chunk_bytes, chunks}};
    if (!one_operand) program.cbs.push_back({kCbIn1, op.inputs[1], chunk_bytes, chunks});
  } else if (auto unary = unary_call(type); unary && op.inputs.size() == 1) {
    compute.name = "eltwise_unary";
    compute.source = kernels::eltwise_unary();
    compute.defines = {{"UNARY_OP", *unary}, {"UNARY_OP_INIT", std::string(*unary) + "_init"}};
    program.cbs = {{kCbIn0, op.inputs[0], chunk_bytes, chunks}};
  } else {
    return make_error(ErrorCode::kUnimplemented, "eltwise ", EnumNameEltwiseOpType(type),
                      " has no TTM0 kernel");
  }
  std::vector<CbSpec> inputs = program.cbs;
  CbSpec result{kCbOut0, &out, chunk_bytes, chunks};
  program.cbs.push_back(result);
  program.kernels = {shard_push_kernel(inputs), std::move(compute), shard_wait_kernel(result)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
