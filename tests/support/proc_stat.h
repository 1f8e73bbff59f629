// Reading a process's /proc/<pid>/stat, field by field.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

namespace tessera::testing {

// Field `number` of /proc/<pid>/stat, counted from 1 as proc(5) does (10 is
// minor faults, 14 and 15 user and system time in clock ticks); nothing if
// the process or the field is missing. Only numeric fields past the state
// (field 3) are read.
inline std::optional<uint64_t> proc_stat_field(pid_t pid, int number) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // The command name, field 2, is in parentheses and may hold spaces.
  const size_t name_end = text.rfind(')');
  if (name_end == std::string::npos || number < 4) return std::nullopt;
  std::istringstream fields(text.substr(name_end + 2));
  std::string field;
  for (int at = 3; at <= number; ++at) {
    if (!(fields >> field)) return std::nullopt;
  }
  return std::stoull(field);
}

}  // namespace tessera::testing
