#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace tessera::sim {

std::string unique_temp_path(const std::string& base) {
  static std::atomic<unsigned long> counter{0};
  return base + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter.fetch_add(1));
}

Status write_file(const std::string& path, std::string_view content) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return make_error(ErrorCode::kIo, "cannot create ", path, ": ", std::strerror(errno));
  }
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      close(fd);
      return make_error(ErrorCode::kIo, "cannot write ", path, ": ", std::strerror(error));
    }
    written += static_cast<std::size_t>(n);
  }
  if (close(fd) != 0) {
    return make_error(ErrorCode::kIo, "cannot close ", path, ": ", std::strerror(errno));
  }
  return ok_status();
}

Status write_file_atomically(const std::string& path, std::string_view content) {
  const std::string temp = unique_temp_path(path);
  TESSERA_RETURN_IF_ERROR(write_file(temp, content));
  if (rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    unlink(temp.c_str());
    return make_error(ErrorCode::kIo, "cannot rename ", temp, " to ", path, ": ",
                      std::strerror(error));
  }
  return ok_status();
}

}  // namespace tessera::sim
