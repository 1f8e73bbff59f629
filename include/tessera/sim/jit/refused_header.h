// A kernel compile that failed on a header kernels cannot see (stdio.h,
// unistd.h, or a C++ header such as <fstream> that needs the host's C
// library) told as what the kernel included and where, not as the
// compiler's "No such file" deep inside the C++ library.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::sim {

// The sentence for a compiler log (gcc's or clang's) whose fatal error is a
// header not found, or nothing if the log has none. `system_directories`
// are the compiler's own header directories the kernel was given: the
// first header of the include chain found in one of them is what the
// kernel included.
std::optional<std::string> describe_refused_header(
    std::string_view log, const std::string& kernel_name,
    const std::vector<std::string>& system_directories);

}  // namespace tessera::sim
