// The TTNN writer: one flatbuffer Operation per graph op, TensorRefs at
// address 0 (the TTNN runtime allocates).
#include "tessera/builder/ttnn_writer.h"

#include "flatbuffer/tensor_refs.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"
#include "ttnn_op_writers.h"

namespace tessera::builder {
namespace {

namespace target = tt::target;
namespace ttnn = tt::target::ttnn;
using OperationOffset = flatbuffers::Offset<ttnn::Operation>;

class TtnnWriter {
 public:
  TtnnWriter(const Graph& graph, const TtnnWriteOptions& options)
      : graph_(graph), options_(options) {}

  Result<std::vector<uint8_t>> write(const sim::ChipDescriptor& chip);

 private:
  uint32_t new_id() { return next_id_++; }
  Result<TensorRefOffset> device_ref(TensorId tensor) {
    return device_tensor_ref(fbb_, device_ids_.at(tensor), graph_.tensor(tensor), 0, false);
  }
  Result<std::vector<TensorRefOffset>> device_refs(const std::vector<TensorId>& tensors) {
    std::vector<TensorRefOffset> refs;
    for (TensorId tensor : tensors) {
      TESSERA_ASSIGN_OR_RETURN(TensorRefOffset ref, device_ref(tensor));
      refs.push_back(ref);
    }
    return refs;
  }
  flatbuffers::Offset<target::DeviceRef> device() { return target::CreateDeviceRef(fbb_, 0); }
  void add(ttnn::OpType type, flatbuffers::Offset<void> body, const std::string& debug) {
    operations_.push_back(ttnn::CreateOperationDirect(fbb_, type, body, debug.c_str()));
  }
  Status add_op(const OpNode& op);

  const Graph& graph_;
  const TtnnWriteOptions& options_;
  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<OperationOffset> operations_;
  std::vector<uint32_t> device_ids_;
  uint32_t next_id_ = 1;  // 0 is the device
};

Status TtnnWriter::add_op(const OpNode& op) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<TensorRefOffset> ins, device_refs(op.inputs));
  TESSERA_ASSIGN_OR_RETURN(TensorRefOffset out, device_ref(op.output));
  TensorRefOffset bias = op.has_bias ? ins.back() : TensorRefOffset();
  const OpWriteContext context{fbb_, op.attributes, ins, bias, out};
  TESSERA_ASSIGN_OR_RETURN(flatbuffers::Offset<void> body, write_graph_op_body(op.kind, context));
  add(op.kind, body, graph_.tensor(op.output).name);
  return ok_status();
}

Result<std::vector<uint8_t>> TtnnWriter::write(const sim::ChipDescriptor& chip) {
  device_ids_.resize(graph_.tensors().size());
  for (uint32_t& id : device_ids_) id = new_id();
  std::vector<uint32_t> mesh_chips = {0};
  target::Dim2d mesh(1, 1);
  add(ttnn::OpType::OpenDeviceOp,
      ttnn::CreateOpenDeviceOpDirect(fbb_, &mesh, &mesh_chips, device()).Union(), "open device");

  std::vector<TensorRefOffset> program_inputs, program_outputs;
  std::vector<flatbuffers::Offset<target::GoldenTensor>> golden_inputs, golden_outputs;
  for (TensorId input : graph_.inputs()) {
    const TensorNode& tensor = graph_.tensor(input);
    uint32_t host_id = new_id();
    program_inputs.push_back(host_tensor_ref(fbb_, host_id, tensor));
    TESSERA_ASSIGN_OR_RETURN(auto golden, golden_tensor(fbb_, tensor));
    golden_inputs.push_back(golden);
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset out, device_ref(input));
    TensorRefOffset host = host_tensor_ref(fbb_, host_id, tensor);
    if (options_.to_from_device_ops) {
      add(ttnn::OpType::ToDeviceOp, ttnn::CreateToDeviceOp(fbb_, host, device(), out).Union(),
          tensor.name + " to device");
    } else {
      add(ttnn::OpType::ToMemoryConfigOp, ttnn::CreateToMemoryConfigOp(fbb_, host, out).Union(),
          tensor.name + " to device");
    }
  }
  // Device tensors are deallocated after their last use, outputs after
  // their move to the host.
  const int after_outputs = static_cast<int>(graph_.ops().size());
  std::vector<int> last_use(graph_.tensors().size(), -1);
  for (size_t i = 0; i < graph_.ops().size(); ++i) {
    for (TensorId in : graph_.ops()[i].inputs) last_use[in] = static_cast<int>(i);
    last_use[graph_.ops()[i].output] =
        std::max(last_use[graph_.ops()[i].output], static_cast<int>(i));
  }
  for (TensorId out : graph_.outputs()) last_use[out] = after_outputs;
  auto deallocate_dead = [&](int step) -> Status {
    for (TensorId id = 0; id < graph_.tensors().size(); ++id) {
      if (last_use[id] != step) continue;
      TESSERA_ASSIGN_OR_RETURN(TensorRefOffset ref, device_ref(id));
      add(ttnn::OpType::DeallocateOp, ttnn::CreateDeallocateOp(fbb_, ref).Union(),
          "deallocate " + graph_.tensor(id).name);
    }
    return ok_status();
  };
  TESSERA_RETURN_IF_ERROR(deallocate_dead(-1));  // inputs nobody reads
  for (size_t i = 0; i < graph_.ops().size(); ++i) {
    if (Status added = add_op(graph_.ops()[i]); !added.ok()) {
      return std::move(added).error().add_context("graph '" + graph_.name() + "'");
    }
    TESSERA_RETURN_IF_ERROR(deallocate_dead(static_cast<int>(i)));
  }
  for (TensorId output : graph_.outputs()) {
    const TensorNode& tensor = graph_.tensor(output);
    uint32_t host_id = new_id();
    program_outputs.push_back(host_tensor_ref(fbb_, host_id, tensor));
    TESSERA_ASSIGN_OR_RETURN(auto golden, golden_tensor(fbb_, tensor));
    golden_outputs.push_back(golden);
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset in, device_ref(output));
    TensorRefOffset host = host_tensor_ref(fbb_, host_id, tensor);
    if (options_.to_from_device_ops) {
      add(ttnn::OpType::FromDeviceOp, ttnn::CreateFromDeviceOp(fbb_, in, host).Union(),
          tensor.name + " to host");
    } else {
      add(ttnn::OpType::ToMemoryConfigOp, ttnn::CreateToMemoryConfigOp(fbb_, in, host).Union(),
          tensor.name + " to host");
    }
  }
  TESSERA_RETURN_IF_ERROR(deallocate_dead(after_outputs));
  add(ttnn::OpType::CloseDeviceOp, ttnn::CreateCloseDeviceOp(fbb_, device()).Union(),
      "close device");

  auto program =
      ttnn::CreateProgramDirect(fbb_, graph_.name().c_str(), &program_inputs, &program_outputs,
                                &operations_, 0, &golden_inputs, &golden_outputs);
  std::vector<flatbuffers::Offset<ttnn::Program>> programs = {program};
  target::Version version(0, 1, 0);
  TESSERA_ASSIGN_OR_RETURN(auto system, system_desc(fbb_, chip));
  auto root = ttnn::CreateTTNNBinaryDirect(fbb_, &version, "tessera-builder", system, &programs,
                                           format::schema_hash(format::BinaryKind::kTtnn).c_str(),
                                           format::kChecksumPlaceholder);
  ttnn::FinishSizePrefixedTTNNBinaryBuffer(fbb_, root);
  std::vector<uint8_t> bytes(fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize());
  TESSERA_RETURN_IF_ERROR(format::seal_binary(bytes, format::BinaryKind::kTtnn));
  return bytes;
}

}  // namespace

Result<std::vector<uint8_t>> write_ttnn_binary(const Graph& graph, const sim::ChipDescriptor& chip,
                                               const TtnnWriteOptions& options) {
  return TtnnWriter(graph, options).write(chip);
}

}  // namespace tessera::builder
