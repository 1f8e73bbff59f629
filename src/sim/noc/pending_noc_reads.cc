#include "tessera/sim/noc/pending_noc_reads.h"

#include <cstring>

#include "tessera/base/prefetch.h"

namespace tessera::sim {

void PendingNocReads::add(uint8_t* dst, const uint8_t* src, uint32_t size) {
  if (count_ == kDepth) complete_oldest();
  prefetch_for_read(src, size);
  copies_[(oldest_ + count_) % kDepth] = {dst, src, size};
  ++count_;
}

void PendingNocReads::complete_oldest() {
  const Copy& copy = copies_[oldest_];
  std::memcpy(copy.dst, copy.src, copy.size);
  oldest_ = (oldest_ + 1) % kDepth;
  --count_;
}

void PendingNocReads::complete_queued() {
  while (count_ != 0) complete_oldest();
}

}  // namespace tessera::sim
