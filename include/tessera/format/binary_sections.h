// The parts of a binary that `tessera read --section` shows, as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/format/binary.h"

namespace tessera::format {

enum class Section { kAll, kVersion, kSystemDesc, kPrograms, kInputs, kOutputs, kKernels };

std::optional<Section> section_from_name(std::string_view name);
std::string_view section_name(Section section);

// kAll is the whole root table (what `tessera build` accepts); the others are
// {"<section>": ...}. kVersion names the binary's wire layout ("layout":
// "2024" | "current"). kKernels lists TTM0 kernel sources with their
// location and the source split into lines so it reads naturally; in the
// current layout also each kernel's symbol and config (NocConfig with its
// processor and NoC, ComputeConfig, EthernetConfig).
Result<nlohmann::ordered_json> read_section(const Binary& binary, Section section);

// read_section in two steps, for callers that show several sections of one
// binary: read_root converts it once (kAll), section_of_root selects from that.
Result<nlohmann::ordered_json> read_root(const Binary& binary);
Result<nlohmann::ordered_json> section_of_root(const Binary& binary,
                                               const nlohmann::ordered_json& root, Section section);

// The version section's words for a binary's checksum ("verified", "none
// (baseline)", or none for the current layout, which has no field for one)
// and for the schema it was written with.
std::string checksum_text(const Binary& binary);
std::string schema_text(const Binary& binary);

// Why `section` means nothing for binaries of `kind` ("" if it does):
// kernels are TTM0's; system descriptors have no programs, inputs or outputs.
std::string section_not_applicable(BinaryKind kind, Section section);

}  // namespace tessera::format
