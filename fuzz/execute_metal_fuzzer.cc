// libFuzzer entry for tessera::fuzz::execute_metal (see targets/fuzz_targets.h).
#include <span>

#include "targets/fuzz_targets.h"
#include "targets/source_keeping_mutation.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  tessera::fuzz::use_fuzzing_tensor_limit();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::execute_metal(data, size);
  return 0;
}

// Seven mutants in eight keep the kernel sources, so they skip the compile;
// the eighth is libFuzzer's own, which may change anything.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  if (seed % 8 != 0) {
    if (tessera::fuzz::mutate_outside_text({data, size}, seed / 8)) return size;
  }
  return LLVMFuzzerMutate(data, size, max_size);
}
