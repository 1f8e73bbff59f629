// Data-movement programs end to end: DRAM loopback, reader/writer pairs
// over circular buffers, core-to-core transfers with semaphores, multicast.
#include <gmock/gmock.h>

#include <cstring>
#include <string>

#include "program_test_support.h"
#include "tessera/metal/program/tensor_accessor_args.h"

namespace tessera::metal {
namespace {

using testing::ProgramTest;

// Reads pages [first, first + count) of an interleaved DRAM buffer into a
// CB and pushes them; `cb_pages` at a time.
constexpr const char* kReaderBody = R"(
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb = get_compile_time_arg_val(0);
  const uint32_t page_size = get_tile_size(cb);
  const InterleavedAddrGen<true> source{src, page_size};
  for (uint32_t i = 0; i < count; ++i) {
    cb_reserve_back(cb, 1);
    noc_async_read_page(first + i, source, get_write_ptr(cb));
    noc_async_read_barrier();
    cb_push_back(cb, 1);
  }
}
)";

constexpr const char* kWriterBody = R"(
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb = get_compile_time_arg_val(0);
  const uint32_t page_size = get_tile_size(cb);
  const InterleavedAddrGenFast<true> destination{dst, page_size, get_dataformat(cb)};
  if (get_dataformat(cb) != DataFormat::Float16_b || get_dataformat(cb + 1) != DataFormat::Invalid) {
    tessera_kernel::fail("get_dataformat does not see the CB's format");
  }
  for (uint32_t i = 0; i < count; ++i) {
    cb_wait_front(cb, 1);
    noc_async_write_tile(first + i, destination, get_read_ptr(cb));
    noc_async_write_barrier();
    cb_pop_front(cb, 1);
  }
}
)";

struct LoopbackCase {
  uint32_t cb_pages;
  bool layout_2024;
};

class ReaderWriterTest : public ProgramTest, public ::testing::WithParamInterface<LoopbackCase> {};

// Pages of a DRAM buffer go through a CB of depth 1..N on several cores
// and land unchanged in another buffer.
TEST_P(ReaderWriterTest, CopiesEveryPageThroughCircularBuffers) {
  const LoopbackCase param = GetParam();
  const std::string include = param.layout_2024 ? "#include \"dataflow_api.h\"\n"
                                                : "#include \"api/dataflow/dataflow_api.h\"\n";
  constexpr uint32_t kPage = 2048, kPages = 48;
  Buffer src = filled_dram_buffer(kPage * kPages, kPage, 7);
  Buffer dst = dram_buffer(kPage * kPages, kPage);
  const CoreRangeSet cores{{{0, 0}, {3, 0}}};
  Program program("reader_writer");
  KernelHandle reader = *create_kernel_from_string(program, "reader.cpp", include + kReaderBody,
                                                   cores, reader_config({16}));
  KernelHandle writer = *create_kernel_from_string(program, "writer.cpp", include + kWriterBody,
                                                   cores, writer_config({16}));
  ASSERT_TRUE(create_circular_buffer(
                  program, cores,
                  CircularBufferConfig(param.cb_pages * kPage,
                                       {{16, {sim::tile::DataFormat::kFloat16_b, kPage}}}))
                  .ok());
  for (uint32_t x = 0; x < 4; ++x) {
    const uint32_t first = x * (kPages / 4);
    ASSERT_TRUE(set_runtime_args(program, reader, CoreCoord{x, 0},
                                 {static_cast<uint32_t>(src.address()), first, kPages / 4})
                    .ok());
    ASSERT_TRUE(set_runtime_args(program, writer, CoreCoord{x, 0},
                                 {static_cast<uint32_t>(dst.address()), first, kPages / 4})
                    .ok());
  }
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(read(dst), read(src));
}

INSTANTIATE_TEST_SUITE_P(Depths, ReaderWriterTest,
                         ::testing::Values(LoopbackCase{1, false}, LoopbackCase{2, false},
                                           LoopbackCase{4, true}, LoopbackCase{3, true}));

constexpr const char* kSenderKernel = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t receiver_x = get_arg_val<uint32_t>(0);
  const uint32_t receiver_y = get_arg_val<uint32_t>(1);
  const uint32_t words = get_arg_val<uint32_t>(2);
  cb_reserve_back(0, 1);
  volatile uint32_t* data = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  for (uint32_t i = 0; i < words; ++i) data[i] = 1000 + i * 3;
  // Same L1 offset on the receiver: its copy of CB 0.
  noc_async_write(get_write_ptr(0), get_noc_addr(receiver_x, receiver_y, get_write_ptr(0)),
                  words * 4);
  noc_async_write_barrier();
  noc_semaphore_inc(get_noc_addr(receiver_x, receiver_y, get_semaphore(0)), 1);
  noc_async_atomic_barrier();
}
)";

constexpr const char* kReceiverKernel = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t words = get_arg_val<uint32_t>(1);
  const uint32_t index = get_arg_val<uint32_t>(2);
  volatile uint32_t* semaphore = reinterpret_cast<volatile uint32_t*>(get_semaphore(0));
  noc_semaphore_wait(semaphore, 1);
  noc_semaphore_set(semaphore, 0);
  const InterleavedAddrGen<true> out{dst, words * 4};
  noc_async_write(get_read_ptr(0), get_noc_addr(index, out), words * 4);
  noc_async_write_barrier();
}
)";

TEST_F(ProgramTest, CoreToCoreTransferSignalledBySemaphore) {
  constexpr uint32_t kWords = 256;
  Buffer dst = dram_buffer(kWords * 4, kWords * 4);
  const CoreRange sender{{0, 0}, {0, 0}}, receiver{{2, 3}, {2, 3}};
  Program program("core_to_core");
  KernelHandle send =
      *create_kernel_from_string(program, "sender.cpp", kSenderKernel, {sender}, writer_config());
  KernelHandle receive = *create_kernel_from_string(program, "receiver.cpp", kReceiverKernel,
                                                    {receiver}, reader_config());
  ASSERT_TRUE(create_circular_buffer(program, {sender, receiver},
                                     CircularBufferConfig(kWords * 4, {{0, {{}, kWords * 4}}}))
                  .ok());
  ASSERT_EQ(*create_semaphore(program, {sender, receiver}, 0), 0u);
  const CoreCoord noc = worker_noc({2, 3});
  ASSERT_TRUE(set_runtime_args(program, send, CoreCoord{0, 0}, {noc.x, noc.y, kWords}).ok());
  ASSERT_TRUE(set_runtime_args(program, receive, CoreCoord{2, 3},
                               {static_cast<uint32_t>(dst.address()), kWords, 0})
                  .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  std::vector<uint8_t> bytes = read(dst);
  const auto* words = reinterpret_cast<const uint32_t*>(bytes.data());
  for (uint32_t i = 0; i < kWords; ++i) ASSERT_EQ(words[i], 1000 + i * 3) << "word " << i;
}

constexpr const char* kMulticastSender = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
  const uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
  const uint32_t receivers = get_arg_val<uint32_t>(4);
  const uint32_t words = get_arg_val<uint32_t>(5);
  volatile uint32_t* data = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  for (uint32_t i = 0; i < words; ++i) data[i] = 0xabc00000u + i;
  noc_async_write_multicast(get_write_ptr(0), get_noc_multicast_addr(x0, y0, x1, y1, get_write_ptr(0)),
                            words * 4, receivers);
  noc_async_write_barrier();
  volatile uint32_t* flag = reinterpret_cast<volatile uint32_t*>(get_semaphore(0));
  noc_semaphore_set(flag, 1);
  noc_semaphore_set_multicast(get_semaphore(0), get_noc_multicast_addr(x0, y0, x1, y1, get_semaphore(0)),
                              receivers);
}
)";

// Every receiver of a multicast rectangle gets the sender's data and flag;
// the sender's own copy is untouched without loopback.
TEST_F(ProgramTest, MulticastReachesEveryCoreOfTheGrid) {
  constexpr uint32_t kWords = 128;
  const CoreRange sender{{0, 0}, {0, 0}}, receivers{{1, 1}, {3, 2}};
  Buffer dst = dram_buffer(kWords * 4 * receivers.size(), kWords * 4);
  Program program("multicast");
  KernelHandle send = *create_kernel_from_string(program, "mcast_sender.cpp", kMulticastSender,
                                                 {sender}, writer_config());
  KernelHandle receive = *create_kernel_from_string(program, "receiver.cpp", kReceiverKernel,
                                                    {receivers}, reader_config());
  ASSERT_TRUE(create_circular_buffer(program, {sender, receivers},
                                     CircularBufferConfig(kWords * 4, {{0, {{}, kWords * 4}}}))
                  .ok());
  ASSERT_EQ(*create_semaphore(program, {sender, receivers}, 0), 0u);
  const CoreCoord start = worker_noc(receivers.start), end = worker_noc(receivers.end);
  ASSERT_TRUE(set_runtime_args(program, send, CoreCoord{0, 0},
                               {start.x, start.y, end.x, end.y, receivers.size(), kWords})
                  .ok());
  uint32_t index = 0;
  for (uint32_t y = 1; y <= 2; ++y) {
    for (uint32_t x = 1; x <= 3; ++x) {
      ASSERT_TRUE(set_runtime_args(program, receive, CoreCoord{x, y},
                                   {static_cast<uint32_t>(dst.address()), kWords, index++})
                      .ok());
    }
  }
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  std::vector<uint8_t> bytes = read(dst);
  const auto* words = reinterpret_cast<const uint32_t*>(bytes.data());
  for (uint32_t r = 0; r < receivers.size(); ++r) {
    for (uint32_t i = 0; i < kWords; ++i) {
      ASSERT_EQ(words[r * kWords + i], 0xabc00000u + i) << "receiver " << r << " word " << i;
    }
  }
}

// get_arg_addr gives a real L1 address; common args reach every core.
TEST_F(ProgramTest, RuntimeArgsLiveInL1AndCommonArgsAreShared) {
  Buffer dst = dram_buffer(2 * 64, 64);
  Program program("args");
  KernelHandle kernel = *create_kernel_from_string(program, "args.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  volatile uint32_t* args = reinterpret_cast<volatile uint32_t*>(get_arg_addr(0));
  cb_reserve_back(0, 1);
  uint32_t* out = reinterpret_cast<uint32_t*>(get_write_ptr(0));
  out[0] = args[1] + get_common_arg_val<uint32_t>(0);
  const InterleavedAddrGen<true> dst{get_arg_val<uint32_t>(0), 64};
  noc_async_write(get_write_ptr(0), get_noc_addr(get_absolute_logical_x(), dst), 4);
  noc_async_write_barrier();
}
)",
                                                   {{{0, 0}, {1, 0}}}, writer_config());
  ASSERT_TRUE(
      create_circular_buffer(program, {{{0, 0}, {1, 0}}}, CircularBufferConfig(64, {{0, {{}, 64}}}))
          .ok());
  ASSERT_TRUE(
      set_runtime_args(program, kernel, CoreCoord{0, 0}, {static_cast<uint32_t>(dst.address()), 10})
          .ok());
  ASSERT_TRUE(
      set_runtime_args(program, kernel, CoreCoord{1, 0}, {static_cast<uint32_t>(dst.address()), 20})
          .ok());
  ASSERT_TRUE(set_common_runtime_args(program, kernel, {5}).ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  std::vector<uint8_t> bytes = read(dst);
  EXPECT_EQ(*reinterpret_cast<const uint32_t*>(bytes.data()), 15u);
  EXPECT_EQ(*reinterpret_cast<const uint32_t*>(bytes.data() + 64), 25u);
}

TEST_F(ProgramTest, RuntimeArgLimitIsEnforced) {
  Program program("too_many_args");
  KernelHandle kernel = *create_kernel_from_string(program, "k.cpp", "void kernel_main() {}",
                                                   {{{0, 0}, {0, 0}}}, writer_config());
  ASSERT_TRUE(set_runtime_args(program, kernel, CoreCoord{0, 0}, std::vector<uint32_t>(300)).ok());
  Status status = set_common_runtime_args(program, kernel, std::vector<uint32_t>(42));
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), ::testing::HasSubstr("limit of 341"));
  Status elsewhere = set_runtime_args(program, kernel, CoreCoord{1, 0}, {1});
  ASSERT_FALSE(elsewhere.ok());
  EXPECT_THAT(elsewhere.error().message(), ::testing::HasSubstr("does not run"));
}

// Each core's shard of an L1 height-sharded tensor (seen through a CB
// placed on the buffer, read without waiting) goes to DRAM through a
// TensorAccessor and comes back into a second sharded tensor.
constexpr const char* kShardLoopback = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  constexpr auto dram_args = TensorAccessorArgs<0>();
  static_assert(dram_args.next_compile_time_args_offset() == 2, "config and page size words");
  const uint32_t dram = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1), pages = get_arg_val<uint32_t>(2);
  const uint32_t page_size = get_tile_size(0);
  const auto accessor = TensorAccessor(dram_args, dram, page_size);
  for (uint32_t p = 0; p < pages; ++p) {
    noc_async_write(get_read_ptr(0) + p * page_size, accessor.get_noc_addr(first + p), page_size);
  }
  noc_async_write_barrier();
  for (uint32_t p = 0; p < pages; ++p) {
    noc_async_read_tile(first + p, accessor, get_write_ptr(1) + p * page_size);
  }
  noc_async_full_barrier();
}
)";

TEST_F(ProgramTest, ShardedL1LoopbackThroughDram) {
  constexpr uint32_t kPage = 2048, kCores = 4, kPagesPerShard = 2;
  constexpr uint32_t kSize = kPage * kCores * kPagesPerShard;
  const CoreRange cores{{0, 0}, {3, 0}};
  sim::ShardSpec shard{.cores = {cores},
                       .shard_shape = {32 * kPagesPerShard, 32},
                       .page_shape = {32, 32},
                       .tensor_pages = {kCores * kPagesPerShard, 1}};
  BufferConfig config{sim::MemoryType::kL1, kSize, kPage, sim::BufferLayout::kHeightSharded, shard};
  auto in = create_buffer(*device_, config);
  auto out = create_buffer(*device_, config);
  ASSERT_TRUE(in.ok()) << in.error().describe();
  ASSERT_TRUE(out.ok()) << out.error().describe();
  const std::vector<uint8_t> data = testing::pattern(kSize, 11);
  ASSERT_TRUE(queue().enqueue_write_buffer(*in, data, true).ok());
  Buffer dram = dram_buffer(kSize, kPage);

  Program program("shard_loopback");
  std::vector<uint32_t> compile_args;
  TensorAccessorArgs(dram).append_to(compile_args);
  DataMovementConfig dm = writer_config(compile_args);
  KernelHandle kernel =
      *create_kernel_from_string(program, "shard_loopback.cpp", kShardLoopback, {cores}, dm);
  const CircularBufferFormat format{sim::tile::DataFormat::kFloat16_b, kPage};
  ASSERT_TRUE(create_circular_buffer(program, {cores},
                                     CircularBufferConfig(kPage * kPagesPerShard, {{0, format}})
                                         .set_globally_allocated_address(*in))
                  .ok());
  ASSERT_TRUE(create_circular_buffer(program, {cores},
                                     CircularBufferConfig(kPage * kPagesPerShard, {{1, format}})
                                         .set_globally_allocated_address(*out))
                  .ok());
  for (uint32_t x = 0; x < kCores; ++x) {
    ASSERT_TRUE(set_runtime_args(
                    program, kernel, CoreCoord{x, 0},
                    {static_cast<uint32_t>(dram.address()), x * kPagesPerShard, kPagesPerShard})
                    .ok());
  }
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(read(dram), data);
  EXPECT_EQ(read(*out), data);
}

// As tt-metal's matmul reuse kernels do with c_16 and c_24: two CB indices
// on one globally allocated L1 buffer share its memory.
TEST_F(ProgramTest, TwoCircularBuffersShareOneGloballyAllocatedBuffer) {
  constexpr uint32_t kPage = 2048;
  const CoreRange core{{2, 1}, {2, 1}};
  sim::ShardSpec shard{
      .cores = {core}, .shard_shape = {32, 32}, .page_shape = {32, 32}, .tensor_pages = {1, 1}};
  auto l1 = create_buffer(*device_, BufferConfig{sim::MemoryType::kL1, kPage, kPage,
                                                 sim::BufferLayout::kHeightSharded, shard});
  ASSERT_TRUE(l1.ok()) << l1.error().describe();
  Buffer dram = dram_buffer(kPage, kPage);
  Program program("shared_cb_memory");
  KernelHandle kernel = *create_kernel_from_string(program, "shared_cbs.cpp", R"(
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  if (get_write_ptr(tt::CBIndex::c_16) != get_read_ptr(tt::CBIndex::c_24)) return;
  cb_reserve_back(tt::CBIndex::c_16, 1);
  volatile tt_l1_ptr uint32_t* words =
      reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_write_ptr(tt::CBIndex::c_16));
  for (uint32_t i = 0; i < 512; ++i) words[i] = i * 7 + 1;
  cb_push_back(tt::CBIndex::c_16, 1);
  const InterleavedAddrGen<true> out{dst, 2048};
  noc_async_write(get_read_ptr(tt::CBIndex::c_24), get_noc_addr(0, out), 2048);
  noc_async_write_barrier();
}
)",
                                                   {core}, writer_config());
  const CircularBufferFormat format{sim::tile::DataFormat::kFloat16_b, kPage};
  for (uint32_t index : {16u, 24u}) {
    auto cb = create_circular_buffer(
        program, {core},
        CircularBufferConfig(kPage, {{index, format}}).set_globally_allocated_address(*l1));
    ASSERT_TRUE(cb.ok()) << cb.error().describe();
  }
  ASSERT_TRUE(
      set_runtime_args(program, kernel, core.start, {static_cast<uint32_t>(dram.address())}).ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::vector<uint8_t> bytes = read(dram);
  uint32_t word = 0;
  std::memcpy(&word, bytes.data() + 4 * 100, 4);
  EXPECT_EQ(word, 701u);
}

// tt-metal's object API: a reader and a writer moving pages between DRAM
// tensors and a CB with experimental::Noc, CircularBuffer and
// TensorAccessor endpoints ({.page_id}, {.offset_bytes}).
constexpr const char* kObjectApiReader = R"(
#include "api/tensor/noc_traits.h"
#include "experimental/circular_buffer.h"
void kernel_main() {
  constexpr auto args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(args, get_arg_val<uint32_t>(0));  // page size from the args
  const uint32_t pages = get_arg_val<uint32_t>(1);
  experimental::Noc noc;
  experimental::CircularBuffer cb(tt::CBIndex::c_0);
  static_assert(args.get_aligned_page_size() == 2048);
  for (uint32_t page = 0; page < pages; ++page) {
    cb.reserve_back(1);
    noc.async_read(src, cb, src.get_aligned_page_size(), {.page_id = page}, {.offset_bytes = 0});
    noc.async_read_barrier();
    cb.push_back(1);
  }
}
)";
constexpr const char* kObjectApiWriter = R"(
#include "api/tensor/noc_traits.h"
#include "api/core_local_mem.h"
#include "experimental/circular_buffer.h"
void kernel_main() {
  constexpr auto args = TensorAccessorArgs<0>();
  CircularBuffer cb(tt::CBIndex::c_0);
  const auto dst = TensorAccessor(args, get_arg_val<uint32_t>(0), cb.get_tile_size());
  const uint32_t pages = get_arg_val<uint32_t>(1);
  Noc noc;
  for (uint32_t page = 0; page < pages; ++page) {
    cb.wait_front(1);
    // Reversed page order, two halves each, so the offsets matter.
    const uint32_t half = cb.get_tile_size() / 2;
    noc.async_write(CoreLocalMem<uint32_t>(cb.get_read_ptr()), dst, half, {},
                    {.page_id = pages - 1 - page});
    noc.async_write(cb, dst, half, {.offset_bytes = half},
                    {.page_id = pages - 1 - page, .offset_bytes = half});
    noc.async_write_barrier();
    cb.pop_front(1);
  }
}
)";

TEST_F(ProgramTest, ObjectApiMovesPagesThroughACircularBuffer) {
  constexpr uint32_t kPage = 2048, kPages = 6;
  Buffer src = filled_dram_buffer(kPage * kPages, kPage, 41);
  Buffer dst = dram_buffer(kPage * kPages, kPage);
  const CoreRangeSet core{{{1, 1}, {1, 1}}};
  Program program("object_api");
  std::vector<uint32_t> src_args, dst_args;
  TensorAccessorArgs(src).append_to(src_args);
  TensorAccessorArgs(dst).append_to(dst_args);
  KernelHandle reader = *create_kernel_from_string(program, "object_reader.cpp", kObjectApiReader,
                                                   core, reader_config(src_args));
  KernelHandle writer = *create_kernel_from_string(program, "object_writer.cpp", kObjectApiWriter,
                                                   core, writer_config(dst_args));
  ASSERT_TRUE(
      create_circular_buffer(
          program, core,
          CircularBufferConfig(2 * kPage, {{0, {sim::tile::DataFormat::kFloat16_b, kPage}}}))
          .ok());
  ASSERT_TRUE(set_runtime_args(program, reader, CoreCoord{1, 1},
                               {static_cast<uint32_t>(src.address()), kPages})
                  .ok());
  ASSERT_TRUE(set_runtime_args(program, writer, CoreCoord{1, 1},
                               {static_cast<uint32_t>(dst.address()), kPages})
                  .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::vector<uint8_t> in = read(src), out = read(dst);
  for (uint32_t page = 0; page < kPages; ++page) {
    EXPECT_EQ(
        0, std::memcmp(out.data() + page * kPage, in.data() + (kPages - 1 - page) * kPage, kPage))
        << "page " << page;
  }
}

TEST_F(ProgramTest, DprintReachesTheProgramsLog) {
  Program program("dprint");
  ASSERT_TRUE(create_kernel_from_string(program, "hello.cpp", R"(
#include "dataflow_api.h"
#include "debug/dprint.h"
void kernel_main() { DPRINT << "semaphore at offset " << (get_semaphore(0) & 0xf) << ENDL(); }
)",
                                        {{{1, 2}, {1, 2}}}, reader_config())
                  .ok());
  ASSERT_TRUE(create_semaphore(program, {{{1, 2}, {1, 2}}}, 0).ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(program.dprint_log().text(), "(1,2) hello.cpp: semaphore at offset 0\n");
}

// Runs the word kernel in tests/metal/program/kernels/`file` (one CB page
// at a time over `pages` pages of a DRAM buffer, with `define`) on core
// (4,4); each 32-bit word before and after, for the test to compare.
struct WordRun {
  std::vector<uint32_t> before, after;
};
class FileKernelTest : public ProgramTest {
 protected:
  static constexpr uint32_t kPage = 256;
  WordRun run_word_kernel(Program& program, DataMovementConfig& config, const std::string& file,
                          std::pair<std::string, std::string> define, uint32_t pages,
                          uint8_t seed) {
    Buffer buffer = filled_dram_buffer(kPage * pages, kPage, seed);
    WordRun words{as_words(read(buffer)), {}};
    config = writer_config({kPage});
    config.defines = {std::move(define)};
    const std::string path = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/" + file;
    auto kernel = create_kernel(program, path, {{{4, 4}, {4, 4}}}, config);
    EXPECT_TRUE(kernel.ok()) << kernel.error().describe();
    if (!kernel.ok()) return words;
    EXPECT_TRUE(create_circular_buffer(program, {{{4, 4}, {4, 4}}},
                                       CircularBufferConfig(kPage, {{0, {{}, kPage}}}))
                    .ok());
    EXPECT_TRUE(set_runtime_args(program, *kernel, CoreCoord{4, 4},
                                 {static_cast<uint32_t>(buffer.address()), pages})
                    .ok());
    Status status = run(program);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    words.after = as_words(read(buffer));
    return words;
  }
  static std::vector<uint32_t> as_words(const std::vector<uint8_t>& bytes) {
    std::vector<uint32_t> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), words.size() * 4);
    return words;
  }
};

// A kernel file's own headers (and theirs, from their directory or by their
// path from the kernel's directory) come with it; the kernel has no include
// of the dataflow API (the prelude).
TEST_F(FileKernelTest, KernelFromAFileWithHeadersBesideIt) {
  Program program("with_helpers");
  DataMovementConfig config;
  WordRun words =
      run_word_kernel(program, config, "scale_words_with_helpers.cpp", {"FACTOR", "5u"}, 8, 23);
  ASSERT_EQ(words.after.size(), words.before.size());
  for (std::size_t i = 0; i < words.before.size(); ++i) {
    ASSERT_EQ(words.after[i], words.before[i] * 5u) << "word " << i;
  }
}

TEST_F(FileKernelTest, KernelFromAFileWithDefines) {
  Program program("from_file");
  DataMovementConfig config;
  WordRun words =
      run_word_kernel(program, config, "increment_words.cpp", {"INCREMENT", "3u"}, 24, 21);
  ASSERT_EQ(words.after.size(), words.before.size());
  for (std::size_t i = 0; i < words.before.size(); ++i) {
    ASSERT_EQ(words.after[i], words.before[i] + 3) << "word " << i;
  }
  auto missing = create_kernel(program, "no/such/kernel.cpp", {{{0, 0}, {0, 0}}}, config);
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.error().message(), ::testing::HasSubstr("no/such/kernel.cpp"));
}

// noc_inline_dw_write and noc_semaphore_set_remote reach the other core's
// semaphores; its waits (== and >=) see them.
TEST_F(ProgramTest, InlineWriteAndRemoteSemaphoreSetUnblockWaits) {
  const CoreRange a{{0, 1}, {0, 1}}, b{{6, 6}, {6, 6}};
  Program program("remote_semaphores");
  KernelHandle sender = *create_kernel_from_string(program, "sender.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t x = get_arg_val<uint32_t>(0), y = get_arg_val<uint32_t>(1);
  noc_inline_dw_write(get_noc_addr(x, y, get_semaphore(0)), 7);
  noc_semaphore_set_remote(get_semaphore(1), get_noc_addr(x, y, get_semaphore(1)));
}
)",
                                                   {a}, writer_config());
  ASSERT_TRUE(create_kernel_from_string(program, "receiver.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(get_semaphore(0)), 7);
  noc_semaphore_wait_min(reinterpret_cast<volatile uint32_t*>(get_semaphore(1)), 40);
}
)",
                                        {b}, reader_config())
                  .ok());
  ASSERT_EQ(*create_semaphore(program, {a, b}, 0), 0u);
  // Semaphore 1 is 42 on the sender and 0 on the receiver until set_remote.
  ASSERT_EQ(*create_semaphore(program, {a}, 42), 1u);
  ASSERT_EQ(*create_semaphore(program, {b}, 0), 1u);
  const CoreCoord noc = worker_noc(b.start);
  ASSERT_TRUE(set_runtime_args(program, sender, a.start, {noc.x, noc.y}).ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
}

// DRAM page reads may complete as late as the kernel's next barrier
// (pending_noc_reads.h); these pin down the other points where they must
// have landed.
constexpr uint32_t kDeferredPage = 2048, kDeferredPages = 24;

constexpr const char* kPageCopyWriter = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t pages = get_arg_val<uint32_t>(1);
  const uint32_t per_push = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> out{dst, 2048};
  for (uint32_t page = 0; page < pages; page += per_push) {
    cb_wait_front(0, per_push);
    for (uint32_t i = 0; i < per_push; ++i) {
      noc_async_write_page(page + i, out, get_read_ptr(0) + i * 2048, 2048);
    }
    noc_async_write_barrier();
    cb_pop_front(0, per_push);
  }
}
)";

// A reader that pushes pages without a barrier still hands over their data.
TEST_F(ProgramTest, PagesPushedWithoutABarrierHoldTheirData) {
  Buffer in = filled_dram_buffer(kDeferredPage * kDeferredPages, kDeferredPage, 5);
  Buffer out = dram_buffer(kDeferredPage * kDeferredPages, kDeferredPage);
  const CoreRange core{{3, 2}, {3, 2}};
  Program program("push_without_barrier");
  auto reader = create_kernel_from_string(program, "reader.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t pages = get_arg_val<uint32_t>(1);
  const InterleavedAddrGen<true> in{src, 2048};
  for (uint32_t page = 0; page < pages; ++page) {
    cb_reserve_back(0, 1);
    noc_async_read_page(page, in, get_write_ptr(0));
    cb_push_back(0, 1);
  }
}
)",
                                          {core}, reader_config());
  auto writer =
      create_kernel_from_string(program, "writer.cpp", kPageCopyWriter, {core}, writer_config());
  ASSERT_TRUE(reader.ok() && writer.ok());
  ASSERT_TRUE(
      create_circular_buffer(program, {core},
                             CircularBufferConfig(4 * kDeferredPage, {{0, {{}, kDeferredPage}}}))
          .ok());
  ASSERT_TRUE(set_runtime_args(program, *reader, core.start,
                               {static_cast<uint32_t>(in.address()), kDeferredPages})
                  .ok());
  ASSERT_TRUE(set_runtime_args(program, *writer, core.start,
                               {static_cast<uint32_t>(out.address()), kDeferredPages, 1})
                  .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(read(out), read(in));
}

// A kernel that returns with reads still in flight: they land before the
// program ends, where the next program on the core finds them.
TEST_F(ProgramTest, ReadsStillInFlightWhenAKernelReturnsLandBeforeTheProgramEnds) {
  constexpr uint32_t kPages = 8;
  Buffer in = filled_dram_buffer(kDeferredPage * kPages, kDeferredPage, 9);
  Buffer out = dram_buffer(kDeferredPage * kPages, kDeferredPage);
  const CoreRange core{{5, 1}, {5, 1}};
  const CircularBufferConfig cb(kPages * kDeferredPage, {{0, {{}, kDeferredPage}}});
  Program load("load_without_barrier");
  auto reader = create_kernel_from_string(load, "reader.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t pages = get_arg_val<uint32_t>(1);
  const InterleavedAddrGen<true> in{src, 2048};
  for (uint32_t page = 0; page < pages; ++page) {
    noc_async_read_page(page, in, get_write_ptr(0) + page * 2048);
  }
}
)",
                                          {core}, reader_config());
  ASSERT_TRUE(reader.ok());
  ASSERT_TRUE(create_circular_buffer(load, {core}, cb).ok());
  ASSERT_TRUE(
      set_runtime_args(load, *reader, core.start, {static_cast<uint32_t>(in.address()), kPages})
          .ok());
  Status status = run(load);
  ASSERT_TRUE(status.ok()) << status.error().describe();

  Program store("store");
  auto setup = create_kernel_from_string(store, "fill.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  cb_reserve_back(0, get_arg_val<uint32_t>(0));
  cb_push_back(0, get_arg_val<uint32_t>(0));
}
)",
                                         {core}, reader_config());
  auto writer =
      create_kernel_from_string(store, "writer.cpp", kPageCopyWriter, {core}, writer_config());
  ASSERT_TRUE(setup.ok() && writer.ok());
  ASSERT_TRUE(create_circular_buffer(store, {core}, cb).ok());
  ASSERT_TRUE(set_runtime_args(store, *setup, core.start, {kPages}).ok());
  ASSERT_TRUE(set_runtime_args(store, *writer, core.start,
                               {static_cast<uint32_t>(out.address()), kPages, kPages})
                  .ok());
  status = run(store);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(read(out), read(in));
}

}  // namespace
}  // namespace tessera::metal
