// A JUnit XML report of a run, for CI systems: one <testsuite> per file, one
// <testcase> per program; fail -> <failure>, error -> <error>, skip -> <skipped>.
#pragma once

#include <string>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

std::string junit_xml(const std::string& command, const std::vector<FileRun>& files);

// Escapes &, <, >, " and ' and drops characters XML 1.0 cannot hold.
std::string xml_escape(const std::string& text);

}  // namespace tessera::tools::run
