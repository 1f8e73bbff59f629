#include "report_file.h"

#include <fstream>
#include <iostream>

namespace tessera::tools::run {

bool write_report_file(const std::string& path, const std::string& text, const char* what,
                       bool quiet) {
  std::ofstream file(path, std::ios::trunc);
  file << text;
  file.close();
  if (!file) {
    std::cerr << "error: cannot write the " << what << " '" << path << "'\n";
    return false;
  }
  if (!quiet) std::cerr << "wrote " << what << " " << path << "\n";
  return true;
}

}  // namespace tessera::tools::run
