#include "cached_program.h"

#include <cstring>

namespace tessera::runtime::metal_backend {

void append_key_word(std::string& key, uint64_t value) {
  char bytes[sizeof value];
  std::memcpy(bytes, &value, sizeof value);
  key.append(bytes, sizeof value);
}

Status enqueue_cached_program(metal::CommandQueue& queue, metal::Device& device,
                              const std::string& key, metal::EnqueueProgramOptions options,
                              const std::function<Result<metal::Program>()>& build) {
  if (!key.empty()) {
    if (auto prepared = device.program_cache().find(key)) {
      return metal::enqueue_prepared_program(queue, device, std::move(prepared),
                                             /*blocking=*/true, options);
    }
    options.on_prepared = [&cache = device.program_cache(),
                           key](std::shared_ptr<const metal::PreparedProgram> prepared) {
      cache.insert(key, std::move(prepared));
    };
  }
  TESSERA_ASSIGN_OR_RETURN(metal::Program program, build());
  return metal::enqueue_program(queue, device, program, /*blocking=*/true, options);
}

}  // namespace tessera::runtime::metal_backend
