// The kernel library: device kernel sources embedded into tessera_builder.
#pragma once

#include <string_view>

namespace tessera::builder::kernels {

std::string_view shard_push();
std::string_view shard_wait();
std::string_view eltwise_binary();
std::string_view eltwise_unary();
std::string_view tilize();
std::string_view untilize();
std::string_view reblock_gather();
std::string_view matmul();
std::string_view matmul_multicast();
std::string_view shard_push_scaler();
std::string_view reduce_rows();
std::string_view column_extract();
std::string_view softmax_rows();
std::string_view dram_page_copy();

}  // namespace tessera::builder::kernels
