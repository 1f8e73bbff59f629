// `tessera read --section ops`: a binary as a person reads it, one line per
// TTNN op or TTM0 command, naming its operands (shape, type, memory) and, for
// programs, their kernels and core ranges. Both wire layouts of TTM0.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/format/binary_kind.h"
#include "tessera/format/wire_layout.h"

namespace tessera::tools {

// The lines of a binary's JSON form (`read --section all`); none for a
// system descriptor.
std::vector<std::string> op_lines(const nlohmann::ordered_json& root, format::BinaryKind kind,
                                  format::WireLayout layout = format::WireLayout::k2024);

// One current-layout command (read_ops_current.cc), `where` its position.
std::string current_command_line(const std::string& where, const nlohmann::ordered_json& command);

}  // namespace tessera::tools
