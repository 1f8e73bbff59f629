// .npy reading: what the writer writes reads back, version 2.0 headers, and
// malformed files are errors that say what is wrong.
#include "run/npy_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <vector>

#include "run/npy_writer.h"

namespace tessera::tools::run {
namespace {

using ::testing::HasSubstr;

std::vector<uint8_t> floats_bytes(std::vector<float> values) {
  std::vector<uint8_t> bytes(values.size() * 4);
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

TEST(NpyReaderTest, ReadsWhatTheWriterWrites) {
  std::vector<int64_t> shape = {2, 3};
  std::vector<uint8_t> data = floats_bytes({1, 2, 3, 4, 5, 6});
  auto array = parse_npy(npy_file("<f4", shape, data), "a.npy");
  ASSERT_TRUE(array.ok()) << array.error().describe();
  EXPECT_EQ(array->descr, "<f4");
  EXPECT_EQ(array->shape, shape);
  EXPECT_EQ(array->item_size, 4u);
  EXPECT_EQ(array->data, data);
}

TEST(NpyReaderTest, ReadsOneDimensionalScalarAndVersionTwo) {
  auto one =
      parse_npy(npy_file("|u1", std::vector<int64_t>{3}, std::vector<uint8_t>{7, 8, 9}), "x");
  ASSERT_TRUE(one.ok()) << one.error().describe();
  EXPECT_EQ(one->shape, std::vector<int64_t>{3});
  auto scalar = parse_npy(npy_file("<u4", std::vector<int64_t>{}, floats_bytes({0})), "x");
  ASSERT_TRUE(scalar.ok()) << scalar.error().describe();
  EXPECT_TRUE(scalar->shape.empty());
  // Version 2.0: a four-byte header length.
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }\n";
  std::vector<uint8_t> file = {0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0};
  for (int i = 0; i < 4; ++i) file.push_back(static_cast<uint8_t>(header.size() >> (8 * i)));
  file.insert(file.end(), header.begin(), header.end());
  for (uint8_t byte : floats_bytes({2.5f})) file.push_back(byte);
  auto two = parse_npy(file, "v2.npy");
  ASSERT_TRUE(two.ok()) << two.error().describe();
  EXPECT_EQ(two->data, floats_bytes({2.5f}));
}

TEST(NpyReaderTest, MalformedFilesSayWhatIsWrong) {
  std::vector<uint8_t> good = npy_file("<f4", std::vector<int64_t>{2}, floats_bytes({1, 2}));
  auto expect_error = [](std::vector<uint8_t> bytes, const std::string& text) {
    auto array = parse_npy(bytes, "bad.npy");
    ASSERT_FALSE(array.ok()) << text;
    EXPECT_THAT(array.error().describe(), HasSubstr("bad.npy"));
    EXPECT_THAT(array.error().describe(), HasSubstr(text));
  };
  expect_error({1, 2, 3}, "not a .npy file");
  std::vector<uint8_t> truncated(good.begin(), good.end() - 1);
  expect_error(truncated, "needs 2 elements but the file holds 7 data bytes");
  expect_error(npy_file(">f4", std::vector<int64_t>{2}, floats_bytes({1, 2})), "not little-endian");
  expect_error(npy_file("<c8", std::vector<int64_t>{1}, floats_bytes({1, 2})), "not a numeric");
  std::vector<uint8_t> fortran = good;
  std::string text(fortran.begin(), fortran.end());
  size_t at = text.find("False");
  std::memcpy(fortran.data() + at, "True ", 5);
  expect_error(fortran, "Fortran order");
  std::vector<uint8_t> huge = good;
  huge[8] = 0xff;
  huge[9] = 0xff;
  expect_error(huge, "the header claims");
}

TEST(NpyReaderTest, MissingFileIsAnError) {
  auto array = read_npy("/nonexistent/dir/x.npy");
  ASSERT_FALSE(array.ok());
  EXPECT_THAT(array.error().describe(), HasSubstr("cannot open"));
}

// A directory opens as a stream but throws on read; it is an error, not a crash.
TEST(NpyReaderTest, DirectoryIsAnError) {
  const std::string dir = std::filesystem::temp_directory_path().string();
  auto array = read_npy(dir);
  ASSERT_FALSE(array.ok());
  EXPECT_THAT(array.error().describe(), HasSubstr(dir + ": is a directory, not a .npy file"));
}

}  // namespace
}  // namespace tessera::tools::run
