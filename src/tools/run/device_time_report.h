// `tessera perf --device-time`: the timing model's figures as reports.
// - per program in the results file (`device_time`, results_json.cc);
// - ops_perf_results.csv in the column names of tt-metal's profiler report,
//   one row per program run (TTM0 EnqueueProgram) or TTNN op, columns the
//   model has no figure for left empty;
// - device tracks per core and RISC in the Chrome trace, on the virtual
//   clock (programs laid end to end in run order);
// - a roofline note per row for the terminal.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

nlohmann::ordered_json device_time_json(const std::vector<runtime::ProgramDeviceTime>& times);
std::string device_ops_csv(const std::vector<FileRun>& files);
// Appends the device process (pid 2) and its tracks to `events`, if any
// program has device time.
void add_device_trace_events(const std::vector<FileRun>& files, nlohmann::json& events);
// One line per program / op: device time, bound and utilisation.
std::string device_time_summary(const std::vector<FileRun>& files);

}  // namespace tessera::tools::run
