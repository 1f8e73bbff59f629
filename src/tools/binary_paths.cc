#include "binary_paths.h"

#include <algorithm>
#include <filesystem>

#include "tessera/format/binary_kind.h"

namespace tessera::tools {
namespace fs = std::filesystem;

namespace {

bool has_binary_extension(const fs::path& path) {
  return format::kind_from_extension(path.extension().string()).has_value();
}

void collect_directory(const std::string& directory, std::vector<BinaryPath>& paths) {
  std::vector<std::string> found;
  std::error_code error;
  fs::recursive_directory_iterator it(directory, fs::directory_options::skip_permission_denied,
                                      error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (it->is_regular_file(error) && has_binary_extension(it->path())) {
      found.push_back(it->path().string());
    }
  }
  if (error) {
    paths.push_back({directory, make_error(ErrorCode::kIo, "cannot list directory '", directory,
                                           "': ", error.message())});
  }
  std::sort(found.begin(), found.end());
  if (found.empty() && !error) {
    paths.push_back({directory, make_error(ErrorCode::kNotFound,
                                           "no binaries (.ttm, .ttnn, "
                                           ".ttsys) found under '",
                                           directory, "'")});
  }
  for (auto& path : found) paths.push_back({std::move(path), ok_status()});
}

}  // namespace

std::vector<BinaryPath> collect_binary_paths(const std::vector<std::string>& arguments) {
  std::vector<BinaryPath> paths;
  for (const std::string& argument : arguments) {
    std::error_code error;
    if (fs::is_directory(argument, error)) {
      collect_directory(argument, paths);
    } else {
      // Files are taken whatever their extension: the identifier decides.
      paths.push_back({argument, ok_status()});
    }
  }
  return paths;
}

}  // namespace tessera::tools
