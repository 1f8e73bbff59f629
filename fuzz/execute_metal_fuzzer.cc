// libFuzzer entry for tessera::fuzz::execute_metal (see targets/fuzz_targets.h).
#include "targets/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::execute_metal(data, size);
  return 0;
}
