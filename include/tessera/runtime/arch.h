// The chip architectures a simulated device can be, as the runtime API names
// them (independent of the simulator's own enum).
#pragma once

#include <optional>
#include <string_view>

namespace tessera::runtime {

enum class Arch {
  kGrayskull,
  kWormholeB0,
  kBlackhole,
};

// "grayskull", "wormhole_b0", "blackhole" (the CLI spelling).
std::string_view arch_name(Arch arch);
std::optional<Arch> arch_from_name(std::string_view name);

}  // namespace tessera::runtime
