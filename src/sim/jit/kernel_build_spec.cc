#include "tessera/sim/jit/kernel_build_spec.h"

#include <string_view>

#include "tessera/sim/jit/content_hash.h"

namespace tessera::sim {

const char* processor_name(KernelProcessor processor) {
  switch (processor) {
    case KernelProcessor::kDataMovement0:
      return "data movement 0 (BRISC)";
    case KernelProcessor::kDataMovement1:
      return "data movement 1 (NCRISC)";
    case KernelProcessor::kCompute:
      return "compute (TRISC)";
  }
  return "unknown processor";
}

namespace {

void add_number(ContentHasher& hasher, std::uint64_t value) {
  hasher.add_field(std::string_view(reinterpret_cast<const char*>(&value), sizeof(value)));
}

void add_pairs(ContentHasher& hasher,
               const std::vector<std::pair<std::string, std::string>>& pairs) {
  add_number(hasher, pairs.size());
  for (const auto& [name, value] : pairs) hasher.add_field(name).add_field(value);
}

}  // namespace

std::string fingerprint(const KernelBuildSpec& spec) {
  // A new field must be hashed here too, or specs differing only in it
  // would share a compiled kernel.
  static_assert(sizeof(KernelBuildSpec) ==
                    3 * sizeof(std::string) + 5 * sizeof(std::vector<int>) + sizeof(std::uint64_t),
                "KernelBuildSpec changed: update fingerprint()");
  ContentHasher hasher;
  hasher.add_field(spec.name).add_field(spec.source).add_field(spec.arch);
  add_number(hasher, static_cast<std::uint64_t>(spec.processor));
  add_number(hasher, spec.noc_index);
  add_number(hasher, spec.compile_args.size());
  for (std::uint32_t arg : spec.compile_args) add_number(hasher, arg);
  add_number(hasher, spec.named_compile_args.size());
  for (const auto& [name, value] : spec.named_compile_args) {
    hasher.add_field(name);
    add_number(hasher, value);
  }
  add_pairs(hasher, spec.defines);
  add_pairs(hasher, spec.toolchain_defines);
  add_pairs(hasher, spec.headers);
  return hasher.hex();
}

}  // namespace tessera::sim
