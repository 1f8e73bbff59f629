#include "junit_writer.h"

#include <sstream>

namespace tessera::tools::run {
namespace {

double seconds(const ProgramRun& run) {
  const Timings& t = run.timings;
  return (t.inputs_ms + t.submit_total_ms + t.wait_ms + t.readback_ms + t.compare_ms) / 1000.0;
}

std::string case_name(const ProgramRun& run) {
  if (run.program_index < 0) return "binary";
  std::string name = "program_" + std::to_string(run.program_index);
  if (!run.program_name.empty()) name += " " + run.program_name;
  return name;
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters other than tab and newlines are not allowed.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
          out += c;
        }
    }
  }
  return out;
}

std::string junit_xml(const std::string& command, const std::vector<FileRun>& files) {
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      ++tests;
      failures += run.outcome == Outcome::kFail;
      errors += run.outcome == Outcome::kError;
      skipped += run.outcome == Outcome::kSkip;
    }
  }
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml << "<testsuites name=\"tessera " << xml_escape(command) << "\" tests=\"" << tests
      << "\" failures=\"" << failures << "\" errors=\"" << errors << "\" skipped=\"" << skipped
      << "\">\n";
  for (const FileRun& file : files) {
    int suite_failures = 0, suite_errors = 0, suite_skipped = 0;
    double suite_time = 0;
    for (const ProgramRun& run : file.programs) {
      suite_failures += run.outcome == Outcome::kFail;
      suite_errors += run.outcome == Outcome::kError;
      suite_skipped += run.outcome == Outcome::kSkip;
      suite_time += seconds(run);
    }
    xml << "  <testsuite name=\"" << xml_escape(file.file) << "\" tests=\"" << file.programs.size()
        << "\" failures=\"" << suite_failures << "\" errors=\"" << suite_errors << "\" skipped=\""
        << suite_skipped << "\" time=\"" << suite_time << "\">\n";
    for (const ProgramRun& run : file.programs) {
      xml << "    <testcase classname=\"" << xml_escape(file.file) << "\" name=\""
          << xml_escape(case_name(run)) << "\" time=\"" << seconds(run) << "\"";
      std::string message = xml_escape(run.message);
      switch (run.outcome) {
        case Outcome::kPass:
          xml << "/>\n";
          continue;
        case Outcome::kFail:
          xml << ">\n      <failure message=\"" << message << "\">" << message << "</failure>\n";
          break;
        case Outcome::kError:
          xml << ">\n      <error message=\"" << message << "\">" << message << "</error>\n";
          break;
        case Outcome::kSkip:
          xml << ">\n      <skipped message=\"" << message << "\"/>\n";
          break;
      }
      xml << "    </testcase>\n";
    }
    xml << "  </testsuite>\n";
  }
  xml << "</testsuites>\n";
  return xml.str();
}

}  // namespace tessera::tools::run
