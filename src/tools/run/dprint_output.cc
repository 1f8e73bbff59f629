#include "dprint_output.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

namespace tessera::tools::run {

Result<std::unique_ptr<DprintOutput>> DprintOutput::open(const RunOptions& options) {
  std::unique_ptr<DprintOutput> output(new DprintOutput());
  if (!options.dprint_cores.empty()) {
    TESSERA_ASSIGN_OR_RETURN(output->options_.cores,
                             runtime::parse_dprint_cores(options.dprint_cores));
  }
  if (!options.dprint_riscvs.empty()) {
    TESSERA_ASSIGN_OR_RETURN(output->options_.riscs,
                             runtime::parse_dprint_riscs(options.dprint_riscvs));
  }
  if (!options.dprint_file.empty()) {
    output->file_.open(options.dprint_file, std::ios::trunc);
    if (!output->file_) {
      return make_error(ErrorCode::kNotFound, "cannot write the DPRINT file '", options.dprint_file,
                        "': ", std::strerror(errno));
    }
    output->to_file_ = true;
  }
  output->terminal_ = isatty(STDERR_FILENO) == 1;
  DprintOutput* self = output.get();
  output->options_.sink = [self](const runtime::DprintLine& line) { self->write(line); };
  return output;
}

void DprintOutput::write(const runtime::DprintLine& line) {
  std::lock_guard lock(mutex_);
  const std::string text = runtime::format_dprint_line(line);
  if (to_file_) {
    file_ << text << '\n' << std::flush;
    return;
  }
  // A line from a kernel replaces the progress line it interrupts.
  std::cerr << (terminal_ ? "\r\033[K" : "") << text << '\n' << std::flush;
}

}  // namespace tessera::tools::run
