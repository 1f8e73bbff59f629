#include "tessera/ttnn/math/conv2d.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {
namespace {

math::Conv2dParams conv2d_params(const fbn::Conv2dOp& op) {
  return {.in_channels = op.in_channels(),
          .out_channels = op.out_channels(),
          .batch_size = op.batch_size(),
          .input_height = op.input_height(),
          .input_width = op.input_width(),
          .kernel_height = op.kernel_height(),
          .kernel_width = op.kernel_width(),
          .stride_height = op.stride_height(),
          .stride_width = op.stride_width(),
          .padding_height = op.padding_height(),
          .padding_width = op.padding_width(),
          .dilation_height = op.dilation_height(),
          .dilation_width = op.dilation_width(),
          .groups = op.groups()};
}

}  // namespace

// Input is the flattened NHWC [1, 1, N*H*W, C]; weight [C_out, C_in/groups, KH, KW].
Status run_conv2d(const fbn::Conv2dOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor input, context.read_float(op.input(), "input"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor weight, context.read_float(op.weight(), "weight"));
  std::optional<math::Tensor> bias;
  if (op.bias()) {
    TESSERA_ASSIGN_OR_RETURN(bias, context.read_float(op.bias(), "bias"));
  }
  std::optional<math::ConstTensorView> bias_view;
  if (bias) bias_view = bias->view();
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out,
                           math::conv2d(input.view(), weight.view(), bias_view, conv2d_params(op)));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
