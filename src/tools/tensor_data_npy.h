// `tessera build`: tensor data written by hand. Where a golden tensor's
// `data` would be a byte array (either layout's GoldenTensor), or a
// row-major constant's, {"npy": "FILE.npy"} names a NumPy file (relative to
// the JSON's folder) whose elements become the bytes; the tensor's shape
// and data type (data_type, or dtype in the current layout), when given,
// must match the file's, and are filled from it when not. Summaries that
// `read` printed are refused.
#pragma once

#include <filesystem>

#include "tensor_data_fields.h"
#include "tessera/base/status.h"

namespace tessera::tools {

// Replaces every {"npy": ...} data field of `root` with the file's bytes;
// an error names the field, the file and what differs.
Status load_tensor_data(Json& root, const std::filesystem::path& json_folder);

}  // namespace tessera::tools
