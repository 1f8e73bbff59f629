// The kernel API headers, embedded in the library at build time and
// extracted on demand into the cache directory under their content hash,
// so kernels compile without knowing where tessera's sources are.
#pragma once

#include <string>
#include <string_view>

#include "tessera/base/status.h"

namespace tessera::sim {

// Hash of all kernel API headers: the kernel API version in cache keys.
const std::string& kernel_api_hash();

// The bundled files as "path -> contents", in bundle order.
std::string_view kernel_api_bundle();

// Extracts the headers under `cache_root`/kernel_api/<hash>/ (once; safe
// across processes) and returns that include directory.
Result<std::string> extract_kernel_api_headers(const std::string& cache_root);

}  // namespace tessera::sim
