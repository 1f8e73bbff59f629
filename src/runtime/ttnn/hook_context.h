// The OpContext hooks receive: a view of one op and the tensors it touches,
// copied to host Float32 only when a hook asks for them.
#pragma once

#include <string>

#include "program_context.h"
#include "tessera/format/ttnn_operands.h"
#include "tessera/runtime/internal/operation_context.h"

namespace tessera::runtime::ttnn_backend {

class HookContext final : public OperationContext {
 public:
  HookContext(const fbn::Operation& op, uint32_t index, std::string name,
              const ProgramContext& program)
      : op_(op),
        index_(index),
        name_(std::move(name)),
        program_(program),
        operands_(format::ttnn_operands(op)) {}

  uint32_t op_index() const override { return index_; }
  std::string_view op_name() const override { return name_; }
  std::string_view debug_string() const override;
  const fbn::Operation& operation() const override { return op_; }
  uint32_t num_inputs() const override { return static_cast<uint32_t>(operands_.inputs.size()); }
  Result<Tensor> input(uint32_t i) const override;
  uint32_t num_outputs() const override { return static_cast<uint32_t>(operands_.outputs.size()); }
  Result<Tensor> output(uint32_t i) const override;
  Result<uint32_t> input_id(uint32_t i) const override;
  Result<uint32_t> output_id(uint32_t i) const override;

 private:
  // Operand i of `operands`, or an error naming the op and `kind`.
  Result<const fb::TensorRef*> operand(const std::vector<const fb::TensorRef*>& operands,
                                       uint32_t i, const char* kind) const;
  Result<Tensor> host_copy(const fb::TensorRef* ref, std::string_view operand) const;

  const fbn::Operation& op_;
  uint32_t index_;
  std::string name_;
  const ProgramContext& program_;
  format::TtnnOperands operands_;
};

}  // namespace tessera::runtime::ttnn_backend
