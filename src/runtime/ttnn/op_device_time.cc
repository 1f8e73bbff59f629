#include "op_device_time.h"

#include <optional>

#include "../program_device_time.h"
#include "tessera/format/ttnn_operands.h"
#include "tessera/sim/timing/op_estimate.h"

namespace tessera::runtime::ttnn_backend {

namespace {

constexpr uint64_t kTile = 32;

uint64_t tiles_of(const ttnn::TensorSpec& spec) {
  const std::vector<int64_t>& dims = spec.shape.dims();
  uint64_t rows = 1, cols = 1, batch = 1;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const uint64_t dim = static_cast<uint64_t>(std::max<int64_t>(dims[i], 1));
    if (i + 1 == dims.size()) {
      cols = dim;
    } else if (i + 2 == dims.size()) {
      rows = dim;
    } else {
      batch *= dim;
    }
  }
  return batch * ((rows + kTile - 1) / kTile) * ((cols + kTile - 1) / kTile);
}

// Tiles of a matmul's inner loop: batch x Mt x Kt x Nt.
uint64_t matmul_tiles(const ttnn::TensorSpec& a, const ttnn::TensorSpec& b) {
  const std::vector<int64_t>& ad = a.shape.dims();
  const std::vector<int64_t>& bd = b.shape.dims();
  if (ad.size() < 2 || bd.empty()) return tiles_of(a);
  const uint64_t k = static_cast<uint64_t>(ad.back());
  const uint64_t n = static_cast<uint64_t>(bd.back());
  const uint64_t kt = (k + kTile - 1) / kTile, nt = (n + kTile - 1) / kTile;
  return tiles_of(a) / std::max<uint64_t>(kt, 1) * kt * nt;
}

std::optional<ProgramDeviceTime> estimated(const sim::timing::ProgramTiming& timing,
                                           const std::string& name, uint32_t index) {
  ProgramDeviceTime time = program_device_time(timing);
  time.name = name;
  time.category = "op";
  time.index = static_cast<int32_t>(index);
  time.estimated = true;
  return time;
}

// Ops whose kernels only move data (TTNN's data movement ops, resharding):
// no tile passes through the math engine.
bool moves_data_only(const std::string& name) {
  for (const char* op : {"ToMemoryConfigOp", "TransposeOp", "ConcatOp", "ReshapeOp", "PermuteOp",
                         "SliceOp", "PadOp", "EmbeddingOp"}) {
    if (name == op) return true;
  }
  return false;
}

}  // namespace

Result<std::optional<ProgramDeviceTime>> op_device_time(const fbn::Operation& op,
                                                        const std::string& name, uint32_t index,
                                                        ProgramContext& context) {
  // Ops that only manage the device or its memory run no kernels; moving a
  // tensor between host and device is the host's DMA, not a program.
  for (const char* host_only : {"OpenDeviceOp", "CloseDeviceOp", "GetDeviceOp", "DeallocateOp",
                                "EmptyOp", "ToDeviceOp", "FromDeviceOp"}) {
    if (name == host_only) return std::optional<ProgramDeviceTime>();
  }
  const sim::ChipDescriptor& chip = context.device().descriptor();
  TESSERA_ASSIGN_OR_RETURN(sim::timing::TimingParams params,
                           sim::timing::builtin_timing_params(chip.arch));
  const format::TtnnOperands operands = format::ttnn_operands(op);
  sim::timing::OpWork work;
  std::vector<ttnn::TensorSpec> inputs;
  bool on_device = false;
  const bool data_movement = moves_data_only(name);
  // A device tensor's bytes cross DRAM's channels if it lives there, and
  // a data movement kernel's NoC port wherever it lives.
  auto count_traffic = [&](const ttnn::TensorSpec& spec) -> Status {
    if (!spec.on_device()) return ok_status();
    on_device = true;
    TESSERA_ASSIGN_OR_RETURN(uint64_t bytes, spec.size_bytes());
    if (spec.placement == ttnn::Placement::kDeviceDram) work.dram_bytes += bytes;
    if (data_movement) work.noc_bytes += bytes;
    return ok_status();
  };
  for (const auto* ref : operands.inputs) {
    if (!ref) continue;
    TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec spec, spec_from_ref(*ref));
    TESSERA_RETURN_IF_ERROR(count_traffic(spec));
    inputs.push_back(std::move(spec));
  }
  for (const auto* ref : operands.outputs) {
    if (!ref) continue;
    TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec spec, spec_from_ref(*ref));
    TESSERA_RETURN_IF_ERROR(count_traffic(spec));
    work.output_tiles += tiles_of(spec);
  }
  if (!on_device) return std::optional<ProgramDeviceTime>();  // host tensors: no kernels
  if (data_movement) return estimated(sim::timing::estimate_op(params, chip, work), name, index);
  const bool matmul = name.starts_with("MatmulOp") || name.starts_with("LinearOp");
  if (matmul && inputs.size() >= 2) {
    // The compute kernel API's default fidelity, HiFi4, as TTM0 kernels get.
    work.math_cycles =
        matmul_tiles(inputs[0], inputs[1]) * params.matmul_tile_cycles_by_fidelity[3];
  } else if (name.starts_with("ReductionOp") && !inputs.empty()) {
    // Every input tile passes through the reduce, at HiFi4 as above.
    work.math_cycles = tiles_of(inputs[0]) * params.reduce_tile_cycles * 4;
  } else {
    const bool sfpu = !name.starts_with("EltwiseOp Add") && !name.starts_with("EltwiseOp Sub") &&
                      !name.starts_with("EltwiseOp Mul") && name.starts_with("EltwiseOp");
    work.math_cycles =
        work.output_tiles * (sfpu ? params.sfpu_tile_cycles : params.eltwise_tile_cycles);
  }
  return estimated(sim::timing::estimate_op(params, chip, work), name, index);
}

}  // namespace tessera::runtime::ttnn_backend
