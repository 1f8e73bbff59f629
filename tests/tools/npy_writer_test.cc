// .npy files: header layout (format 1.0), dtypes, bfloat16 widening, and,
// when python3 with numpy is installed, that numpy reads them back.
#include "run/npy_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "../support/example_binaries.h"
#include "tessera/base/bfloat16.h"
#include "tessera/format/generated.h"

namespace tessera::tools::run {
namespace {

using ::testing::HasSubstr;
using tt::target::DataType;

bool numpy_available() {
  return std::filesystem::exists("/usr/bin/python3") &&
         std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") == 0;
}

TEST(NpyWriterTest, HeaderIsPaddedToSixtyFourBytes) {
  std::vector<int64_t> shapes[] = {{}, {5}, {32, 32}, {2, 3, 4, 5}};
  for (const auto& shape : shapes) {
    std::string header = npy_header("<f4", shape);
    EXPECT_EQ((10 + header.size()) % 64, 0u) << header;
    EXPECT_EQ(header.back(), '\n');
  }
  EXPECT_THAT(npy_header("<f4", std::vector<int64_t>{}), HasSubstr("'shape': ()"));
  EXPECT_THAT(npy_header("<f4", std::vector<int64_t>{5}), HasSubstr("'shape': (5,)"));
  EXPECT_THAT(npy_header("<u2", std::vector<int64_t>{32, 32}),
              HasSubstr("{'descr': '<u2', 'fortran_order': False, 'shape': (32, 32), }"));
}

TEST(NpyWriterTest, FileStartsWithMagicVersionAndHeaderLength) {
  std::vector<uint8_t> data = {1, 2, 3, 4};
  std::vector<int64_t> shape = {4};
  std::vector<uint8_t> file = npy_file("|u1", shape, data);
  ASSERT_GE(file.size(), 10u);
  EXPECT_EQ(file[0], 0x93);
  EXPECT_EQ(std::string(file.begin() + 1, file.begin() + 6), "NUMPY");
  EXPECT_EQ(file[6], 1);
  EXPECT_EQ(file[7], 0);
  size_t header_length = file[8] | (file[9] << 8);
  EXPECT_EQ((10 + header_length) % 64, 0u);
  ASSERT_EQ(file.size(), 10 + header_length + data.size());
  EXPECT_EQ(std::vector<uint8_t>(file.begin() + 10 + header_length, file.end()), data);
}

TEST(NpyWriterTest, BFloat16IsWidenedToFloat32) {
  testing::TempDir dir;
  std::vector<float> values = {1.0f, -2.5f, 0.15625f};
  std::vector<uint8_t> bytes;
  for (float value : values) {
    uint16_t bits = tessera::float_to_bfloat16_bits(value);
    bytes.push_back(static_cast<uint8_t>(bits & 0xff));
    bytes.push_back(static_cast<uint8_t>(bits >> 8));
  }
  std::vector<int64_t> shape = {3};
  std::string path = (dir / "bf16.npy").string();
  ASSERT_TRUE(write_npy(path, DataType::BFloat16, shape, bytes).ok());
  std::string file = testing::read_text_file(path);
  EXPECT_THAT(file, HasSubstr("'<f4'"));
  ASSERT_EQ(file.size(), 128u + 12u);  // header padded to 128 bytes
  std::vector<float> read(3);
  std::memcpy(read.data(), file.data() + 128, 12);
  EXPECT_EQ(read, values);
}

TEST(NpyWriterTest, BlockFloatsAndUnwritablePathsAreErrors) {
  std::vector<int64_t> shape = {1};
  std::vector<uint8_t> byte = {0};
  testing::TempDir dir;
  std::string path = (dir / "x.npy").string();
  EXPECT_FALSE(write_npy(path, DataType::BFP_BFloat8, shape, byte).ok());
  EXPECT_FALSE(std::filesystem::exists(path));
  Status status = write_npy("/proc/no/such/dir/x.npy", DataType::UInt8, shape, byte);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(), HasSubstr("/proc/no/such/dir/x.npy"));
}

TEST(NpyWriterTest, NumpyReadsEveryDtype) {
  if (!numpy_available()) GTEST_SKIP() << "python3 with numpy is not installed";
  testing::TempDir dir;
  std::vector<int64_t> shape = {2, 3};
  std::vector<float> f32 = {0, 1, 2, 3, 4, 5.5f};
  std::vector<uint8_t> f32_bytes(24);
  std::memcpy(f32_bytes.data(), f32.data(), 24);
  std::vector<uint8_t> u8 = {0, 1, 2, 3, 4, 255};
  std::vector<uint8_t> u16 = {0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 0xff, 0xff};
  ASSERT_TRUE(write_npy((dir / "f32.npy").string(), DataType::Float32, shape, f32_bytes).ok());
  ASSERT_TRUE(write_npy((dir / "u8.npy").string(), DataType::UInt8, shape, u8).ok());
  ASSERT_TRUE(write_npy((dir / "u16.npy").string(), DataType::UInt16, shape, u16).ok());
  std::string script =
      "import numpy as n, sys; d = sys.argv[1]; "
      "a = n.load(d + '/f32.npy'); assert a.dtype == n.float32 and a.shape == (2, 3), a; "
      "assert a[1, 2] == 5.5; "
      "b = n.load(d + '/u8.npy'); assert b.dtype == n.uint8 and b[1, 2] == 255; "
      "c = n.load(d + '/u16.npy'); assert c.dtype == n.uint16 and c[1, 2] == 65535";
  std::string command = "/usr/bin/python3 -c \"" + script + "\" '" + dir.path().string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
}

}  // namespace
}  // namespace tessera::tools::run
