// libFuzzer entry for tessera::fuzz::execute_ttnn (see targets/fuzz_targets.h).
#include "targets/fuzz_targets.h"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  tessera::fuzz::use_fuzzing_tensor_limit();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::execute_ttnn(data, size);
  return 0;
}
