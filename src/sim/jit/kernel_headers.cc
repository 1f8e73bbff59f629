#include "tessera/sim/jit/kernel_headers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "atomic_file.h"
#include "tessera/sim/jit/cache_location.h"
#include "tessera/sim/jit/content_hash.h"

extern const unsigned char tessera_kernel_api_bundle[];
extern const unsigned long tessera_kernel_api_bundle_size;

namespace tessera::sim {

namespace {

struct BundledFile {
  std::string_view path;
  std::string_view content;
};

// Parses "<path>\n<size>\n<bytes>" records; the bundle is generated at
// build time, so a malformed one is a build bug reported as kInternal.
Result<std::vector<BundledFile>> parse_bundle(std::string_view bundle) {
  std::vector<BundledFile> files;
  std::size_t at = 0;
  while (at < bundle.size()) {
    const std::size_t path_end = bundle.find('\n', at);
    const std::size_t size_end =
        path_end == std::string_view::npos ? path_end : bundle.find('\n', path_end + 1);
    if (size_end == std::string_view::npos) {
      return make_error(ErrorCode::kInternal, "kernel API bundle is malformed at byte ", at);
    }
    const std::string size_text(bundle.substr(path_end + 1, size_end - path_end - 1));
    const std::size_t size = std::strtoull(size_text.c_str(), nullptr, 10);
    if (size_end + 1 + size > bundle.size()) {
      return make_error(ErrorCode::kInternal, "kernel API bundle entry at byte ", at, " claims ",
                        size, " bytes past the end");
    }
    files.push_back({bundle.substr(at, path_end - at), bundle.substr(size_end + 1, size)});
    at = size_end + 1 + size;
  }
  return files;
}

Status write_tree(const std::string& directory, const std::vector<BundledFile>& files) {
  for (const BundledFile& file : files) {
    const std::string path = directory + "/" + std::string(file.path);
    TESSERA_RETURN_IF_ERROR(make_directories(path.substr(0, path.rfind('/'))));
    TESSERA_RETURN_IF_ERROR(write_file(path, file.content));
  }
  return write_file(directory + "/.complete", "");
}

bool is_complete(const std::string& directory) {
  return access((directory + "/.complete").c_str(), F_OK) == 0;
}

}  // namespace

std::string_view kernel_api_bundle() {
  return std::string_view(reinterpret_cast<const char*>(tessera_kernel_api_bundle),
                          tessera_kernel_api_bundle_size);
}

const std::string& kernel_api_hash() {
  static const std::string hash = content_hash(kernel_api_bundle());
  return hash;
}

Result<std::string> extract_kernel_api_headers(const std::string& cache_root) {
  const std::string directory = cache_root + "/kernel_api/" + kernel_api_hash();
  if (is_complete(directory)) return directory;
  TESSERA_ASSIGN_OR_RETURN(std::vector<BundledFile> files, parse_bundle(kernel_api_bundle()));
  TESSERA_RETURN_IF_ERROR(make_directories(cache_root + "/kernel_api"));
  // Build in a private directory, then rename into place: readers never see
  // a half-written tree, and a concurrent winner is simply kept.
  const std::string staging = unique_temp_path(directory);
  Status written = write_tree(staging, files);
  if (!written.ok()) {
    std::filesystem::remove_all(staging);
    return written.error();
  }
  if (rename(staging.c_str(), directory.c_str()) != 0) {
    const int error = errno;
    std::error_code ignored;
    std::filesystem::remove_all(staging, ignored);
    if (!is_complete(directory)) {
      return make_error(ErrorCode::kIo, "cannot install kernel API headers at ", directory, ": ",
                        std::strerror(error));
    }
  }
  return directory;
}

}  // namespace tessera::sim
