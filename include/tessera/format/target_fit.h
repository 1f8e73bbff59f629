// Whether a binary's system descriptor fits a target system (the simulated
// chip tessera will run it on): same arch, grid fits, memories large enough,
// alignments and reserved bases compatible. Either descriptor may be in
// either wire layout (system_facts.h).
#pragma once

#include <string>
#include <vector>

namespace tt::target {
struct SystemDesc;
}

namespace tessera::format {

struct SystemFacts;

struct FitCheck {
  std::string name;  // e.g. "chip 0 arch"
  bool ok = false;
  std::string detail;  // the numbers compared, in words
};

// One check per property per chip of the binary. A binary without a system
// descriptor (null) gets a single passing check saying so.
std::vector<FitCheck> check_target_fit(const SystemFacts* binary, const SystemFacts& target);
// The same for two 2024-layout descriptors.
std::vector<FitCheck> check_target_fit(const tt::target::SystemDesc* binary,
                                       const tt::target::SystemDesc& target);

bool all_fit(const std::vector<FitCheck>& checks);

}  // namespace tessera::format
