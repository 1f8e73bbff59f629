#include "tessera/sim/noc/noc_access_cache.h"

namespace tessera::sim {

uint64_t NocAccessCache::covering_buffer_bytes(const BufferRegistry& registry,
                                               const NocEndpoint& target, uint64_t size) const {
  const uint64_t version = registry.version();
  for (const Entry& entry : entries_) {
    if (entry.version != version || entry.type != target.type) continue;
    if (target.offset < entry.begin || target.offset + size > entry.end) continue;
    if (entry.pages->uses_bank(target.bank)) return entry.buffer_bytes;
  }
  return 0;
}

void NocAccessCache::remember(uint64_t version, const BufferInfo& buffer) {
  entries_[next_] = {version,          buffer.spec.memory_type,
                     buffer.address,   buffer.address + buffer.pages->bytes_per_bank(),
                     buffer.spec.size, buffer.pages};
  next_ = (next_ + 1) % kEntries;
}

}  // namespace tessera::sim
