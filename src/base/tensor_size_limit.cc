#include "tessera/base/tensor_size_limit.h"

#include <cstdlib>
#include <string>

#include "tessera/base/saturating_math.h"

namespace tessera {
namespace {

constexpr uint64_t kDefaultMaxTensorBytes = uint64_t{256} << 20;

// "512M", "2G", "1048576"; 0 if malformed.
uint64_t parse_bytes(const char* text) {
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (end == text) return 0;
  std::string suffix(end);
  if (suffix.empty()) return value;
  if (suffix == "K" || suffix == "k") return value << 10;
  if (suffix == "M" || suffix == "m") return value << 20;
  if (suffix == "G" || suffix == "g") return value << 30;
  return 0;
}

}  // namespace

uint64_t max_tensor_bytes() {
  static const uint64_t limit = [] {
    const char* text = std::getenv("TESSERA_MAX_TENSOR_BYTES");
    const uint64_t parsed = text ? parse_bytes(text) : 0;
    return parsed ? parsed : kDefaultMaxTensorBytes;
  }();
  return limit;
}

Status check_tensor_bytes(uint64_t bytes, std::string_view what) {
  if (bytes <= max_tensor_bytes()) return ok_status();
  return make_error(ErrorCode::kOutOfMemory, what, " needs ", bytes, " bytes, past the limit of ",
                    max_tensor_bytes(),
                    " bytes per tensor (set TESSERA_MAX_TENSOR_BYTES to raise it)");
}

Status check_tensor_elements(uint64_t elements, uint64_t element_bytes, std::string_view what) {
  return check_tensor_bytes(saturating_mul(elements, element_bytes), what);
}

}  // namespace tessera
