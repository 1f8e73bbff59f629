// Test helper: the conformance corpus's add_l1 (a TTM0 binary written to the
// 2024 compiler's conventions), its compute kernel timing its tile loop in a
// device profiler zone, as a kernel writer marks a region to time on silicon.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "example_binaries.h"

namespace tessera::testing {

inline constexpr const char* kAddZone = "add-tiles";

// The JSON of add_l1 with the zone opened just before the loop; empty (and
// a test failure) if the corpus's kernel no longer has the line it follows.
inline std::string zoned_add_l1_json() {
  const std::filesystem::path path =
      std::filesystem::path(TESSERA_CONFORMANCE_DIR) / "add_l1" / "add_l1.ttm.json";
  nlohmann::json binary =
      nlohmann::json::parse(read_text_file(path), nullptr, /*allow_exceptions=*/false);
  if (binary.is_discarded()) {
    ADD_FAILURE() << "cannot parse " << path;
    return {};
  }
  nlohmann::json& kernel = binary["programs"][0]["device_programs"][0]["command_queues"][0]
                                 ["commands"][0]["type"]["program"]["kernels"][0]["kernel"];
  std::string source = kernel.value("source", "");
  const std::string anchor = "  add_tiles_init();\n";
  const std::size_t at = source.find(anchor);
  if (at == std::string::npos) {
    ADD_FAILURE() << "add_l1's compute kernel has no line '" << anchor << "'";
    return {};
  }
  source.insert(at + anchor.size(), std::string("  DeviceZoneScopedN(\"") + kAddZone + "\");\n");
  kernel["source"] = source;
  return binary.dump(1);
}

}  // namespace tessera::testing
