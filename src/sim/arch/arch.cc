#include "tessera/sim/arch/arch.h"

namespace tessera::sim {

std::string_view arch_name(Arch arch) {
  switch (arch) {
    case Arch::kGrayskull:
      return "grayskull";
    case Arch::kWormholeB0:
      return "wormhole_b0";
    case Arch::kBlackhole:
      return "blackhole";
  }
  return "unknown";
}

std::optional<Arch> arch_from_name(std::string_view name) {
  for (Arch arch : {Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole}) {
    if (arch_name(arch) == name) return arch;
  }
  return std::nullopt;
}

}  // namespace tessera::sim
