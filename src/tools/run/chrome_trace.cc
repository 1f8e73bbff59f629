#include "chrome_trace.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>

#include "device_time_report.h"

namespace tessera::tools::run {
namespace {

using Json = nlohmann::json;

constexpr int kPid = 1;
// A track's lanes get consecutive tids: track * kLanes + lane.
constexpr int kLanes = 64;

// Where a span is drawn: the host (binary > program > submit > ops), a command
// queue, or one kernel on one core, since a core's kernels (reader, compute,
// writer) run at the same time.
std::string track_of(const runtime::TraceSpan& span) {
  if (span.category == "command" && span.queue >= 0) {
    return "command queue " + std::to_string(span.queue);
  }
  if (span.category == "kernel" && span.core_x >= 0 && span.core_y >= 0) {
    return "core (" + std::to_string(span.core_x) + ", " + std::to_string(span.core_y) + ") " +
           span.name;
  }
  return "host";
}

Json span_args(const RecordedSpan& recorded, const std::string& file, int64_t program) {
  const runtime::TraceSpan& span = recorded.span;
  Json args{{"file", file}};
  if (program >= 0) args["program"] = program;
  if (recorded.loop >= 0) args["loop"] = recorded.loop;
  if (span.index >= 0) args["index"] = span.index;
  if (span.queue >= 0) args["queue"] = span.queue;
  if (span.core_x >= 0) {
    args["core_x"] = span.core_x;
    args["core_y"] = span.core_y;
  }
  if (!span.detail.empty()) args["detail"] = span.detail;
  return args;
}

struct PendingEvent {
  const RecordedSpan* span;
  const std::string* file;
  int64_t program;
};

// Trace viewers nest the events of one thread by time, so events that
// overlap without one containing the other (asynchronous commands of a
// queue) must go to separate lanes. Each lane keeps a stack of open events;
// an event joins the first lane where it fits inside the innermost open one
// or starts after all of them ended.
class LaneAssigner {
 public:
  int place(int64_t start, int64_t end) {
    for (size_t lane = 0; lane < lanes_.size(); ++lane) {
      std::vector<int64_t>& open = lanes_[lane];
      while (!open.empty() && open.back() <= start) open.pop_back();
      if (open.empty() || end <= open.back()) {
        open.push_back(end);
        return static_cast<int>(lane);
      }
    }
    if (lanes_.size() == kLanes) return kLanes - 1;  // give up on nesting
    lanes_.push_back({end});
    return static_cast<int>(lanes_.size() - 1);
  }

 private:
  std::vector<std::vector<int64_t>> lanes_;
};

}  // namespace

Json chrome_trace(const std::vector<FileRun>& files) {
  int64_t origin = std::numeric_limits<int64_t>::max();
  for (const FileRun& file : files) origin = std::min(origin, file.span.span.start_ns);
  if (origin == std::numeric_limits<int64_t>::max()) origin = 0;

  // Spans by track.
  std::vector<std::string> track_order = {"host"};
  std::map<std::string, std::vector<PendingEvent>> tracks = {{"host", {}}};
  auto add = [&](const RecordedSpan& span, const std::string& file, int64_t program) {
    std::string track = track_of(span.span);
    if (!tracks.count(track)) track_order.push_back(track);
    tracks[track].push_back({&span, &file, program});
  };
  for (const FileRun& file : files) {
    add(file.span, file.file, -1);
    for (const ProgramRun& run : file.programs) {
      for (const RecordedSpan& span : run.spans) add(span, file.file, run.program_index);
    }
  }

  // Host, then command queues, then cores (by name, so a core's kernels sit together).
  std::sort(track_order.begin() + 1, track_order.end());

  Json events = Json::array();
  events.push_back(
      {{"name", "process_name"}, {"ph", "M"}, {"pid", kPid}, {"args", {{"name", "tessera"}}}});
  for (size_t t = 0; t < track_order.size(); ++t) {
    std::vector<PendingEvent>& pending = tracks[track_order[t]];
    // Outer events first: earlier start, then longer.
    std::stable_sort(pending.begin(), pending.end(), [](const auto& a, const auto& b) {
      if (a.span->span.start_ns != b.span->span.start_ns) {
        return a.span->span.start_ns < b.span->span.start_ns;
      }
      return a.span->span.duration_ns > b.span->span.duration_ns;
    });
    LaneAssigner lanes;
    int used_lanes = 0;
    for (const PendingEvent& event : pending) {
      const runtime::TraceSpan& span = event.span->span;
      int lane = lanes.place(span.start_ns, span.start_ns + span.duration_ns);
      used_lanes = std::max(used_lanes, lane + 1);
      events.push_back({{"name", span.name},
                        {"cat", span.category},
                        {"ph", "X"},
                        {"ts", static_cast<double>(span.start_ns - origin) / 1000.0},
                        {"dur", static_cast<double>(span.duration_ns) / 1000.0},
                        {"pid", kPid},
                        {"tid", static_cast<int>(t) * kLanes + lane},
                        {"args", span_args(*event.span, *event.file, event.program)}});
    }
    for (int lane = 0; lane < std::max(used_lanes, 1); ++lane) {
      std::string name = track_order[t];
      if (lane > 0) name += " (overlapping " + std::to_string(lane) + ")";
      events.push_back({{"name", "thread_name"},
                        {"ph", "M"},
                        {"pid", kPid},
                        {"tid", static_cast<int>(t) * kLanes + lane},
                        {"args", {{"name", name}}}});
      events.push_back({{"name", "thread_sort_index"},
                        {"ph", "M"},
                        {"pid", kPid},
                        {"tid", static_cast<int>(t) * kLanes + lane},
                        {"args", {{"sort_index", static_cast<int>(t) * kLanes + lane}}}});
    }
  }
  add_device_trace_events(files, events);
  return {{"displayTimeUnit", "ms"}, {"traceEvents", std::move(events)}};
}

}  // namespace tessera::tools::run
