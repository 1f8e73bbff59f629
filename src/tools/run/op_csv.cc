#include "op_csv.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace tessera::tools::run {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string op_csv(const std::vector<FileRun>& files) {
  int64_t origin = std::numeric_limits<int64_t>::max();
  for (const FileRun& file : files) origin = std::min(origin, file.span.span.start_ns);
  std::ostringstream csv;
  csv.precision(3);
  csv << std::fixed;
  csv << "file,program,loop,category,index,name,queue,start_us,duration_us,detail\n";
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      for (const RecordedSpan& recorded : run.spans) {
        const runtime::TraceSpan& span = recorded.span;
        if (span.category != "op" && span.category != "command" && span.category != "submit") {
          continue;
        }
        csv << csv_field(file.file) << "," << run.program_index << "," << recorded.loop << ","
            << span.category << "," << span.index << "," << csv_field(span.name) << ","
            << span.queue << "," << static_cast<double>(span.start_ns - origin) / 1000.0 << ","
            << static_cast<double>(span.duration_ns) / 1000.0 << "," << csv_field(span.detail)
            << "\n";
      }
    }
  }
  return csv.str();
}

}  // namespace tessera::tools::run
