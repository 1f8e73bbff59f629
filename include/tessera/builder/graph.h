// An op graph to write as a binary: tensors with placements and data types,
// TTNN ops between them, and the float64 reference values of every tensor,
// computed eagerly as ops are added (the goldens).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/generated.h"

namespace tessera::builder {

using TensorId = uint32_t;

enum class Layout { kRowMajor, kTile };

// Where a tensor lives on the device and how it is cut: L1 tensors are block
// sharded over a grid of cores starting at (0, 0); DRAM tensors are interleaved.
struct Placement {
  tt::target::MemorySpace space = tt::target::MemorySpace::DeviceL1;
  Layout layout = Layout::kRowMajor;
  int grid_y = 1;
  int grid_x = 1;
};

struct TensorNode {
  std::string name;
  std::vector<int64_t> shape;
  tt::target::DataType type = tt::target::DataType::Float32;
  Placement placement;
  RefTensor value;        // reference values, rounded to `type`
  bool checkable = true;  // false: values are unspecified (EmptyOp)
};

// Attributes of the op kinds that have some; unused fields are ignored.
struct OpAttributes {
  tt::target::ttnn::EltwiseOpType eltwise{};
  tt::target::ttnn::ReductionOpType reduction{};
  std::vector<int32_t> dims;  // reduction dim_arg
  bool keep_dim = false;
  int32_t dim0 = 0, dim1 = 0;               // softmax dimension (dim0), transpose, concat (dim0)
  std::vector<int64_t> permutation;         // permute
  std::vector<int64_t> begins, ends, step;  // slice
  std::vector<int64_t> shape;               // reshape
  std::vector<uint32_t> padding;            // pad: (before, after) per dim
  float fill_value = 0.0f;                  // full, pad
  // Conv2d / MaxPool2d.
  uint32_t in_channels = 0, out_channels = 0, batch = 0, height = 0, width = 0;
  uint32_t kernel_h = 1, kernel_w = 1, stride_h = 1, stride_w = 1;
  uint32_t pad_h = 0, pad_w = 0, dilation_h = 1, dilation_w = 1, groups = 1;
};

struct OpNode {
  tt::target::ttnn::OpType kind = tt::target::ttnn::OpType::NONE;
  OpAttributes attributes;
  std::vector<TensorId> inputs;  // schema field order, bias last when present
  bool has_bias = false;         // Conv2d / Linear
  TensorId output = 0;
};

// Deterministic values for generated inputs.
struct InputFill {
  uint64_t seed = 1;
  double low = -1.0;
  double high = 1.0;
  bool integers = false;  // whole numbers in [low, high] (embedding indices)
};

class Graph {
 public:
  explicit Graph(std::string name) : name_(std::move(name)) {}

  const std::string& name() const { return name_; }
  const std::vector<TensorNode>& tensors() const { return tensors_; }
  const TensorNode& tensor(TensorId id) const { return tensors_[id]; }
  const std::vector<OpNode>& ops() const { return ops_; }
  const std::vector<TensorId>& inputs() const { return inputs_; }
  const std::vector<TensorId>& outputs() const { return outputs_; }

  // A program input with generated values (rounded to `type`).
  TensorId input(std::string name, std::vector<int64_t> shape, tt::target::DataType type,
                 Placement placement, InputFill fill = {});
  // A program output; its reference values are the expected outputs.
  void output(TensorId id) { outputs_.push_back(id); }

  // Ops. The output takes the first input's placement and type unless given.
  Result<TensorId> eltwise(tt::target::ttnn::EltwiseOpType type, std::vector<TensorId> ins,
                           std::optional<Placement> placement = {},
                           std::optional<tt::target::DataType> out_type = {});
  Result<TensorId> matmul(TensorId lhs, TensorId rhs, std::optional<Placement> placement = {});
  Result<TensorId> linear(TensorId lhs, TensorId rhs, std::optional<TensorId> bias,
                          std::optional<Placement> placement = {});
  Result<TensorId> reduce(tt::target::ttnn::ReductionOpType type, TensorId in,
                          std::vector<int32_t> dims, bool keep_dim,
                          std::optional<Placement> placement = {});
  Result<TensorId> softmax(TensorId in, int32_t dimension, std::optional<Placement> placement = {});
  Result<TensorId> transpose(TensorId in, int32_t dim0, int32_t dim1);
  Result<TensorId> permute(TensorId in, std::vector<int64_t> permutation);
  Result<TensorId> slice(TensorId in, std::vector<int64_t> begins, std::vector<int64_t> ends,
                         std::vector<int64_t> step);
  Result<TensorId> concat(std::vector<TensorId> ins, int32_t dim);
  // (before, after) per dim, outermost first; new elements are `value`.
  Result<TensorId> pad(TensorId in, std::vector<uint32_t> padding, float value);
  Result<TensorId> reshape(TensorId in, std::vector<int64_t> shape);
  Result<TensorId> embedding(TensorId indices, TensorId weight);
  Result<TensorId> conv2d(TensorId input, TensorId weight, std::optional<TensorId> bias,
                          const OpAttributes& conv);
  Result<TensorId> max_pool2d(TensorId input, const OpAttributes& pool);
  Result<TensorId> full(std::vector<int64_t> shape, float value, tt::target::DataType type,
                        Placement placement);
  Result<TensorId> empty(std::vector<int64_t> shape, tt::target::DataType type,
                         Placement placement);
  // Same values, another placement: a layout change (ToLayout) when only the
  // layout differs, otherwise a memory move (ToMemoryConfig).
  Result<TensorId> relayout(TensorId in, Placement placement);

 private:
  Result<TensorId> add_op(tt::target::ttnn::OpType kind, OpAttributes attributes,
                          std::vector<TensorId> inputs, bool has_bias, Result<RefTensor> value,
                          Placement placement, tt::target::DataType type, std::string name);
  Status check_ids(const std::vector<TensorId>& ids) const;

  std::string name_;
  std::vector<TensorNode> tensors_;
  std::vector<OpNode> ops_;
  std::vector<TensorId> inputs_;
  std::vector<TensorId> outputs_;
};

}  // namespace tessera::builder
