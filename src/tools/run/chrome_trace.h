// `tessera perf` traces in the Chrome trace-event format (opens in Perfetto
// and chrome://tracing): complete "X" events in microseconds. The host thread
// (tid 0) holds binary > program > submit > runtime program > op spans; each
// command queue and each kernel of each core gets its own track, so work that
// runs concurrently nests by time on its own thread. Spans of one track that
// overlap without nesting (asynchronous commands) move to extra lanes.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

nlohmann::json chrome_trace(const std::vector<FileRun>& files);

}  // namespace tessera::tools::run
