#include "tessera/runtime/runtime_kind.h"

#include <atomic>

#include "tessera/runtime/internal/binary_access.h"

namespace tessera::runtime {
namespace {
std::atomic<Runtime> process_default{Runtime::kTtnn};
}

std::string_view runtime_name(Runtime runtime) {
  switch (runtime) {
    case Runtime::kTtnn:
      return "TTNN";
    case Runtime::kTtmetal:
      return "TTMetal";
  }
  return "unknown";
}

std::vector<Runtime> available_runtimes() {
  return {Runtime::kTtnn, Runtime::kTtmetal};
}

Result<Runtime> runtime_for_kind(format::BinaryKind kind) {
  switch (kind) {
    case format::BinaryKind::kMetal:
      return Runtime::kTtmetal;
    case format::BinaryKind::kTtnn:
      return Runtime::kTtnn;
    case format::BinaryKind::kSystemDesc:
      break;
  }
  return make_error(ErrorCode::kInvalidArgument,
                    "a system descriptor (TTSY) holds no programs: no runtime runs it");
}

Runtime current_runtime() {
  return process_default.load();
}
void set_current_runtime(Runtime runtime) {
  process_default.store(runtime);
}

}  // namespace tessera::runtime
