#include "shard.h"

#include <filesystem>

#include "tessera/base/fnv1a.h"

namespace tessera::tools::run {
namespace {

std::optional<uint32_t> parse_number(const std::string& text) {
  if (text.empty() || text.size() > 5 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  return static_cast<uint32_t>(std::stoul(text));
}

}  // namespace

Result<Shard> parse_shard(const std::string& text) {
  size_t slash = text.find('/');
  std::optional<uint32_t> index, count;
  if (slash != std::string::npos) {
    index = parse_number(text.substr(0, slash));
    count = parse_number(text.substr(slash + 1));
  }
  if (!index || !count || *count == 0 || *count > 10000 || *index == 0 || *index > *count) {
    return make_error(ErrorCode::kInvalidArgument, "--shard '", text,
                      "' is not K/N with 1 <= K <= N <= 10000 (for example 2/4)");
  }
  return Shard{*index, *count};
}

uint32_t shard_of(const std::string& path, uint32_t count) {
  // FNV-1a of the normalised path: the same on every platform and every run,
  // and "./a/x.ttm" is "a/x.ttm".
  const std::string normal = std::filesystem::path(path).lexically_normal().generic_string();
  return static_cast<uint32_t>(fnv1a64(normal) % count) + 1;
}

}  // namespace tessera::tools::run
