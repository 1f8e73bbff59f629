#include "tessera/sim/jit/refused_header.h"

#include <algorithm>

namespace tessera::sim {
namespace {

struct Location {
  std::string file;
  std::string line;
};

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// "file:line" or "file:line:column", with anything after it.
Location parse_location(std::string_view text) {
  const size_t line_at = text.find(':');
  if (line_at == std::string_view::npos) return {std::string(text), ""};
  std::string_view rest = text.substr(line_at + 1);
  const size_t digits = std::min(rest.find_first_not_of("0123456789"), rest.size());
  return {std::string(text.substr(0, line_at)), std::string(rest.substr(0, digits))};
}

// The missing header of a fatal error line, gcc's ("x.h: No such file or
// directory") or clang's ("'x.h' file not found"), and where it was included.
std::optional<std::pair<std::string, Location>> missing_header(std::string_view line) {
  constexpr std::string_view kFatal = ": fatal error: ";
  const size_t fatal = line.find(kFatal);
  if (fatal == std::string_view::npos) return std::nullopt;
  std::string_view what = line.substr(fatal + kFatal.size());
  std::string name;
  if (constexpr std::string_view gcc = ": No such file or directory"; what.ends_with(gcc)) {
    name = what.substr(0, what.size() - gcc.size());
  } else if (constexpr std::string_view clang = "' file not found";
             what.starts_with('\'') && what.ends_with(clang)) {
    name = what.substr(1, what.size() - 1 - clang.size());
  } else {
    return std::nullopt;
  }
  return std::make_pair(name, parse_location(line.substr(0, fatal)));
}

// The include chain printed above a diagnostic, outermost file first.
// gcc prints it innermost first ("In file included from a:1," then
// "                 from b:2:"), clang outermost first, one
// "In file included from x:N:" line each.
std::vector<Location> include_chain(const std::vector<std::string_view>& lines, size_t before) {
  constexpr std::string_view kIncluded = "In file included from ";
  constexpr std::string_view kFrom = "from ";
  std::vector<Location> chain;  // bottom-up
  bool gcc_style = false;
  for (size_t i = before; i-- > 0;) {
    std::string_view line = lines[i];
    const bool top = line.starts_with(kIncluded);
    if (top) {
      line.remove_prefix(kIncluded.size());
    } else {
      const size_t text = line.find_first_not_of(' ');
      if (text == 0 || text == std::string_view::npos || line.substr(text).find(kFrom) != 0) break;
      line.remove_prefix(text + kFrom.size());
      gcc_style = true;
    }
    chain.push_back(parse_location(line));
    if (top && gcc_style) break;  // the first line of gcc's chain
  }
  // Read bottom-up, gcc's chain is outermost first and clang's innermost.
  if (!gcc_style) std::reverse(chain.begin(), chain.end());
  return chain;
}

// The directory of `directories` that holds `file`, longest first.
std::optional<std::string> header_name(const std::string& file,
                                       const std::vector<std::string>& directories) {
  std::optional<std::string> best;
  size_t best_length = 0;
  for (const std::string& directory : directories) {
    if (directory.size() >= best_length && file.size() > directory.size() + 1 &&
        file.compare(0, directory.size(), directory) == 0 && file[directory.size()] == '/') {
      best = file.substr(directory.size() + 1);
      best_length = directory.size();
    }
  }
  return best;
}

constexpr const char* kWhy =
    "kernels see only tessera's kernel API and the compiler's freestanding C and C++ headers "
    "(<cstdint>, <array>, <type_traits>, <cstring>, <cmath>, <algorithm>, ...), not the host's "
    "C library or system headers";

}  // namespace

std::optional<std::string> describe_refused_header(
    std::string_view log, const std::string& kernel_name,
    const std::vector<std::string>& system_directories) {
  const std::vector<std::string_view> lines = split_lines(log);
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto missing = missing_header(lines[i]);
    if (!missing) continue;
    const auto& [name, at] = *missing;
    // Files from the kernel's side down to the one with the failing #include.
    std::vector<Location> files = include_chain(lines, i);
    files.push_back(at);
    for (size_t f = 1; f < files.size(); ++f) {
      if (auto included = header_name(files[f].file, system_directories)) {
        const Location& from = files[f - 1];
        return "kernel '" + kernel_name + "' includes <" + *included + "> (" + from.file + ":" +
               from.line + "), which needs <" + name + "> from the host's C library: " + kWhy;
      }
    }
    return "kernel '" + kernel_name + "' includes <" + name + "> (" + at.file + ":" + at.line +
           "), which is not a header kernels can use: " + kWhy;
  }
  return std::nullopt;
}

}  // namespace tessera::sim
