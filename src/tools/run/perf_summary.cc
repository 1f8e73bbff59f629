#include "perf_summary.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>

namespace tessera::tools::run {

std::string perf_summary(const std::vector<FileRun>& files, size_t rows) {
  std::map<std::pair<std::string, std::string>, SpanTotals> by_name;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      for (const auto& [key, totals] : run.span_totals) {
        SpanTotals& sum = by_name[key];
        sum.count += totals.count;
        sum.total_ns += totals.total_ns;
      }
    }
  }
  if (by_name.empty()) return "";
  std::vector<std::pair<std::pair<std::string, std::string>, SpanTotals>> sorted(by_name.begin(),
                                                                                 by_name.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.second.total_ns > b.second.total_ns;
  });
  if (sorted.size() > rows) sorted.resize(rows);

  size_t name_width = 4;
  for (const auto& [key, totals] : sorted) name_width = std::max(name_width, key.second.size());
  std::string table;
  char line[512];
  std::snprintf(line, sizeof line, "%-8s  %-*s  %8s  %12s  %10s\n", "KIND",
                static_cast<int>(name_width), "NAME", "COUNT", "TOTAL_MS", "MEAN_MS");
  table += line;
  for (const auto& [key, totals] : sorted) {
    double total_ms = static_cast<double>(totals.total_ns) / 1e6;
    std::snprintf(line, sizeof line, "%-8s  %-*s  %8llu  %12.3f  %10.3f\n", key.first.c_str(),
                  static_cast<int>(name_width), key.second.c_str(),
                  static_cast<unsigned long long>(totals.count), total_ms,
                  total_ms / static_cast<double>(totals.count));
    table += line;
  }
  return table;
}

}  // namespace tessera::tools::run
