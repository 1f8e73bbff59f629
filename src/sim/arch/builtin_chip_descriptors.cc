// The built-in chip descriptors, embedded from data/*.json at build time.
#include <string_view>

#include "tessera/sim/arch/chip_descriptor.h"

extern const unsigned char tessera_arch_grayskull_json[];
extern const unsigned long tessera_arch_grayskull_json_size;
extern const unsigned char tessera_arch_wormhole_b0_json[];
extern const unsigned long tessera_arch_wormhole_b0_json_size;
extern const unsigned char tessera_arch_blackhole_json[];
extern const unsigned long tessera_arch_blackhole_json_size;

namespace tessera::sim {

namespace {

std::string_view embedded_text(const unsigned char* bytes, unsigned long size) {
  return {reinterpret_cast<const char*>(bytes), size};
}

std::string_view builtin_json(Arch arch) {
  switch (arch) {
    case Arch::kGrayskull:
      return embedded_text(tessera_arch_grayskull_json, tessera_arch_grayskull_json_size);
    case Arch::kWormholeB0:
      return embedded_text(tessera_arch_wormhole_b0_json, tessera_arch_wormhole_b0_json_size);
    case Arch::kBlackhole:
      return embedded_text(tessera_arch_blackhole_json, tessera_arch_blackhole_json_size);
  }
  return {};
}

}  // namespace

Result<ChipDescriptor> builtin_chip_descriptor(Arch arch) {
  std::string source = "built-in " + std::string(arch_name(arch)) + ".json";
  return chip_descriptor_from_json(builtin_json(arch), source);
}

}  // namespace tessera::sim
