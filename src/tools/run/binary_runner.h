// Runs the programs of one binary file on the run's devices: inputs (golden
// or generated), submit (--loops times), read-back, golden comparison and
// artifacts. Every failure becomes a result; nothing here stops the run.
#pragma once

#include <string>
#include <vector>

#include "artifact_layout.h"
#include "device_pool.h"
#include "run_options.h"
#include "run_results.h"
#include "tessera/format/binary.h"
#include "tessera/runtime/dprint.h"

namespace tessera::tools::run {

// Everything one file produced: its programs' results and the span covering
// the whole file, for traces.
struct FileRun {
  std::string file;
  RecordedSpan span;
  std::vector<ProgramRun> programs;
};

class BinaryRunner {
 public:
  // `artifacts` is null unless artifacts are saved, `dprint` unless kernels'
  // DPRINT lines are shown.
  BinaryRunner(const RunOptions& options, DevicePool& devices, ArtifactLayout* artifacts,
               const runtime::DprintOptions* dprint)
      : options_(options), devices_(devices), artifacts_(artifacts), dprint_(dprint) {}

  FileRun run_file(const std::string& path);

 private:
  // --load-kernels / --dump-kernels on a loaded TTM0 binary.
  Status apply_kernel_source_options(const std::string& path, format::Binary& binary);

  const RunOptions& options_;
  DevicePool& devices_;
  ArtifactLayout* artifacts_;
  const runtime::DprintOptions* dprint_;
};

}  // namespace tessera::tools::run
