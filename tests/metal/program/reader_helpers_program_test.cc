// Reader helpers and the newer object API on one core: the zero region
// (MEM_ZEROS_BASE), generate_reduce_scaler.hpp, DataflowBuffer with the
// NocOptions forms of the object NoC API, and DPRINT << TSLICE.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "device_matrix.h"
#include "program_test_support.h"
#include "tessera/metal/program/tensor_accessor_args.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::metal {
namespace {

using sim::tile::DataFormat;
using testing::ProgramTest;

constexpr uint32_t kBf16Tile = 2048;
const CoreRangeSet kCore{{{2, 3}, {2, 3}}};

// Two pages of CB 0, first filled with 0xff bytes: page 0 then cleared from
// the zero region in MEM_ZEROS_SIZE reads, page 1 turned into a reduce
// scaler of 0.5 (bf16 0x3f00); both written to DRAM pages 0 and 1.
constexpr const char* kZerosAndScaler = R"(
#include "api/dataflow/dataflow_api.h"
#include "ttnn/deprecated/tt_dnn/kernels/dataflow/generate_reduce_scaler.hpp"
void kernel_main() {
  constexpr auto out_args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(out_args, get_arg_val<uint32_t>(0));
  cb_reserve_back(tt::CBIndex::c_0, 1);
  const uint32_t page = get_write_ptr(tt::CBIndex::c_0);
  volatile tt_l1_ptr uint32_t* words = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(page);
  for (uint32_t i = 0; i < 2 * 2048 / 4; ++i) words[i] = 0xffffffffu;
  const uint64_t zeros = get_noc_addr(MEM_ZEROS_BASE);
  for (uint32_t offset = 0; offset < 2048; offset += MEM_ZEROS_SIZE) {
    noc_async_read(zeros, page + offset, MEM_ZEROS_SIZE);
  }
  noc_async_read_barrier();
  cb_push_back(tt::CBIndex::c_0, 1);
  generate_reduce_scaler(tt::CBIndex::c_0, 0x3f003f00u);
  cb_wait_front(tt::CBIndex::c_0, 2);
  for (uint32_t p = 0; p < 2; ++p) {
    noc_async_write_page(p, out, get_read_ptr(tt::CBIndex::c_0) + p * 2048);
  }
  noc_async_write_barrier();
  cb_pop_front(tt::CBIndex::c_0, 2);
}
)";

TEST_F(ProgramTest, ZeroRegionAndReduceScalerFillCbPages) {
  Buffer out = dram_buffer(2 * kBf16Tile, kBf16Tile);
  Program program("zeros_and_scaler");
  std::vector<uint32_t> args;
  TensorAccessorArgs(out).append_to(args);
  auto kernel = create_kernel_from_string(program, "zeros_and_scaler.cpp", kZerosAndScaler, kCore,
                                          reader_config(args));
  ASSERT_TRUE(kernel.ok()) << kernel.error().describe();
  ASSERT_TRUE(create_circular_buffer(
                  program, kCore,
                  CircularBufferConfig(2 * kBf16Tile, {{0, {DataFormat::kFloat16_b, kBf16Tile}}}))
                  .ok());
  ASSERT_TRUE(
      set_runtime_args(program, *kernel, kCore[0].start, {static_cast<uint32_t>(out.address())})
          .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::vector<uint8_t> bytes = read(out);
  std::vector<uint16_t> values(2 * 1024);
  std::memcpy(values.data(), bytes.data(), bytes.size());
  for (uint32_t i = 0; i < 1024; ++i) ASSERT_EQ(values[i], 0) << "zeroed element " << i;
  for (uint32_t i = 0; i < 1024; ++i) {
    const bool first_row_of_face = (i % 256) < 16;
    ASSERT_EQ(values[1024 + i], first_row_of_face ? 0x3f00 : 0) << "scaler element " << i;
  }
}

// A reader, a compute kernel and a writer moving tiles through
// DataflowBuffers: the reader with TensorAccessor pages and NocOptions
// transaction ids, the compute kernel copying through Dst, the writer from
// a scoped read lock's CoreLocalMem.
constexpr const char* kDfbReader = R"(
#include "api/dataflow/dataflow_buffer.h"
#include "api/tensor/noc_traits.h"
void kernel_main() {
  constexpr auto args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(args, get_arg_val<uint32_t>(0));
  const uint32_t pages = get_arg_val<uint32_t>(1);
  Noc noc;
  DataflowBuffer dfb(tt::CBIndex::c_0);
  for (uint32_t page = 0; page < pages; ++page) {
    dfb.reserve_back(1);
    noc.async_read<NocOptions::TXN_ID | NocOptions::CUSTOM_VC>(
        src, dfb, dfb.get_entry_size(), {.page_id = page}, {.offset_bytes = 0}, {.vc = 1, .trid = 2});
    noc.async_read_barrier<NocOptions::TXN_ID>({.trid = 2});
    dfb.push_back(1);
  }
}
)";
constexpr const char* kDfbCompute = R"(
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/dataflow/dataflow_buffer.h"
void kernel_main() {
  const uint32_t pages = get_arg_val<uint32_t>(0);
  DataflowBuffer in(tt::CBIndex::c_0), out(tt::CBIndex::c_16);
  copy_tile_init(in.get_id());
  for (uint32_t page = 0; page < pages; ++page) {
    in.wait_front(1);
    out.reserve_back(1);
    tile_regs_acquire();
    copy_tile(in.get_id(), 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out.get_id());
    tile_regs_release();
    in.pop_front(1);
    out.push_back(1);
  }
}
)";
constexpr const char* kDfbWriter = R"(
#include "api/dataflow/dataflow_buffer.h"
#include "api/tensor/noc_traits.h"
void kernel_main() {
  constexpr auto args = TensorAccessorArgs<0>();
  const auto dst = TensorAccessor(args, get_arg_val<uint32_t>(0));
  const uint32_t pages = get_arg_val<uint32_t>(1);
  Noc noc;
  DataflowBuffer dfb(tt::CBIndex::c_16);
  for (uint32_t page = 0; page < pages; ++page) {
    dfb.wait_front(1);
    {
      auto lock = dfb.scoped_read_lock();
      noc.async_write<NocOptions::DEFAULT>(lock.get_ptr<uint32_t>(), dst, dfb.get_entry_size(), {},
                                           {.page_id = page});
    }
    noc.async_write_barrier<NocOptions::TXN_ID>({.trid = 3});
    dfb.pop_front(1);
  }
}
)";

TEST_F(ProgramTest, DataflowBuffersCarryTilesWithNocOptions) {
  constexpr uint32_t kPages = 3;
  Buffer src = filled_dram_buffer(kPages * kBf16Tile, kBf16Tile, 7);
  Buffer dst = dram_buffer(kPages * kBf16Tile, kBf16Tile);
  Program program("dataflow_buffers");
  std::vector<uint32_t> src_args, dst_args;
  TensorAccessorArgs(src).append_to(src_args);
  TensorAccessorArgs(dst).append_to(dst_args);
  auto reader = create_kernel_from_string(program, "dfb_reader.cpp", kDfbReader, kCore,
                                          reader_config(src_args));
  auto compute =
      create_kernel_from_string(program, "dfb_compute.cpp", kDfbCompute, kCore, ComputeConfig{});
  auto writer = create_kernel_from_string(program, "dfb_writer.cpp", kDfbWriter, kCore,
                                          writer_config(dst_args));
  ASSERT_TRUE(reader.ok()) << reader.error().describe();
  ASSERT_TRUE(compute.ok()) << compute.error().describe();
  ASSERT_TRUE(writer.ok()) << writer.error().describe();
  for (uint32_t cb : {0u, 16u}) {
    ASSERT_TRUE(
        create_circular_buffer(
            program, kCore,
            CircularBufferConfig(2 * kBf16Tile, {{cb, {DataFormat::kFloat16_b, kBf16Tile}}}))
            .ok());
  }
  const CoreCoord core = kCore[0].start;
  ASSERT_TRUE(
      set_runtime_args(program, *reader, core, {static_cast<uint32_t>(src.address()), kPages})
          .ok());
  ASSERT_TRUE(set_runtime_args(program, *compute, core, {kPages}).ok());
  ASSERT_TRUE(
      set_runtime_args(program, *writer, core, {static_cast<uint32_t>(dst.address()), kPages})
          .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  // bf16 through fp32 Dst and back is exact, NaN patterns aside: compare as floats.
  const auto in = testing::from_device_tiles(DataFormat::kFloat16_b, read(src), 32, 32 * kPages);
  const auto out = testing::from_device_tiles(DataFormat::kFloat16_b, read(dst), 32, 32 * kPages);
  ASSERT_EQ(in.size(), out.size());
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == in[i]) {
      ASSERT_EQ(out[i], in[i]) << "element " << i;
    }
  }
}

// A bf16 tile whose element (r, c) is r * 2 + c / 16 (exact in bf16),
// printed with TSLICE from a reader (read pointer) and from a compute
// kernel's packer (write pointer), its math thread (a warning), and an
// fp32 row longer than the 64 bytes a TSLICE holds.
constexpr const char* kTsliceReader = R"(
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"
void kernel_main() {
  cb_reserve_back(tt::CBIndex::c_0, 1);
  volatile tt_l1_ptr uint16_t* tile =
      reinterpret_cast<volatile tt_l1_ptr uint16_t*>(get_write_ptr(tt::CBIndex::c_0));
  for (uint32_t r = 0; r < 32; ++r) {
    for (uint32_t c = 0; c < 32; ++c) {
      const float value = static_cast<float>(r * 2 + c / 16);
      uint32_t bits;
      __builtin_memcpy(&bits, &value, 4);
      tile[((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16] = static_cast<uint16_t>(bits >> 16);
    }
  }
  cb_push_back(tt::CBIndex::c_0, 1);
  DPRINT << TSLICE(tt::CBIndex::c_0, 0, SliceRange::hw0_32_16(), TSLICE_INPUT_CB) << ENDL();
  DPRINT << TSLICE(tt::CBIndex::c_0, 0, SliceRange{.h0 = 1, .h1 = 2, .hs = 1, .w0 = 14, .w1 = 18, .ws = 1},
                   TSLICE_INPUT_CB, TSLICE_RD_PTR, false) << ENDL();
}
)";
constexpr const char* kTsliceCompute = R"(
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/debug/dprint.h"
void kernel_main() {
  cb_wait_front(tt::CBIndex::c_0, 1);
  cb_reserve_back(tt::CBIndex::c_16, 1);
  copy_tile_init(tt::CBIndex::c_0);
  tile_regs_acquire();
  copy_tile(tt::CBIndex::c_0, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, tt::CBIndex::c_16);
  tile_regs_release();
  DPRINT_PACK(DPRINT << TSLICE(tt::CBIndex::c_16, 0, SliceRange::h0_w0_32()));
  DPRINT_MATH(DPRINT << TSLICE(tt::CBIndex::c_16, 0, SliceRange::h0_w0_32()));
  cb_push_back(tt::CBIndex::c_16, 1);
  cb_pop_front(tt::CBIndex::c_0, 1);
}
)";

TEST_F(ProgramTest, TileSlicesPrintLikeTheDevicePrintServer) {
  Program program("tslice");
  auto reader = create_kernel_from_string(program, "tslice_reader.cpp", kTsliceReader, kCore,
                                          writer_config());
  auto compute = create_kernel_from_string(program, "tslice_compute.cpp", kTsliceCompute, kCore,
                                           ComputeConfig{});
  ASSERT_TRUE(reader.ok()) << reader.error().describe();
  ASSERT_TRUE(compute.ok()) << compute.error().describe();
  ASSERT_TRUE(create_circular_buffer(
                  program, kCore,
                  CircularBufferConfig(kBf16Tile, {{0, {DataFormat::kFloat16_b, kBf16Tile}}}))
                  .ok());
  ASSERT_TRUE(create_circular_buffer(
                  program, kCore, CircularBufferConfig(4096, {{16, {DataFormat::kFloat32, 4096}}}))
                  .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::string log = program.dprint_log().text();
  EXPECT_NE(log.find("tslice_reader.cpp: 0 1\n"), std::string::npos) << log;
  EXPECT_NE(log.find("tslice_reader.cpp: 32 33\n"), std::string::npos) << log;
  EXPECT_NE(log.find("tslice_reader.cpp: 2 2 3 3\n"), std::string::npos) << log;
  EXPECT_NE(log.find("tslice_compute.cpp: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
                     " <TileSlice data truncated due to exceeding max count (16)>\n"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("Warning: MATH core does not support TileSlice printing, omitting print..."),
            std::string::npos)
      << log;
}

}  // namespace
}  // namespace tessera::metal
