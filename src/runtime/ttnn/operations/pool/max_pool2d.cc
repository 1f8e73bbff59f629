#include "tessera/ttnn/math/max_pool2d.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {
namespace {

math::MaxPool2dParams max_pool2d_params(const fbn::MaxPool2dOp& op) {
  return {.batch_size = op.batch_size(),
          .input_height = op.input_height(),
          .input_width = op.input_width(),
          .channels = op.channels(),
          .kernel_height = op.kernel_height(),
          .kernel_width = op.kernel_width(),
          .stride_height = op.stride_height(),
          .stride_width = op.stride_width(),
          .padding_height = op.padding_height(),
          .padding_width = op.padding_width(),
          .dilation_height = op.dilation_height(),
          .dilation_width = op.dilation_width()};
}

}  // namespace

Status run_max_pool2d(const fbn::MaxPool2dOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::max_pool2d(in.view(), max_pool2d_params(op)));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
