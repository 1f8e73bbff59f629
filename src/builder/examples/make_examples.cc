// tessera_make_examples OUT_DIR: writes the example suite (binaries with
// goldens) for the built-in Wormhole B0 chip into OUT_DIR.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tessera/builder/example_suite.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  auto chip = tessera::sim::builtin_chip_descriptor(tessera::sim::Arch::kWormholeB0);
  if (!chip.ok()) {
    std::fprintf(stderr, "%s\n", chip.error().describe().c_str());
    return 1;
  }
  auto examples = tessera::builder::build_example_suite(*chip);
  if (!examples.ok()) {
    std::fprintf(stderr, "%s\n", examples.error().describe().c_str());
    return 1;
  }
  std::filesystem::path dir(argv[1]);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  for (const auto& example : *examples) {
    std::filesystem::path path = dir / example.file_name;
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(example.bytes.data()),
               static_cast<std::streamsize>(example.bytes.size()));
    if (!file) {
      std::fprintf(stderr, "cannot write %s\n", path.string().c_str());
      return 1;
    }
  }
  return 0;
}
