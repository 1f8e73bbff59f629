// Where a kernel's #include <...> may look. Kernels are compiled with
// -nostdinc and then given back only the compiler's own headers: its C++
// library and its freestanding C headers (stddef.h, stdint.h, limits.h,
// float.h, stdarg.h...), never the host's C library (/usr/include) or
// anything installed beside it. tessera's declaration-only C headers
// (kernel API folder `freestanding/`) stand in for the few parts of the C
// library the C++ headers name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim {

// The folder of the kernel API bundle with tessera's freestanding C headers.
inline constexpr std::string_view kFreestandingHeaderFolder = "freestanding";

// The compiler's own header directories, in its search order, asked of
// the compiler (`<compiler> -x c++ -E -v /dev/null`) once per executable
// and process. With `remembered_in`, a file the answer is kept in, a later
// process reads it instead of asking (asking costs a compiler start).
Result<std::vector<std::string>> compiler_own_include_directories(
    const std::string& executable, const std::string& remembered_in = "");

// The `#include <...>` search list of a compiler's verbose preprocessor
// output (gcc and clang print the same markers).
std::vector<std::string> parse_include_search_list(std::string_view verbose_output);

// Whether `directory` holds the compiler's own headers rather than the C
// library's: a C++ library (type_traits, or bits/c++config.h for its
// target part), or the compiler's freestanding C headers (stddef.h with no
// stdio.h beside it).
bool is_compiler_own_directory(const std::string& directory);

}  // namespace tessera::sim
