#include "kernels/kernel_library.h"

// The embedded sources (generated at build time from kernels/*.cpp).
#define TESSERA_KERNEL_SYMBOLS(name)                  \
  extern const unsigned char tessera_kernel_##name[]; \
  extern const unsigned long tessera_kernel_##name##_size;
TESSERA_KERNEL_SYMBOLS(shard_push)
TESSERA_KERNEL_SYMBOLS(shard_wait)
TESSERA_KERNEL_SYMBOLS(eltwise_binary)
TESSERA_KERNEL_SYMBOLS(eltwise_unary)
TESSERA_KERNEL_SYMBOLS(tilize)
TESSERA_KERNEL_SYMBOLS(untilize)
TESSERA_KERNEL_SYMBOLS(reblock_gather)
TESSERA_KERNEL_SYMBOLS(matmul)
TESSERA_KERNEL_SYMBOLS(matmul_multicast)
TESSERA_KERNEL_SYMBOLS(shard_push_scaler)
TESSERA_KERNEL_SYMBOLS(reduce_rows)
TESSERA_KERNEL_SYMBOLS(column_extract)
TESSERA_KERNEL_SYMBOLS(softmax_rows)
TESSERA_KERNEL_SYMBOLS(dram_page_copy)
#undef TESSERA_KERNEL_SYMBOLS

namespace tessera::builder::kernels {

#define TESSERA_KERNEL_SOURCE(name)                               \
  std::string_view name() {                                       \
    return {reinterpret_cast<const char*>(tessera_kernel_##name), \
            static_cast<size_t>(tessera_kernel_##name##_size)};   \
  }
TESSERA_KERNEL_SOURCE(shard_push)
TESSERA_KERNEL_SOURCE(shard_wait)
TESSERA_KERNEL_SOURCE(eltwise_binary)
TESSERA_KERNEL_SOURCE(eltwise_unary)
TESSERA_KERNEL_SOURCE(tilize)
TESSERA_KERNEL_SOURCE(untilize)
TESSERA_KERNEL_SOURCE(reblock_gather)
TESSERA_KERNEL_SOURCE(matmul)
TESSERA_KERNEL_SOURCE(matmul_multicast)
TESSERA_KERNEL_SOURCE(shard_push_scaler)
TESSERA_KERNEL_SOURCE(reduce_rows)
TESSERA_KERNEL_SOURCE(column_extract)
TESSERA_KERNEL_SOURCE(softmax_rows)
TESSERA_KERNEL_SOURCE(dram_page_copy)
#undef TESSERA_KERNEL_SOURCE

}  // namespace tessera::builder::kernels
