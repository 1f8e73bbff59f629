// Graph construction: each op computes its reference output as it is added.
#include "tessera/builder/graph.h"

#include <cmath>

#include "reference/reference_ops.h"

namespace tessera::builder {
namespace {

namespace ttnn = tt::target::ttnn;

// splitmix64: portable, so the generated inputs are the same everywhere.
uint64_t next_random(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::vector<double> generate(int64_t count, const InputFill& fill) {
  std::vector<double> values(static_cast<size_t>(count));
  uint64_t state = fill.seed;
  for (double& value : values) {
    double unit = static_cast<double>(next_random(state) >> 11) * 0x1.0p-53;
    value = fill.low + unit * (fill.high - fill.low);
    if (fill.integers) value = std::floor(fill.low + unit * (fill.high - fill.low + 1.0));
  }
  return values;
}

std::string op_label(ttnn::OpType kind, size_t index) {
  return std::string(ttnn::EnumNameOpType(kind)) + "_" + std::to_string(index);
}

}  // namespace

TensorId Graph::input(std::string name, std::vector<int64_t> shape, tt::target::DataType type,
                      Placement placement, InputFill fill) {
  TensorNode node;
  node.name = std::move(name);
  node.shape = shape;
  node.type = type;
  node.placement = placement;
  node.value =
      reference::round_to(RefTensor{shape, generate(reference::element_count(shape), fill)}, type);
  tensors_.push_back(std::move(node));
  TensorId id = static_cast<TensorId>(tensors_.size() - 1);
  inputs_.push_back(id);
  return id;
}

Status Graph::check_ids(const std::vector<TensorId>& ids) const {
  for (TensorId id : ids) {
    if (id >= tensors_.size()) {
      return make_error(ErrorCode::kInvalidArgument, "tensor ", id, " is not in graph '", name_,
                        "'");
    }
  }
  return ok_status();
}

Result<TensorId> Graph::add_op(ttnn::OpType kind, OpAttributes attributes,
                               std::vector<TensorId> inputs, bool has_bias, Result<RefTensor> value,
                               Placement placement, tt::target::DataType type, std::string name) {
  if (!value.ok()) {
    return std::move(value).error().add_context("graph '" + name_ +
                                                "': " + op_label(kind, ops_.size()));
  }
  TensorNode node;
  node.name = name.empty() ? op_label(kind, ops_.size()) : std::move(name);
  node.type = type;
  node.placement = placement;
  node.value = reference::round_to(std::move(value).value(), type);
  node.shape = node.value.shape;
  tensors_.push_back(std::move(node));
  OpNode op;
  op.kind = kind;
  op.attributes = std::move(attributes);
  op.inputs = std::move(inputs);
  op.has_bias = has_bias;
  op.output = static_cast<TensorId>(tensors_.size() - 1);
  ops_.push_back(std::move(op));
  return ops_.back().output;
}

Result<TensorId> Graph::eltwise(ttnn::EltwiseOpType type, std::vector<TensorId> ins,
                                std::optional<Placement> placement,
                                std::optional<tt::target::DataType> out_type) {
  TESSERA_RETURN_IF_ERROR(check_ids(ins));
  if (ins.empty()) return make_error(ErrorCode::kInvalidArgument, "eltwise op without inputs");
  Result<RefTensor> value = make_error(ErrorCode::kInternal, "");
  if (ins.size() == 1) {
    value = reference::eltwise_unary(type, tensors_[ins[0]].value);
  } else if (ins.size() == 2) {
    value = reference::eltwise_binary(type, tensors_[ins[0]].value, tensors_[ins[1]].value);
  } else if (ins.size() == 3 && type == ttnn::EltwiseOpType::Where) {
    value =
        reference::where(tensors_[ins[0]].value, tensors_[ins[1]].value, tensors_[ins[2]].value);
  } else {
    return make_error(ErrorCode::kInvalidArgument, "eltwise ", ttnn::EnumNameEltwiseOpType(type),
                      " does not take ", ins.size(), " inputs");
  }
  OpAttributes attributes;
  attributes.eltwise = type;
  const TensorNode& first = tensors_[ins.size() == 3 ? ins[1] : ins[0]];
  return add_op(ttnn::OpType::EltwiseOp, attributes, ins, false, std::move(value),
                placement.value_or(first.placement), out_type.value_or(first.type), "");
}

Result<TensorId> Graph::matmul(TensorId lhs, TensorId rhs, std::optional<Placement> placement) {
  TESSERA_RETURN_IF_ERROR(check_ids({lhs, rhs}));
  return add_op(ttnn::OpType::MatmulOp, {}, {lhs, rhs}, false,
                reference::matmul(tensors_[lhs].value, tensors_[rhs].value),
                placement.value_or(tensors_[lhs].placement), tensors_[lhs].type, "");
}

Result<TensorId> Graph::linear(TensorId lhs, TensorId rhs, std::optional<TensorId> bias,
                               std::optional<Placement> placement) {
  std::vector<TensorId> ins = {lhs, rhs};
  if (bias) ins.push_back(*bias);
  TESSERA_RETURN_IF_ERROR(check_ids(ins));
  return add_op(ttnn::OpType::LinearOp, {}, ins, bias.has_value(),
                reference::linear(tensors_[lhs].value, tensors_[rhs].value,
                                  bias ? &tensors_[*bias].value : nullptr),
                placement.value_or(tensors_[lhs].placement), tensors_[lhs].type, "");
}

Result<TensorId> Graph::reduce(ttnn::ReductionOpType type, TensorId in, std::vector<int32_t> dims,
                               bool keep_dim, std::optional<Placement> placement) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.reduction = type;
  attributes.dims = dims;
  attributes.keep_dim = keep_dim;
  return add_op(ttnn::OpType::ReductionOp, attributes, {in}, false,
                reference::reduce(type, tensors_[in].value, dims, keep_dim),
                placement.value_or(tensors_[in].placement), tensors_[in].type, "");
}

Result<TensorId> Graph::softmax(TensorId in, int32_t dimension,
                                std::optional<Placement> placement) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.dim0 = dimension;
  return add_op(ttnn::OpType::SoftmaxOp, attributes, {in}, false,
                reference::softmax(tensors_[in].value, dimension),
                placement.value_or(tensors_[in].placement), tensors_[in].type, "");
}

Result<TensorId> Graph::transpose(TensorId in, int32_t dim0, int32_t dim1) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.dim0 = dim0;
  attributes.dim1 = dim1;
  return add_op(ttnn::OpType::TransposeOp, attributes, {in}, false,
                reference::transpose(tensors_[in].value, dim0, dim1), tensors_[in].placement,
                tensors_[in].type, "");
}

Result<TensorId> Graph::permute(TensorId in, std::vector<int64_t> permutation) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.permutation = permutation;
  return add_op(ttnn::OpType::PermuteOp, attributes, {in}, false,
                reference::permute(tensors_[in].value, permutation), tensors_[in].placement,
                tensors_[in].type, "");
}

Result<TensorId> Graph::slice(TensorId in, std::vector<int64_t> begins, std::vector<int64_t> ends,
                              std::vector<int64_t> step) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.begins = begins;
  attributes.ends = ends;
  attributes.step = step;
  return add_op(ttnn::OpType::SliceOp, attributes, {in}, false,
                reference::slice(tensors_[in].value, begins, ends, step), tensors_[in].placement,
                tensors_[in].type, "");
}

Result<TensorId> Graph::pad(TensorId in, std::vector<uint32_t> padding, float value) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.padding = padding;
  attributes.fill_value = value;
  return add_op(ttnn::OpType::PadOp, attributes, {in}, false,
                reference::pad(tensors_[in].value, padding, value), tensors_[in].placement,
                tensors_[in].type, "");
}

Result<TensorId> Graph::concat(std::vector<TensorId> ins, int32_t dim) {
  TESSERA_RETURN_IF_ERROR(check_ids(ins));
  if (ins.empty()) return make_error(ErrorCode::kInvalidArgument, "concat without inputs");
  std::vector<RefTensor> values;
  for (TensorId id : ins) values.push_back(tensors_[id].value);
  OpAttributes attributes;
  attributes.dim0 = dim;
  return add_op(ttnn::OpType::ConcatOp, attributes, ins, false, reference::concat(values, dim),
                tensors_[ins[0]].placement, tensors_[ins[0]].type, "");
}

Result<TensorId> Graph::reshape(TensorId in, std::vector<int64_t> shape) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  OpAttributes attributes;
  attributes.shape = shape;
  return add_op(ttnn::OpType::ReshapeOp, attributes, {in}, false,
                reference::reshape(tensors_[in].value, shape), tensors_[in].placement,
                tensors_[in].type, "");
}

Result<TensorId> Graph::embedding(TensorId indices, TensorId weight) {
  TESSERA_RETURN_IF_ERROR(check_ids({indices, weight}));
  return add_op(ttnn::OpType::EmbeddingOp, {}, {indices, weight}, false,
                reference::embedding(tensors_[indices].value, tensors_[weight].value),
                tensors_[weight].placement, tensors_[weight].type, "");
}

namespace {
reference::Conv2dParams spatial(const OpAttributes& a) {
  reference::Conv2dParams p;
  p.in_channels = a.in_channels;
  p.out_channels = a.out_channels;
  p.batch = a.batch;
  p.height = a.height;
  p.width = a.width;
  p.kernel_h = a.kernel_h;
  p.kernel_w = a.kernel_w;
  p.stride_h = std::max(1u, a.stride_h);
  p.stride_w = std::max(1u, a.stride_w);
  p.pad_h = a.pad_h;
  p.pad_w = a.pad_w;
  p.dilation_h = std::max(1u, a.dilation_h);
  p.dilation_w = std::max(1u, a.dilation_w);
  p.groups = std::max(1u, a.groups);
  return p;
}
}  // namespace

Result<TensorId> Graph::conv2d(TensorId input, TensorId weight, std::optional<TensorId> bias,
                               const OpAttributes& conv) {
  std::vector<TensorId> ins = {input, weight};
  if (bias) ins.push_back(*bias);
  TESSERA_RETURN_IF_ERROR(check_ids(ins));
  return add_op(ttnn::OpType::Conv2dOp, conv, ins, bias.has_value(),
                reference::conv2d(tensors_[input].value, tensors_[weight].value,
                                  bias ? &tensors_[*bias].value : nullptr, spatial(conv)),
                tensors_[input].placement, tensors_[input].type, "");
}

Result<TensorId> Graph::max_pool2d(TensorId input, const OpAttributes& pool) {
  TESSERA_RETURN_IF_ERROR(check_ids({input}));
  return add_op(ttnn::OpType::MaxPool2dOp, pool, {input}, false,
                reference::max_pool2d(tensors_[input].value, spatial(pool)),
                tensors_[input].placement, tensors_[input].type, "");
}

Result<TensorId> Graph::full(std::vector<int64_t> shape, float value, tt::target::DataType type,
                             Placement placement) {
  OpAttributes attributes;
  attributes.fill_value = value;
  return add_op(ttnn::OpType::FullOp, attributes, {}, false, reference::full(shape, value),
                placement, type, "");
}

Result<TensorId> Graph::empty(std::vector<int64_t> shape, tt::target::DataType type,
                              Placement placement) {
  auto id = add_op(ttnn::OpType::EmptyOp, {}, {}, false, reference::full(shape, 0.0), placement,
                   type, "");
  if (id.ok()) tensors_[*id].checkable = false;
  return id;
}

Result<TensorId> Graph::relayout(TensorId in, Placement placement) {
  TESSERA_RETURN_IF_ERROR(check_ids({in}));
  const Placement& from = tensors_[in].placement;
  bool layout_only = from.space == placement.space && from.grid_x == placement.grid_x &&
                     from.grid_y == placement.grid_y;
  return add_op(layout_only ? ttnn::OpType::ToLayoutOp : ttnn::OpType::ToMemoryConfigOp, {}, {in},
                false, tensors_[in].value, placement, tensors_[in].type, "");
}

}  // namespace tessera::builder
