#include "tessera/runtime/arch.h"

#include "tessera/runtime/internal/device_access.h"

namespace tessera::runtime {

std::string_view arch_name(Arch arch) {
  return sim::arch_name(to_sim_arch(arch));
}

std::optional<Arch> arch_from_name(std::string_view name) {
  std::optional<sim::Arch> arch = sim::arch_from_name(name);
  if (!arch) return std::nullopt;
  return from_sim_arch(*arch);
}

sim::Arch to_sim_arch(Arch arch) {
  switch (arch) {
    case Arch::kGrayskull:
      return sim::Arch::kGrayskull;
    case Arch::kWormholeB0:
      return sim::Arch::kWormholeB0;
    case Arch::kBlackhole:
      return sim::Arch::kBlackhole;
  }
  return sim::Arch::kWormholeB0;
}

Arch from_sim_arch(sim::Arch arch) {
  switch (arch) {
    case sim::Arch::kGrayskull:
      return Arch::kGrayskull;
    case sim::Arch::kWormholeB0:
      return Arch::kWormholeB0;
    case sim::Arch::kBlackhole:
      return Arch::kBlackhole;
  }
  return Arch::kWormholeB0;
}

}  // namespace tessera::runtime
