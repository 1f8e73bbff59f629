#include "tessera/metal/program/tensor_accessor_args.h"

#include <algorithm>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/buffer/buffer_page_map.h"

namespace tessera::metal {
namespace {

using Arg = TensorAccessorArg;

bool has(uint32_t flags, Arg bit) {
  return (flags & static_cast<uint32_t>(bit)) != 0;
}

struct Distribution {
  std::vector<uint32_t> tensor_shape, shard_shape;  // in pages
  std::vector<uint32_t> bank_xy;                    // (x << 8) | y per bank, shard order
};

// The NoC coordinates of a bank, two to a word: a DRAM channel as
// {channel, 0} (tt-metal's logical DRAM coordinates), a worker core by its
// NoC coordinates.
Result<uint32_t> bank_word(const sim::ChipDescriptor& desc, sim::MemoryType type,
                           sim::CoreCoord core) {
  sim::CoreCoord xy = core;
  if (type == sim::MemoryType::kL1) {
    TESSERA_ASSIGN_OR_RETURN(xy, desc.worker_noc_from_logical(core));
  }
  return ((xy.x & 0xffu) << 8) | (xy.y & 0xffu);
}

// An N-d distribution is tt-metal's own: its shapes and core list as given.
Result<Distribution> nd_distribution(const Buffer& buffer) {
  const sim::DistributionSpec& nd = *buffer.info().spec.distribution;
  Distribution d{nd.tensor_pages, nd.shard_pages, {}};
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
  for (sim::CoreCoord core : nd.cores) {
    TESSERA_ASSIGN_OR_RETURN(uint32_t word,
                             bank_word(chip->descriptor(), buffer.memory_type(), core));
    d.bank_xy.push_back(word);
  }
  return d;
}

// One shard per core: the bank of shard i is the bank of its first page.
Result<Distribution> sharded_distribution(const Buffer& buffer) {
  const sim::BufferInfo& info = buffer.info();
  if (info.spec.distribution) return nd_distribution(buffer);
  const sim::ShardSpec& shard = *info.spec.shard;
  const uint32_t shard_rows = shard.shard_shape[0] / shard.page_shape[0];
  const uint32_t shard_cols = shard.shard_shape[1] / shard.page_shape[1];
  Distribution d{{shard.tensor_pages[0], shard.tensor_pages[1]}, {shard_rows, shard_cols}, {}};
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
  const sim::ChipDescriptor& desc = chip->descriptor();
  const uint32_t grid_rows = (shard.tensor_pages[0] + shard_rows - 1) / shard_rows;
  const uint32_t grid_cols = (shard.tensor_pages[1] + shard_cols - 1) / shard_cols;
  for (uint32_t r = 0; r < grid_rows; ++r) {
    for (uint32_t c = 0; c < grid_cols; ++c) {
      const uint64_t page = uint64_t{r} * shard_rows * shard.tensor_pages[1] + c * shard_cols;
      const uint32_t bank = info.pages->location(page).bank;
      const sim::CoreCoord core = info.spec.memory_type == sim::MemoryType::kL1
                                      ? desc.worker_logical(bank)
                                      : sim::CoreCoord{bank, 0};
      TESSERA_ASSIGN_OR_RETURN(uint32_t word, bank_word(desc, info.spec.memory_type, core));
      d.bank_xy.push_back(word);
    }
  }
  return d;
}

Status check_flags(uint32_t runtime, bool sharded) {
  if (has(runtime, Arg::kSharded) || has(runtime, Arg::kIsDram) || runtime > 0xffu) {
    return make_error(ErrorCode::kInvalidArgument, "TensorAccessorArgs: flags ", runtime,
                      " are not runtime flags (sharded and DRAM come from the buffer)");
  }
  if (!sharded) return ok_status();
  if (has(runtime, Arg::kRuntimeRank) &&
      !(has(runtime, Arg::kRuntimeTensorShape) && has(runtime, Arg::kRuntimeShardShape))) {
    return make_error(ErrorCode::kInvalidArgument,
                      "TensorAccessorArgs: a runtime rank needs runtime tensor and shard shapes");
  }
  if (has(runtime, Arg::kRuntimeNumBanks) && !has(runtime, Arg::kRuntimeBankCoords)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "TensorAccessorArgs: a runtime bank count needs runtime bank coordinates");
  }
  if (has(runtime, Arg::kRuntimePageSize)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "TensorAccessorArgs: a runtime page size is for interleaved buffers only");
  }
  return ok_status();
}

}  // namespace

TensorAccessorArgs::TensorAccessorArgs(const Buffer& buffer, uint32_t runtime) {
  const bool sharded = buffer.info().spec.layout != sim::BufferLayout::kInterleaved;
  const bool dram = buffer.memory_type() == sim::MemoryType::kDram;
  const uint32_t config = (sharded ? static_cast<uint32_t>(Arg::kSharded) : 0u) |
                          (dram ? static_cast<uint32_t>(Arg::kIsDram) : 0u) | (runtime & 0xfcu);
  compile_time_.push_back(config);
  status_ = check_flags(runtime, sharded);
  if (!status_.ok()) return;
  const auto& pages = buffer.info().pages;
  const uint32_t page_size = static_cast<uint32_t>(
      std::min<uint64_t>(pages ? pages->aligned_page_size() : buffer.page_size(), UINT32_MAX));
  (has(runtime, Arg::kRuntimePageSize) ? common_runtime_ : compile_time_).push_back(page_size);
  if (!sharded) return;
  if (!pages || (!buffer.info().spec.shard && !buffer.info().spec.distribution)) {
    status_ = make_error(ErrorCode::kFailedPrecondition,
                         "TensorAccessorArgs: ", buffer.info().describe(), " has no shard layout");
    return;
  }
  Result<Distribution> d = sharded_distribution(buffer);
  if (!d.ok()) {
    status_ = d.status();
    status_.with_context("TensorAccessorArgs of " + buffer.info().describe());
    return;
  }
  auto words = [&](Arg bit) -> std::vector<uint32_t>& {
    return has(runtime, bit) ? common_runtime_ : compile_time_;
  };
  words(Arg::kRuntimeRank).push_back(static_cast<uint32_t>(d->tensor_shape.size()));
  words(Arg::kRuntimeNumBanks).push_back(static_cast<uint32_t>(d->bank_xy.size()));
  auto& tensor = words(Arg::kRuntimeTensorShape);
  tensor.insert(tensor.end(), d->tensor_shape.begin(), d->tensor_shape.end());
  auto& shard = words(Arg::kRuntimeShardShape);
  shard.insert(shard.end(), d->shard_shape.begin(), d->shard_shape.end());
  auto& coords = words(Arg::kRuntimeBankCoords);
  for (size_t i = 0; i < d->bank_xy.size(); i += 2) {
    const uint32_t second = i + 1 < d->bank_xy.size() ? d->bank_xy[i + 1] : 0u;
    coords.push_back((second << 16) | d->bank_xy[i]);
  }
}

void TensorAccessorArgs::append_to(std::vector<uint32_t>& compile_time_args) const {
  compile_time_args.insert(compile_time_args.end(), compile_time_.begin(), compile_time_.end());
}

void TensorAccessorArgs::append_to(std::vector<uint32_t>& compile_time_args,
                                   std::vector<uint32_t>& common_runtime_args) const {
  append_to(compile_time_args);
  common_runtime_args.insert(common_runtime_args.end(), common_runtime_.begin(),
                             common_runtime_.end());
}

}  // namespace tessera::metal
