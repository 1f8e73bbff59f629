// Where a run's artifacts go: one folder per binary, named by the binary's
// file name with its extension (so x.ttm and x.ttnn do not share one), with
// the binary copied in and a program_<i>/ folder per program under it.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "tessera/base/status.h"

namespace tessera::tools::run {

// A problem with using `dir` as the artifact folder, or "": it must not be a
// file, and --clean-artifacts may not empty a folder holding the working
// directory.
std::string artifact_dir_problem(const std::string& dir, bool clean);

// Removes everything inside `dir` (which may not exist yet).
Status clean_artifact_dir(const std::string& dir);

class ArtifactLayout {
 public:
  explicit ArtifactLayout(std::string dir) : dir_(std::move(dir)) {}

  // <dir>/<name.ext>/ for binary `path`, created, with the binary copied in.
  // A second binary of the same file name from another directory gets
  // <name.ext>_2 (and a warning) rather than overwriting the first.
  Result<std::filesystem::path> binary_folder(const std::string& path);

 private:
  std::string dir_;
  std::map<std::string, std::string> owners_;  // folder name -> binary's canonical path
};

// <binary folder>/program_<i>, created.
Result<std::filesystem::path> program_folder(const std::filesystem::path& binary_folder,
                                             uint32_t program);

}  // namespace tessera::tools::run
