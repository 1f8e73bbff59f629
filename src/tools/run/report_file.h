// Writing a report (results, JUnit, trace, CSV) to its file.
#pragma once

#include <string>

namespace tessera::tools::run {

// Writes `text` to `path`, replacing it; says "wrote <what> <path>" on
// stderr unless `quiet`, or an error naming the file. False on failure.
bool write_report_file(const std::string& path, const std::string& text, const char* what,
                       bool quiet);

}  // namespace tessera::tools::run
