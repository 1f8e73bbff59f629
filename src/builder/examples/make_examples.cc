// tessera_make_examples OUT_DIR [--layout 2024|current]: writes the example
// suite (binaries with goldens) for the built-in Wormhole B0 chip into
// OUT_DIR. TTM0 programs are written in both wire layouts (the current one
// under OUT_DIR/current/) unless --layout names one; TTNN programs have only
// the 2024 layout and are always written.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "tessera/builder/example_suite.h"

namespace {

int usage(const char* program) {
  std::fprintf(stderr, "usage: %s OUT_DIR [--layout 2024|current]\n", program);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) return usage(argv[0]);
  tessera::builder::ExampleSuiteOptions options;
  if (argc == 4) {
    auto layout = tessera::format::layout_from_name(argv[3]);
    if (std::strcmp(argv[2], "--layout") != 0 || !layout) {
      std::fprintf(stderr, "%s: unknown option '%s %s' (the layouts are 2024 and current)\n",
                   argv[0], argv[2], argv[3]);
      return usage(argv[0]);
    }
    options.ttm_layouts = {*layout};
  }
  auto chip = tessera::sim::builtin_chip_descriptor(tessera::sim::Arch::kWormholeB0);
  if (!chip.ok()) {
    std::fprintf(stderr, "%s\n", chip.error().describe().c_str());
    return 1;
  }
  auto examples = tessera::builder::build_example_suite(*chip, options);
  if (!examples.ok()) {
    std::fprintf(stderr, "%s\n", examples.error().describe().c_str());
    return 1;
  }
  std::filesystem::path dir(argv[1]);
  for (const auto& example : *examples) {
    std::filesystem::path path = dir / example.file_name;
    std::error_code error;
    std::filesystem::create_directories(path.parent_path(), error);
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
