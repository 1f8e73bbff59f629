// libFuzzer entry for tessera::fuzz::inspect_binary (see targets/fuzz_targets.h).
#include "targets/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::inspect_binary(data, size);
  return 0;
}
