#include <gtest/gtest.h>

#include <string>

#include "tessera/base/status.h"

namespace tessera {
namespace {

int frames_built = 0;

std::string expensive_frame() {
  ++frames_built;
  return "command 3";
}

Status fails() {
  return make_error(ErrorCode::kInvalidArgument, "bad address");
}

Status passes_through(Status status) {
  TESSERA_RETURN_IF_ERROR(std::move(status), "queue ", 1, ": ", expensive_frame());
  return ok_status();
}

Result<int> value_or(Result<int> result) {
  TESSERA_ASSIGN_OR_RETURN(int value, std::move(result));
  return value + 1;
}

TEST(StatusMacrosTest, ContextIsBuiltOnlyOnFailure) {
  frames_built = 0;
  EXPECT_TRUE(passes_through(ok_status()).ok());
  EXPECT_EQ(frames_built, 0);
  Status failed = passes_through(fails());
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(frames_built, 1);
  EXPECT_EQ(failed.error().describe(), "queue 1: command 3: bad address");
}

TEST(StatusMacrosTest, WithoutContextTheErrorIsUnchanged) {
  auto passed = []() -> Status {
    TESSERA_RETURN_IF_ERROR(fails());
    return ok_status();
  }();
  ASSERT_FALSE(passed.ok());
  EXPECT_EQ(passed.error().describe(), "bad address");
  EXPECT_EQ(*value_or(41), 42);
  EXPECT_EQ(value_or(fails()).error().describe(), "bad address");
}

// Debug builds record where an error passed; messages never change.
TEST(StatusMacrosTest, DebugBuildsRecordTheSourceLines) {
  Status failed = passes_through(fails());
  ASSERT_FALSE(failed.ok());
#ifdef NDEBUG
  EXPECT_TRUE(failed.error().sources().empty());
#else
  ASSERT_EQ(failed.error().sources().size(), 1u);
  EXPECT_NE(failed.error().sources()[0].find("status_macros_test.cc:"), std::string::npos);
#endif
}

}  // namespace
}  // namespace tessera
