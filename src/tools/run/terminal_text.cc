#include "terminal_text.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace tessera::tools::run {

namespace fs = std::filesystem;

size_t terminal_columns(int fd) {
  winsize size{};
  if (isatty(fd) == 1 && ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0) return static_cast<size_t>(value);
  }
  return 0;
}

std::string display_path(const std::string& path) {
  const fs::path given(path);
  if (!given.is_absolute()) return path;
  std::error_code error;
  const fs::path relative = fs::relative(given, fs::current_path(error), error);
  if (error || relative.empty() || *relative.begin() == "..") return path;
  return relative.string();
}

std::string elide_middle(const std::string& text, size_t width) {
  if (text.size() <= width) return text;
  if (width <= 3) return text.substr(0, width);
  // A path's end (the file name) says more than its start.
  const size_t head = (width - 3) / 3;
  const size_t tail = width - 3 - head;
  return text.substr(0, head) + "..." + text.substr(text.size() - tail);
}

std::string elide_front(const std::string& text, size_t width) {
  if (text.size() <= width) return text;
  if (width <= 3) return text.substr(text.size() - width);
  // Drop whole location parts while some remain; cut mid-part only when
  // the cause alone is too long.
  for (size_t at = text.find(": "); at != std::string::npos; at = text.find(": ", at + 2)) {
    if (text.size() - at + 3 <= width) return "..." + text.substr(at);
  }
  return "..." + text.substr(text.size() - (width - 3));
}

std::string first_line(const std::string& text, size_t width) {
  std::string line = text.substr(0, text.find('\n'));
  if (width == 0 || line.size() <= width) return line;
  if (width <= 3) return line.substr(0, width);
  return line.substr(0, width - 3) + "...";
}

}  // namespace tessera::tools::run
