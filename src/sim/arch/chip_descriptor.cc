#include "tessera/sim/arch/chip_descriptor.h"

#include <algorithm>
#include <bit>
#include <set>

namespace tessera::sim {

Result<CoreCoord> ChipDescriptor::worker_noc_from_logical(CoreCoord logical) const {
  if (logical.x >= grid.x || logical.y >= grid.y) {
    return make_error(ErrorCode::kOutOfRange, "logical worker core ", to_string(logical),
                      " is outside the ", grid.x, "x", grid.y, " worker grid");
  }
  return worker_cores[worker_index(logical)];
}

Result<CoreCoord> ChipDescriptor::worker_logical_from_noc(CoreCoord noc) const {
  auto found = std::find(worker_cores.begin(), worker_cores.end(), noc);
  if (found == worker_cores.end()) {
    return make_error(ErrorCode::kNotFound, "NoC core ", to_string(noc),
                      " is not a worker core of this ", arch_name(arch), " chip");
  }
  return worker_logical(static_cast<uint32_t>(found - worker_cores.begin()));
}

Result<CoreCoord> ChipDescriptor::dram_noc_from_channel(uint32_t channel) const {
  if (channel >= dram_cores.size()) {
    return make_error(ErrorCode::kOutOfRange, "DRAM channel ", channel,
                      " does not exist (chip has ", dram_cores.size(), " channels)");
  }
  return dram_cores[channel];
}

std::optional<uint32_t> ChipDescriptor::dram_channel_from_noc(CoreCoord noc) const {
  auto found = std::find(dram_cores.begin(), dram_cores.end(), noc);
  if (found == dram_cores.end()) return std::nullopt;
  return static_cast<uint32_t>(found - dram_cores.begin());
}

bool ChipDescriptor::is_worker_noc(CoreCoord noc) const {
  return std::find(worker_cores.begin(), worker_cores.end(), noc) != worker_cores.end();
}

namespace {

Status check_alignment(std::string_view name, uint32_t value) {
  if (value == 0 || !std::has_single_bit(value)) {
    return make_error(ErrorCode::kInvalidArgument, name, " is ", value,
                      "; it must be a power of two");
  }
  return ok_status();
}

}  // namespace

Status ChipDescriptor::validate() const {
  if (grid.x == 0 || grid.y == 0) {
    return make_error(ErrorCode::kInvalidArgument, "worker grid ", grid.x, "x", grid.y,
                      " is empty");
  }
  if (worker_cores.size() != num_workers()) {
    return make_error(ErrorCode::kInvalidArgument, "worker grid ", grid.x, "x", grid.y, " has ",
                      num_workers(), " cores but ", worker_cores.size(),
                      " worker NoC coordinates are listed");
  }
  if (std::set<CoreCoord>(worker_cores.begin(), worker_cores.end()).size() != worker_cores.size()) {
    return make_error(ErrorCode::kInvalidArgument, "worker NoC coordinates repeat a core");
  }
  if (num_dram_channels == 0 || dram_cores.size() != num_dram_channels) {
    return make_error(ErrorCode::kInvalidArgument, num_dram_channels, " DRAM channels but ",
                      dram_cores.size(), " DRAM NoC cores are listed");
  }
  TESSERA_RETURN_IF_ERROR(check_alignment("noc_l1_address_align_bytes", noc_l1_address_align));
  TESSERA_RETURN_IF_ERROR(check_alignment("noc_dram_address_align_bytes", noc_dram_address_align));
  TESSERA_RETURN_IF_ERROR(check_alignment("pcie_address_align_bytes", pcie_address_align));
  if (l1_size == 0 || l1_unreserved_base >= l1_size) {
    return make_error(ErrorCode::kInvalidArgument, "L1 unreserved base ", l1_unreserved_base,
                      " is not below the L1 size ", l1_size);
  }
  if (dram_channel_size == 0 || dram_unreserved_base >= dram_channel_size) {
    return make_error(ErrorCode::kInvalidArgument, "DRAM unreserved base ", dram_unreserved_base,
                      " is not below the DRAM channel size ", dram_channel_size);
  }
  // Device kernels hold L1 addresses in uint32_t.
  if (l1_size > (uint64_t{1} << 30)) {
    return make_error(ErrorCode::kInvalidArgument, "L1 size ", l1_size,
                      " is larger than the 1 GiB tessera supports per core");
  }
  return ok_status();
}

}  // namespace tessera::sim
