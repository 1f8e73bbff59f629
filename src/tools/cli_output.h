// How every CLI command talks to the user: data to stdout, messages to stderr.
#pragma once

#include <iostream>
#include <string>

#include "tessera/base/status.h"
#include "tessera/format/binary.h"

namespace tessera::tools {

inline void print_error(const Error& error) {
  std::cerr << "error: " << error.describe() << "\n";
}

inline void print_warnings(const format::Binary& binary) {
  for (const std::string& warning : binary.warnings()) {
    std::cerr << "warning: " << binary.name() << ": " << warning << "\n";
  }
}

}  // namespace tessera::tools
