// --dump-kernels / --load-kernels: every TTM0 kernel source of a binary as a
// file, and the binary rebuilt with edited files in their place, so kernels
// can be debugged without recompiling the model. One file per kernel:
// <dir>/<file name>/program_<p>_device_program_<d>_queue_<q>_command_<c>_kernel_<k>.cc
#pragma once

#include <filesystem>
#include <string>

#include "tessera/base/status.h"
#include "tessera/format/binary.h"

namespace tessera::tools::run {

// The folder of `binary_path`'s kernel sources under `dir`.
std::filesystem::path kernel_source_folder(const std::string& dir, const std::string& binary_path);

// Writes every KernelSource of a TTM0 binary; returns how many.
Result<size_t> dump_kernel_sources(const format::Binary& binary,
                                   const std::filesystem::path& folder);

// The binary with each kernel whose file exists in `folder` taken from that
// file; `loaded` says how many were. Errors if the folder holds none of them.
Result<format::Binary> load_kernel_sources(const format::Binary& binary,
                                           const std::filesystem::path& folder, size_t& loaded);

}  // namespace tessera::tools::run
