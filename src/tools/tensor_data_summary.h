// `tessera read` without --full: each tensor's bytes become a short summary
// (type, shape, element count, first and last values, checksum), so a
// binary with goldens reads in a screenful instead of one byte per line.
#pragma once

#include "tensor_data_fields.h"

namespace tessera::tools {

// The key every summary carries; `build` looks for it to refuse summaries.
inline constexpr const char* kSummarisedKey = "summarised";

// Replaces every tensor data field of `root` with its summary.
void summarise_tensor_data(Json& root);

// The summary of one field's bytes (exposed for tests).
Json tensor_data_summary(const TensorDataField& field);

}  // namespace tessera::tools
