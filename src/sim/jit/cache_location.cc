#include "tessera/sim/jit/cache_location.h"

#include <errno.h>
#include <sys/stat.h>

#include <cstdlib>
#include <cstring>

namespace tessera::sim {

namespace {

const char* non_empty_env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0' ? value : nullptr;
}

}  // namespace

Result<std::string> default_cache_root() {
  if (const char* dir = non_empty_env("TESSERA_CACHE_DIR")) return std::string(dir);
  if (const char* xdg = non_empty_env("XDG_CACHE_HOME")) return std::string(xdg) + "/tessera";
  if (const char* home = non_empty_env("HOME")) return std::string(home) + "/.cache/tessera";
  return make_error(ErrorCode::kFailedPrecondition,
                    "no kernel cache directory: set TESSERA_CACHE_DIR, XDG_CACHE_HOME or HOME");
}

Status make_directories(const std::string& path) {
  if (path.empty()) return make_error(ErrorCode::kInvalidArgument, "empty directory path");
  for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) {
      return make_error(ErrorCode::kIo, "cannot create directory ", prefix, ": ",
                        std::strerror(errno));
    }
    if (slash == std::string::npos) break;
  }
  struct stat info {};
  if (stat(path.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
    return make_error(ErrorCode::kIo, path, " exists but is not a directory");
  }
  return ok_status();
}

}  // namespace tessera::sim
