// Text a binary or a kernel wrote, made safe for reports: every byte that
// is not printable ASCII becomes '?', so JSON and terminals take it as is.
#pragma once

#include <string>
#include <string_view>

namespace tessera {

inline bool is_printable_ascii(unsigned char c) {
  return c >= 0x20 && c < 0x7f;
}

inline std::string printable_ascii(std::string_view text) {
  std::string printable(text);
  for (char& c : printable) {
    if (!is_printable_ascii(static_cast<unsigned char>(c))) c = '?';
  }
  return printable;
}

}  // namespace tessera
