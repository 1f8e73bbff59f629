// Status and Result: a Result built from an ok Status is an error, not a
// dereference of the Status's null error.
#include "tessera/base/status.h"

#include <gtest/gtest.h>

#include <string>

namespace tessera {
namespace {

Result<int> from_status(Status status) {
  return status;
}

TEST(ResultFromStatus, OkStatusIsAnInternalError) {
  Result<int> result = from_status(ok_status());
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code(), ErrorCode::kInternal);
  EXPECT_NE(result.error().message().find("ok Status"), std::string::npos)
      << result.error().message();
  EXPECT_FALSE(result.status().ok());
}

TEST(ResultFromStatus, ErrorStatusKeepsItsError) {
  Status status = make_error(ErrorCode::kNotFound, "no such file");
  status.with_context("binary a.ttm");
  Result<int> result = from_status(status);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code(), ErrorCode::kNotFound);
  EXPECT_EQ(result.error().describe(), "binary a.ttm: no such file");
}

TEST(ResultFromStatus, ValueStillWins) {
  Result<int> result = 7;
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(*result, 7);
}

}  // namespace
}  // namespace tessera
