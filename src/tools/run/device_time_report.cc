#include "device_time_report.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>
#include <utility>

#include "op_csv.h"

namespace tessera::tools::run {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr int kDevicePid = 2;

double rounded(double value) {
  return static_cast<double>(static_cast<int64_t>(value * 1000.0 + (value >= 0 ? 0.5 : -0.5))) /
         1000.0;
}

std::string number_text(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f", value);
  return text;
}

// The RISC's kernel span over all cores: first start to last end, in ns.
double risc_ns(const runtime::ProgramDeviceTime& time, const std::string& risc) {
  int64_t first = INT64_MAX, last = INT64_MIN;
  for (const runtime::KernelDeviceTime& kernel : time.kernels) {
    if (kernel.risc != risc) continue;
    first = std::min(first, kernel.start_cycle);
    last = std::max(last, kernel.end_cycle);
  }
  if (last < first || time.ai_clock_mhz <= 0) return -1;
  return double(last - first) * 1000.0 / time.ai_clock_mhz;
}

// The profiler report's columns (tt-metal tools/profiler/process_ops_logs.py).
const std::vector<std::string>& columns() {
  static const std::vector<std::string> kColumns = {
      "OP CODE",
      "OP TYPE",
      "GLOBAL CALL COUNT",
      "DEVICE ID",
      "ATTRIBUTES",
      "MATH FIDELITY",
      "CORE COUNT",
      "PARALLELIZATION STRATEGY",
      "HOST START TS",
      "HOST END TS",
      "HOST DURATION [ns]",
      "DEVICE FW START CYCLE",
      "DEVICE FW END CYCLE",
      "DEVICE FW DURATION [ns]",
      "DEVICE KERNEL DURATION [ns]",
      "DEVICE BRISC KERNEL DURATION [ns]",
      "DEVICE NCRISC KERNEL DURATION [ns]",
      "DEVICE TRISC0 KERNEL DURATION [ns]",
      "DEVICE TRISC1 KERNEL DURATION [ns]",
      "DEVICE TRISC2 KERNEL DURATION [ns]",
      "DEVICE ERISC KERNEL DURATION [ns]",
      "DEVICE COMPUTE CB WAIT FRONT [ns]",
      "DEVICE COMPUTE CB RESERVE BACK [ns]",
      "INPUTS",
      "OUTPUTS",
      "COMPUTE KERNEL PATH",
      "COMPUTE KERNEL HASH",
      "DATA MOVEMENT KERNEL PATH",
      "DATA MOVEMENT KERNEL HASH",
      "PM IDEAL [ns]",
      "PM COMPUTE [ns]",
      "PM BANDWIDTH [ns]",
      "PM REQ I BW",
      "PM REQ O BW",
      // tessera's own, after the profiler's.
      "TESSERA FILE",
      "TESSERA PROGRAM",
      "TESSERA BOUND",
  };
  return kColumns;
}

std::string csv_row(const std::map<std::string, std::string>& cells) {
  std::string line;
  for (std::size_t i = 0; i < columns().size(); ++i) {
    if (i > 0) line += ",";
    auto found = cells.find(columns()[i]);
    if (found != cells.end()) line += csv_field(found->second);
  }
  return line + "\n";
}

OrderedJson zones_json(const std::vector<runtime::ZoneDeviceTime>& zones) {
  OrderedJson entries = OrderedJson::array();
  for (const runtime::ZoneDeviceTime& zone : zones) {
    entries.push_back({{"name", zone.name},
                       {"start_cycle", zone.start_cycle},
                       {"end_cycle", zone.end_cycle},
                       {"depth", zone.depth}});
  }
  return entries;
}

}  // namespace

OrderedJson device_time_json(const std::vector<runtime::ProgramDeviceTime>& times) {
  OrderedJson entries = OrderedJson::array();
  double total_ns = 0;
  for (const runtime::ProgramDeviceTime& time : times) {
    OrderedJson kernels = OrderedJson::array();
    for (const runtime::KernelDeviceTime& kernel : time.kernels) {
      OrderedJson entry = {
          {"kernel", kernel.kernel},       {"core", {kernel.core_x, kernel.core_y}},
          {"risc", kernel.risc},           {"start_cycle", kernel.start_cycle},
          {"end_cycle", kernel.end_cycle}, {"wait_cycles", kernel.wait_cycles}};
      // Only kernels with profiler zones carry them, so reports of kernels
      // without stay as they were.
      if (!kernel.zones.empty() || kernel.zones_dropped > 0) {
        entry["zones"] = zones_json(kernel.zones);
        entry["zones_dropped"] = kernel.zones_dropped;
      }
      kernels.push_back(std::move(entry));
    }
    total_ns += time.device_ns;
    entries.push_back({{"name", time.name},
                       {"category", time.category},
                       {"queue", time.queue},
                       {"index", time.index},
                       {"estimated", time.estimated},
                       {"arch", time.arch},
                       {"ai_clock_mhz", time.ai_clock_mhz},
                       {"device_cycles", time.device_cycles},
                       {"kernel_cycles", time.kernel_cycles},
                       {"device_ns", rounded(time.device_ns)},
                       {"kernel_ns", rounded(time.kernel_ns)},
                       {"cores", time.cores},
                       {"bound", time.bound},
                       {"math_utilisation", rounded(time.math_utilisation)},
                       {"dram_utilisation", rounded(time.dram_utilisation)},
                       {"math_ns", rounded(time.math_ns)},
                       {"dram_ns", rounded(time.dram_ns)},
                       {"dram_bytes", time.dram_bytes},
                       {"unmatched_waits", time.unmatched_waits},
                       {"kernels", std::move(kernels)}});
  }
  return {{"total_device_ns", rounded(total_ns)}, {"programs", std::move(entries)}};
}

std::string device_ops_csv(const std::vector<FileRun>& files) {
  std::string csv;
  for (std::size_t i = 0; i < columns().size(); ++i)
    csv += (i ? "," : "") + csv_field(columns()[i]);
  csv += "\n";
  uint64_t call = 0;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      for (const runtime::ProgramDeviceTime& time : run.device_time) {
        std::map<std::string, std::string> cells;
        cells["OP CODE"] = time.name;
        cells["OP TYPE"] = time.estimated ? "tessera_estimate" : "tt_dnn_device";
        cells["GLOBAL CALL COUNT"] = std::to_string(call++);
        cells["DEVICE ID"] = "0";
        cells["CORE COUNT"] = std::to_string(time.cores);
        cells["DEVICE FW START CYCLE"] = "0";
        cells["DEVICE FW END CYCLE"] = std::to_string(time.device_cycles);
        cells["DEVICE FW DURATION [ns]"] = number_text(time.device_ns);
        cells["DEVICE KERNEL DURATION [ns]"] = number_text(time.kernel_ns);
        if (double ns = risc_ns(time, "BRISC"); ns >= 0) {
          cells["DEVICE BRISC KERNEL DURATION [ns]"] = number_text(ns);
        }
        if (double ns = risc_ns(time, "NCRISC"); ns >= 0) {
          cells["DEVICE NCRISC KERNEL DURATION [ns]"] = number_text(ns);
        }
        if (double ns = risc_ns(time, "TRISC"); ns >= 0) {
          // The three TRISCs run as one in the model.
          for (const char* trisc : {"TRISC0", "TRISC1", "TRISC2"}) {
            cells[std::string("DEVICE ") + trisc + " KERNEL DURATION [ns]"] = number_text(ns);
          }
        }
        cells["PM IDEAL [ns]"] = number_text(std::max(time.math_ns, time.dram_ns));
        cells["PM COMPUTE [ns]"] = number_text(time.math_ns);
        cells["PM BANDWIDTH [ns]"] = number_text(time.dram_ns);
        cells["TESSERA FILE"] = file.file;
        cells["TESSERA PROGRAM"] = std::to_string(run.program_index);
        cells["TESSERA BOUND"] = time.bound;
        csv += csv_row(cells);
      }
    }
  }
  return csv;
}

void add_device_trace_events(const std::vector<FileRun>& files, Json& events) {
  bool any = false;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) any = any || !run.device_time.empty();
  }
  if (!any) return;  // without --device-time the trace is as it was
  events.push_back({{"name", "process_name"},
                    {"ph", "M"},
                    {"pid", kDevicePid},
                    {"args", {{"name", "device (timing model, virtual clock)"}}}});
  std::map<std::string, int> tids = {{"programs", 0}};
  auto tid_of = [&](const std::string& track) {
    auto [it, added] = tids.emplace(track, static_cast<int>(tids.size()));
    return it->second;
  };
  double offset_us = 0;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      for (const runtime::ProgramDeviceTime& time : run.device_time) {
        const double us_per_cycle = time.ai_clock_mhz > 0 ? 1.0 / time.ai_clock_mhz : 0;
        events.push_back({{"name", time.name},
                          {"cat", "device"},
                          {"ph", "X"},
                          {"ts", offset_us},
                          {"dur", time.device_ns / 1000.0},
                          {"pid", kDevicePid},
                          {"tid", 0},
                          {"args",
                           {{"file", file.file},
                            {"program", run.program_index},
                            {"cycles", time.device_cycles},
                            {"bound", time.bound},
                            {"estimated", time.estimated}}}});
        // A span of cycles of this program as a slice on a track.
        auto slice = [&](const std::string& name, const char* category, int64_t start, int64_t end,
                         int tid, Json args) {
          events.push_back({{"name", name},
                            {"cat", category},
                            {"ph", "X"},
                            {"ts", offset_us + double(start) * us_per_cycle},
                            {"dur", double(end - start) * us_per_cycle},
                            {"pid", kDevicePid},
                            {"tid", tid},
                            {"args", std::move(args)}});
        };
        for (const runtime::KernelDeviceTime& kernel : time.kernels) {
          const int tid = tid_of("core (" + std::to_string(kernel.core_x) + ", " +
                                 std::to_string(kernel.core_y) + ") " + kernel.risc);
          slice(kernel.kernel, "device kernel", kernel.start_cycle, kernel.end_cycle, tid,
                {{"start_cycle", kernel.start_cycle},
                 {"end_cycle", kernel.end_cycle},
                 {"wait_cycles", kernel.wait_cycles},
                 {"core_x", kernel.core_x},
                 {"core_y", kernel.core_y}});
          // Zones nest under their kernel on its track, as the profiler
          // shows them.
          for (const runtime::ZoneDeviceTime& zone : kernel.zones) {
            slice(zone.name, "device zone", zone.start_cycle, zone.end_cycle, tid,
                  {{"kernel", kernel.kernel},
                   {"start_cycle", zone.start_cycle},
                   {"end_cycle", zone.end_cycle}});
          }
        }
        offset_us += time.device_ns / 1000.0;
      }
    }
  }
  for (const auto& [track, tid] : tids) {
    events.push_back({{"name", "thread_name"},
                      {"ph", "M"},
                      {"pid", kDevicePid},
                      {"tid", tid},
                      {"args", {{"name", track}}}});
  }
}

std::string device_time_summary(const std::vector<FileRun>& files) {
  std::ostringstream out;
  out << std::fixed;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      for (const runtime::ProgramDeviceTime& time : run.device_time) {
        // Streamed, not formatted into a fixed buffer: paths and program
        // names come from the user and the binary, of any length.
        out << "  " << file.file << " program " << run.program_index << " " << time.name << ": "
            << std::setprecision(1) << time.device_ns / 1000.0 << " us on " << time.cores
            << (time.cores == 1 ? " core (" : " cores (") << time.bound
            << (time.estimated ? ", estimated from shapes" : "") << "; math "
            << std::setprecision(0) << time.math_utilisation * 100.0 << "%, DRAM "
            << time.dram_utilisation * 100.0 << "%)\n";
      }
    }
  }
  return out.str();
}

}  // namespace tessera::tools::run
