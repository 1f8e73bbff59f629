#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app{"tessera: run Tenstorrent-style binaries on a simulated chip"};
  CLI11_PARSE(app, argc, argv);
  return 0;
}
