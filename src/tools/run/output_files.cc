#include "output_files.h"

#include <filesystem>
#include <utility>
#include <vector>

namespace tessera::tools::run {
namespace fs = std::filesystem;

fs::path resolved_path(const fs::path& path) {
  std::error_code error;
  fs::path full = fs::weakly_canonical(fs::absolute(path), error);
  return error ? fs::absolute(path).lexically_normal() : full;
}

std::string junit_path(const RunOptions& options) {
  if (!options.junit_file.empty()) return options.junit_file;
  return fs::path(options.result_file).replace_extension(".xml").string();
}

std::string colliding_output_files(const RunOptions& options) {
  std::vector<std::pair<std::string, std::string>> files = {
      {"--result-file", options.result_file},
      {options.junit_file.empty() ? "the JUnit report (--junit; default: the result file with "
                                    "extension .xml)"
                                  : "--junit",
       junit_path(options)}};
  if (!options.dprint_file.empty()) files.emplace_back("--dprint-file", options.dprint_file);
  if (options.collect_trace) {
    files.emplace_back("--trace-file", options.trace_file);
    files.emplace_back("--csv-file", options.csv_file);
  }
  if (options.device_time) files.emplace_back("--device-csv-file", options.device_csv_file);
  for (size_t i = 0; i < files.size(); ++i) {
    for (size_t j = i + 1; j < files.size(); ++j) {
      if (resolved_path(files[i].second) != resolved_path(files[j].second)) continue;
      return files[i].first + " and " + files[j].first + " are both '" + files[j].second +
             "': one report would overwrite the other; give them different paths";
    }
  }
  return "";
}

}  // namespace tessera::tools::run
