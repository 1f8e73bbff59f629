#include "tessera/sim/timing/timing_params.h"

#include <array>
#include <nlohmann/json.hpp>
#include <string>

extern const unsigned char tessera_timing_grayskull_json[];
extern const unsigned long tessera_timing_grayskull_json_size;
extern const unsigned char tessera_timing_wormhole_b0_json[];
extern const unsigned long tessera_timing_wormhole_b0_json_size;
extern const unsigned char tessera_timing_blackhole_json[];
extern const unsigned long tessera_timing_blackhole_json_size;

namespace tessera::sim::timing {

namespace {

using nlohmann::json;

std::string_view embedded_text(const unsigned char* bytes, unsigned long size) {
  return {reinterpret_cast<const char*>(bytes), size};
}

std::string_view builtin_json(Arch arch) {
  switch (arch) {
    case Arch::kGrayskull:
      return embedded_text(tessera_timing_grayskull_json, tessera_timing_grayskull_json_size);
    case Arch::kWormholeB0:
      return embedded_text(tessera_timing_wormhole_b0_json, tessera_timing_wormhole_b0_json_size);
    case Arch::kBlackhole:
      return embedded_text(tessera_timing_blackhole_json, tessera_timing_blackhole_json_size);
  }
  return {};
}

// Every parameter is {"value": ..., "source": "..."}: a value without its
// source is refused, so the files cannot lose track of where numbers came from.
Result<json> value_of(const json& root, const char* key) {
  auto found = root.find(key);
  if (found == root.end() || !found->is_object()) {
    return make_error(ErrorCode::kInvalidArgument, "parameter '", key, "' is missing");
  }
  auto source = found->find("source");
  if (source == found->end() || !source->is_string() || source->get<std::string>().empty()) {
    return make_error(ErrorCode::kInvalidArgument, "parameter '", key, "' names no source");
  }
  auto value = found->find("value");
  if (value == found->end()) {
    return make_error(ErrorCode::kInvalidArgument, "parameter '", key, "' has no value");
  }
  return *value;
}

Result<uint32_t> positive(const json& root, const char* key) {
  TESSERA_ASSIGN_OR_RETURN(json value, value_of(root, key));
  if (!value.is_number_unsigned() || value.get<uint64_t>() == 0 ||
      value.get<uint64_t>() > 1'000'000) {
    return make_error(ErrorCode::kInvalidArgument, "parameter '", key,
                      "' must be a whole number from 1 to 1000000");
  }
  return value.get<uint32_t>();
}

Status read_params(const json& root, TimingParams& params) {
  TESSERA_ASSIGN_OR_RETURN(json clock, value_of(root, "ai_clock_mhz"));
  if (!clock.is_number() || clock.get<double>() <= 0) {
    return make_error(ErrorCode::kInvalidArgument, "parameter 'ai_clock_mhz' must be positive");
  }
  params.ai_clock_mhz = clock.get<double>();
  TESSERA_ASSIGN_OR_RETURN(json grid, value_of(root, "noc_grid"));
  if (!grid.is_array() || grid.size() != 2 || !grid[0].is_number_unsigned() ||
      !grid[1].is_number_unsigned() || grid[0].get<uint32_t>() == 0 ||
      grid[1].get<uint32_t>() == 0 || grid[0].get<uint32_t>() > 256 ||
      grid[1].get<uint32_t>() > 256) {
    return make_error(ErrorCode::kInvalidArgument, "parameter 'noc_grid' must be [x, y], 1..256");
  }
  params.noc_grid_x = grid[0].get<uint32_t>();
  params.noc_grid_y = grid[1].get<uint32_t>();
  TESSERA_ASSIGN_OR_RETURN(params.noc_link_bytes_per_cycle,
                           positive(root, "noc_link_bytes_per_cycle"));
  TESSERA_ASSIGN_OR_RETURN(params.noc_hop_cycles, positive(root, "noc_hop_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.noc_read_issue_cycles, positive(root, "noc_read_issue_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.noc_write_issue_cycles, positive(root, "noc_write_issue_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.dram_page_read_loop_cycles,
                           positive(root, "dram_page_read_loop_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.dram_page_write_loop_cycles,
                           positive(root, "dram_page_write_loop_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.noc_vc_buffer_bytes, positive(root, "noc_vc_buffer_bytes"));
  TESSERA_ASSIGN_OR_RETURN(params.dram_bytes_per_cycle_per_channel,
                           positive(root, "dram_bytes_per_cycle_per_channel"));
  TESSERA_ASSIGN_OR_RETURN(params.dram_latency_cycles, positive(root, "dram_latency_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.l1_bytes_per_cycle, positive(root, "l1_bytes_per_cycle"));
  TESSERA_ASSIGN_OR_RETURN(params.unpack_both_bytes_per_cycle,
                           positive(root, "unpack_both_bytes_per_cycle"));
  TESSERA_ASSIGN_OR_RETURN(params.pack_accumulate_bytes_per_cycle,
                           positive(root, "pack_accumulate_bytes_per_cycle"));
  TESSERA_ASSIGN_OR_RETURN(json matmul, value_of(root, "matmul_tile_cycles_by_fidelity"));
  if (!matmul.is_array() || matmul.size() != 4) {
    return make_error(ErrorCode::kInvalidArgument,
                      "parameter 'matmul_tile_cycles_by_fidelity' must list LoFi, HiFi2, HiFi3, "
                      "HiFi4");
  }
  for (std::size_t i = 0; i < 4; ++i) {
    if (!matmul[i].is_number_unsigned() || matmul[i].get<uint32_t>() == 0) {
      return make_error(ErrorCode::kInvalidArgument,
                        "parameter 'matmul_tile_cycles_by_fidelity' must hold positive numbers");
    }
    params.matmul_tile_cycles_by_fidelity[i] = matmul[i].get<uint32_t>();
  }
  TESSERA_ASSIGN_OR_RETURN(params.eltwise_tile_cycles, positive(root, "eltwise_tile_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.reduce_tile_cycles, positive(root, "reduce_tile_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.sfpu_tile_cycles, positive(root, "sfpu_tile_cycles"));
  TESSERA_ASSIGN_OR_RETURN(params.kernel_launch_cycles, positive(root, "kernel_launch_cycles"));
  return ok_status();
}

}  // namespace

Result<TimingParams> timing_params_from_json(std::string_view text, std::string_view source) {
  const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  const std::string where = "timing parameters " + std::string(source);
  if (root.is_discarded() || !root.is_object()) {
    return make_error(ErrorCode::kInvalidArgument, where, ": not a JSON object");
  }
  auto arch_field = root.find("arch");
  if (arch_field == root.end() || !arch_field->is_string()) {
    return make_error(ErrorCode::kInvalidArgument, where, ": 'arch' is missing");
  }
  const std::optional<Arch> arch = arch_from_name(arch_field->get<std::string>());
  if (!arch) {
    return make_error(ErrorCode::kInvalidArgument, where, ": unknown arch '",
                      arch_field->get<std::string>(), "'");
  }
  TimingParams params;
  params.arch = *arch;
  Status status = read_params(root, params);
  if (!status.ok()) return std::move(status.with_context(where));
  return params;
}

// Parsed once per arch: every program run with device time asks, and
// parsing costs more than a small program's replay.
Result<TimingParams> builtin_timing_params(Arch arch) {
  static const std::array<Result<TimingParams>, 3> parsed = [] {
    auto parse = [](Arch a) {
      return timing_params_from_json(builtin_json(a),
                                     "built-in " + std::string(arch_name(a)) + ".json");
    };
    return std::array<Result<TimingParams>, 3>{parse(Arch::kGrayskull), parse(Arch::kWormholeB0),
                                               parse(Arch::kBlackhole)};
  }();
  return parsed[static_cast<std::size_t>(arch)];
}

}  // namespace tessera::sim::timing
