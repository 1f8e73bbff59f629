// TensorAccessor over interleaved and sharded buffers: the host's args are
// tt-metal's words (checked word by word), and kernels written the way the
// compiler's emitter writes them (TensorAccessorArgs<CTA, CRTA> chained by
// next_*_offset(), then TensorAccessor(args, addr, page_size)) copy every
// page of a sharded tensor, in L1 or DRAM, into an interleaved one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "program_test_support.h"
#include "tessera/metal/program/tensor_accessor_args.h"

namespace tessera::metal {
namespace {

using testing::ProgramTest;

constexpr uint32_t kPage = 2048;

// Pages of `src` (an accessor at compile-time arg 0 and common runtime arg
// 0) to `dst` (the accessor after it), page i to page i; the compile-time
// arg after both accessors is the page count. Runtime args: addresses.
constexpr const char* kCopyPages = R"(
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"
void kernel_main() {
  constexpr auto src_args = TensorAccessorArgs<0, 0>();
#ifndef RUNTIME_RANK
  constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset(),
                                               src_args.next_common_runtime_args_offset()>();
#else
  // A runtime rank makes the next offset a runtime value, as on tt-metal.
  const auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>(
      src_args.next_common_runtime_args_offset());
#endif
  constexpr uint32_t pages =
      get_compile_time_arg_val(decltype(dst_args)::next_compile_time_args_offset());
  const uint32_t page_size = get_tile_size(tt::CBIndex::c_0);
  const auto src = TensorAccessor(src_args, get_arg_val<uint32_t>(0), page_size);
  const auto dst = TensorAccessor(dst_args, get_arg_val<uint32_t>(1));
  for (uint32_t page = 0; page < pages; ++page) {
    cb_reserve_back(tt::CBIndex::c_0, 1);
    const uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
    noc_async_read_page(page, src, l1);
    noc_async_read_barrier();
    noc_async_write_page(page, dst, l1);
    noc_async_write_barrier();
  }
}
)";

class TensorAccessorTest : public ProgramTest {
 protected:
  Result<Buffer> sharded(sim::MemoryType memory, sim::BufferLayout layout, sim::ShardSpec shard) {
    const uint64_t pages = uint64_t{shard.tensor_pages[0]} * shard.tensor_pages[1];
    return create_buffer(*device_, BufferConfig{memory, pages * kPage, kPage, layout, shard});
  }

  // Copies `src` into a fresh interleaved DRAM buffer through the kernel;
  // returns what arrived.
  std::vector<uint8_t> copy_through_accessors(const Buffer& src, uint32_t src_runtime) {
    Buffer dst = dram_buffer(src.size(), kPage);
    const TensorAccessorArgs src_args(src, src_runtime), dst_args(dst);
    EXPECT_TRUE(src_args.status().ok()) << src_args.status().error().describe();
    std::vector<uint32_t> compile_args, common_args;
    src_args.append_to(compile_args, common_args);
    dst_args.append_to(compile_args, common_args);
    compile_args.push_back(static_cast<uint32_t>(src.size() / kPage));
    Program program("copy_pages");
    const CoreRangeSet core{{{6, 6}, {6, 6}}};
    DataMovementConfig config = reader_config(compile_args);
    if ((src_runtime & static_cast<uint32_t>(TensorAccessorArg::kRuntimeRank)) != 0) {
      config.defines["RUNTIME_RANK"] = "1";
    }
    auto kernel = create_kernel_from_string(program, "copy_pages.cpp", kCopyPages, core, config);
    EXPECT_TRUE(kernel.ok()) << kernel.error().describe();
    if (!kernel.ok()) return {};
    EXPECT_TRUE(create_circular_buffer(
                    program, core,
                    CircularBufferConfig(kPage, {{0, {sim::tile::DataFormat::kFloat16_b, kPage}}}))
                    .ok());
    EXPECT_TRUE(set_runtime_args(
                    program, *kernel, {6, 6},
                    {static_cast<uint32_t>(src.address()), static_cast<uint32_t>(dst.address())})
                    .ok());
    EXPECT_TRUE(set_common_runtime_args(program, *kernel, common_args).ok());
    Status status = run(program);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return read(dst);
  }

  void expect_copied(const Buffer& src, uint32_t src_runtime = 0) {
    const std::vector<uint8_t> data = testing::pattern(src.size(), 21);
    ASSERT_TRUE(queue().enqueue_write_buffer(src, data, true).ok());
    EXPECT_EQ(copy_through_accessors(src, src_runtime), data);
  }
};

TEST_F(TensorAccessorTest, InterleavedArgsAreConfigAndAlignedPageSize) {
  Buffer dram = dram_buffer(4 * kPage, kPage);
  EXPECT_EQ(TensorAccessorArgs(dram).compile_time_args(), (std::vector<uint32_t>{2, kPage}));
  auto l1 = create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 4 * 100, 100));
  ASSERT_TRUE(l1.ok());
  // 100-byte pages sit 16 bytes apart in L1 banks: the aligned size.
  EXPECT_EQ(TensorAccessorArgs(*l1).compile_time_args(), (std::vector<uint32_t>{0, 112}));
  const TensorAccessorArgs runtime_page(dram,
                                        static_cast<uint32_t>(TensorAccessorArg::kRuntimePageSize));
  EXPECT_EQ(runtime_page.compile_time_args(), (std::vector<uint32_t>{2 | 128}));
  EXPECT_EQ(runtime_page.common_runtime_args(), (std::vector<uint32_t>{kPage}));
}

TEST_F(TensorAccessorTest, ShardedArgsDescribeShapesInPagesAndBankCoordinates) {
  // 4 x 2 pages height-sharded over cores (0,0)..(3,0), a row of two pages each.
  sim::ShardSpec shard{.cores = {{{0, 0}, {3, 0}}},
                       .shard_shape = {32, 64},
                       .page_shape = {32, 32},
                       .tensor_pages = {4, 2}};
  auto buffer = sharded(sim::MemoryType::kL1, sim::BufferLayout::kHeightSharded, shard);
  ASSERT_TRUE(buffer.ok()) << buffer.error().describe();
  const TensorAccessorArgs args(*buffer);
  ASSERT_TRUE(args.status().ok()) << args.status().error().describe();
  std::vector<uint32_t> expected = {1, kPage, 2, 4, 4, 2, 1, 2};
  for (uint32_t x = 0; x < 4; x += 2) {
    const CoreCoord a = worker_noc({x, 0}), b = worker_noc({x + 1, 0});
    expected.push_back((b.x << 24) | (b.y << 16) | (a.x << 8) | a.y);
  }
  EXPECT_EQ(args.compile_time_args(), expected);
  EXPECT_TRUE(args.common_runtime_args().empty());
  // Shapes and coordinates as runtime args: the same words, moved.
  const TensorAccessorArgs runtime(
      *buffer, TensorAccessorArg::kRuntimeTensorShape | TensorAccessorArg::kRuntimeBankCoords);
  EXPECT_EQ(runtime.compile_time_args(), (std::vector<uint32_t>{1 | 16 | 64, kPage, 2, 4, 1, 2}));
  EXPECT_EQ(runtime.common_runtime_args(), (std::vector<uint32_t>{4, 2, expected[8], expected[9]}));
  const TensorAccessorArgs forbidden(*buffer,
                                     static_cast<uint32_t>(TensorAccessorArg::kRuntimeRank));
  ASSERT_FALSE(forbidden.status().ok());
  EXPECT_NE(forbidden.status().error().message().find("runtime rank needs"), std::string::npos);
}

TEST_F(TensorAccessorTest, KernelsReadEveryPageOfHeightWidthAndBlockShardedL1) {
  auto height = sharded(sim::MemoryType::kL1, sim::BufferLayout::kHeightSharded,
                        {.cores = {{{0, 0}, {2, 0}}},
                         .shard_shape = {64, 64},
                         .page_shape = {32, 32},
                         .tensor_pages = {5, 2}});  // last shard half full
  ASSERT_TRUE(height.ok()) << height.error().describe();
  expect_copied(*height);
  auto width = sharded(sim::MemoryType::kL1, sim::BufferLayout::kWidthSharded,
                       {.cores = {{{1, 2}, {1, 4}}},
                        .shard_shape = {96, 32},
                        .page_shape = {32, 32},
                        .tensor_pages = {3, 3},
                        .orientation = sim::ShardOrientation::kColMajor});
  ASSERT_TRUE(width.ok()) << width.error().describe();
  expect_copied(*width);
  auto block = sharded(sim::MemoryType::kL1, sim::BufferLayout::kBlockSharded,
                       {.cores = {{{2, 1}, {4, 2}}},
                        .shard_shape = {64, 64},
                        .page_shape = {32, 32},
                        .tensor_pages = {4, 6}});
  ASSERT_TRUE(block.ok()) << block.error().describe();
  expect_copied(*block);
}

TEST_F(TensorAccessorTest, KernelsReadDramShardsAndRuntimeLayoutArgs) {
  auto dram = sharded(sim::MemoryType::kDram, sim::BufferLayout::kHeightSharded,
                      {.cores = {{{0, 0}, {3, 0}}},
                       .shard_shape = {32, 64},
                       .page_shape = {32, 32},
                       .tensor_pages = {4, 2}});
  ASSERT_TRUE(dram.ok()) << dram.error().describe();
  expect_copied(*dram);
  auto block = sharded(sim::MemoryType::kL1, sim::BufferLayout::kBlockSharded,
                       {.cores = {{{0, 3}, {1, 4}}},
                        .shard_shape = {32, 64},
                        .page_shape = {32, 32},
                        .tensor_pages = {2, 4},
                        .orientation = sim::ShardOrientation::kColMajor});
  ASSERT_TRUE(block.ok()) << block.error().describe();
  expect_copied(*block, TensorAccessorArg::kRuntimeRank | TensorAccessorArg::kRuntimeTensorShape |
                            TensorAccessorArg::kRuntimeShardShape |
                            TensorAccessorArg::kRuntimeNumBanks |
                            TensorAccessorArg::kRuntimeBankCoords);
}

}  // namespace
}  // namespace tessera::metal
