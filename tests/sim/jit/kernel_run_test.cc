// Kernels compiled by the JIT run as fibers and see their args, coordinates
// and compile-time values; DPRINT reaches the run's log; kernel errors come
// back as Errors naming the kernel and core.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "jit_test_support.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/kernel_invocation.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;
using testing::KernelRun;
using testing::TempCacheDir;

class KernelRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto cache = KernelCache::create({.root = cache_dir_.path()});
    ASSERT_TRUE(cache.ok()) << cache.error().describe();
    cache_ = std::move(*cache);
  }

  std::shared_ptr<const LoadedKernel> compile(const KernelBuildSpec& spec) {
    auto kernel = cache_->get(spec);
    EXPECT_TRUE(kernel.ok()) << kernel.error().describe();
    return kernel.ok() ? *kernel : nullptr;
  }

  TempCacheDir cache_dir_;
  std::unique_ptr<KernelCache> cache_;
  DprintLog log_;
};

// The same reader body in both header layouts.
constexpr const char* kReaderBody = R"KERNEL(
void kernel_main() {
  uint32_t src = get_arg_val<uint32_t>(0);
  int32_t delta = get_arg_val<int32_t>(1);
  uint32_t scale = get_common_arg_val<uint32_t>(0);
  constexpr uint32_t tiles = get_compile_time_arg_val(0);
  constexpr uint32_t page = get_compile_time_arg_val(1);
  constexpr uint32_t mode = get_named_compile_time_arg_val("mode");
  static_assert(tiles * page == 3 * 2048, "compile-time args are constants");
  uint32_t buffer[tiles];  // usable as an array bound
  for (uint32_t i = 0; i < tiles; ++i) buffer[i] = src + i;
  DPRINT << "src=" << src << " delta=" << delta << " scale=" << scale << ENDL();
  DPRINT << "tiles=" << tiles << " page=" << HEX() << page << DEC() << " mode=" << mode
         << " last=" << buffer[tiles - 1] << ENDL();
  DPRINT << "noc0=(" << my_x[0] << "," << my_y[0] << ") noc1=(" << my_x[1] << "," << my_y[1]
         << ") logical=(" << get_absolute_logical_x() << "," << get_absolute_logical_y()
         << ") relative=(" << get_relative_logical_x() << "," << get_relative_logical_y() << ")"
         << ENDL();
  DPRINT << "[" << SETW(6) << 42 << "] " << SETPRECISION(3) << FIXED() << 3.14159f << " "
         << DEFAULTFLOAT() << 0.5f << " " << BF16(0x3fc0) << " " << OCT() << 8 << DEC() << ENDL();
#ifdef TEST_DEFINE
  DPRINT << "define=" << TEST_DEFINE << ENDL();
#endif
}
)KERNEL";

KernelBuildSpec reader_spec(const std::string& includes, const std::string& name) {
  KernelBuildSpec spec;
  spec.name = name;
  spec.source = includes + kReaderBody;
  spec.processor = KernelProcessor::kDataMovement1;
  spec.compile_args = {3, 2048};
  spec.named_compile_args = {{"mode", 7}};
  spec.defines = {{"TEST_DEFINE", "99"}};
  return spec;
}

constexpr const char* kExpectedLog =
    "(1,2) {name}: src=1000 delta=-5 scale=4\n"
    "(1,2) {name}: tiles=3 page=800 mode=7 last=1002\n"
    "(1,2) {name}: noc0=(2,3) noc1=(9,9) logical=(1,2) relative=(0,1)\n"
    "(1,2) {name}: [    42] 3.142 0.5 1.5 10\n"
    "(1,2) {name}: define=99\n";

std::string expected_log(const std::string& name) {
  std::string text = kExpectedLog;
  for (std::size_t at = text.find("{name}"); at != std::string::npos; at = text.find("{name}")) {
    text.replace(at, 6, name);
  }
  return text;
}

TEST_F(KernelRunTest, DataflowKernelIn2024Layout) {
  auto kernel = compile(
      reader_spec("#include \"dataflow_api.h\"\n#include \"debug/dprint.h\"\n", "reader_2024.cpp"));
  ASSERT_NE(kernel, nullptr);
  Status status = testing::run_kernel(
      kernel, KernelProcessor::kDataMovement1,
      {.runtime_args = {1000, static_cast<uint32_t>(-5)}, .common_args = {4}}, log_);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(log_.text(), expected_log("reader_2024.cpp"));
}

TEST_F(KernelRunTest, DataflowKernelInCurrentLayout) {
  auto kernel = compile(
      reader_spec("#include \"api/dataflow/dataflow_api.h\"\n#include \"api/debug/dprint.h\"\n",
                  "reader_current.cpp"));
  ASSERT_NE(kernel, nullptr);
  Status status = testing::run_kernel(
      kernel, KernelProcessor::kDataMovement1,
      {.runtime_args = {1000, static_cast<uint32_t>(-5)}, .common_args = {4}}, log_);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(log_.text(), expected_log("reader_current.cpp"));
}

TEST_F(KernelRunTest, ReadingAMissingRuntimeArgFailsWithCounts) {
  auto kernel = compile(
      reader_spec("#include \"dataflow_api.h\"\n#include \"debug/dprint.h\"\n", "reader.cpp"));
  ASSERT_NE(kernel, nullptr);
  Status status = testing::run_kernel(kernel, KernelProcessor::kDataMovement1,
                                      {.runtime_args = {1000}, .common_args = {4}}, log_);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kKernelFault);
  EXPECT_THAT(
      status.error().describe(),
      HasSubstr("kernel 'reader.cpp' on core (1,2): reads runtime arg 1 but only 1 were set"));
}

TEST_F(KernelRunTest, UnwiredDeviceCallsReportUnimplemented) {
  KernelBuildSpec spec;
  spec.name = "cb_user.cpp";
  spec.source = R"(#include "dataflow_api.h"
void kernel_main() { cb_reserve_back(tt::CBIndex::c_0, 1); })";
  auto kernel = compile(spec);
  ASSERT_NE(kernel, nullptr);
  Status status = testing::run_kernel(kernel, KernelProcessor::kDataMovement0, {}, log_);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kUnimplemented);
  EXPECT_THAT(status.error().message(), HasSubstr("cb_reserve_back"));
}

TEST_F(KernelRunTest, ComputeKernelsInBothLayoutsReachTheComputeEngine) {
  KernelBuildSpec legacy;
  legacy.name = "eltwise_2024.cpp";
  legacy.processor = KernelProcessor::kCompute;
  legacy.source = R"(#include "compute_kernel_api.h"
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "debug/dprint.h"
namespace NAMESPACE {
void MAIN {
  DPRINT_MATH(DPRINT << "compute " << tt::CB::c_out0 << ENDL());
  binary_op_init_common(tt::CB::c_in0, tt::CB::c_in1, tt::CB::c_out0);
}
}  // namespace NAMESPACE
)";
  KernelBuildSpec current = legacy;
  current.name = "eltwise_current.cpp";
  current.source = R"(#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"
#include "api/debug/dprint.h"
void kernel_main() {
  DPRINT_MATH(DPRINT << "compute " << (uint32_t)tt::CBIndex::c_16 << ENDL());
  add_tiles_init(tt::CBIndex::c_0, tt::CBIndex::c_1);
}
)";
  for (const KernelBuildSpec& spec : {legacy, current}) {
    auto kernel = compile(spec);
    ASSERT_NE(kernel, nullptr);
    log_.clear();
    Status status = testing::run_kernel(kernel, KernelProcessor::kCompute, {}, log_);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), ErrorCode::kUnimplemented) << status.error().describe();
    EXPECT_EQ(log_.text(), "(1,2) " + spec.name + ": compute 16\n");
  }
}

// 2025 compiler kernels define kernel_main() and then MAIN calling it; the
// compute config is constexpr values, so #ifdef sees no macro and an
// identifier named APPROX is left alone.
TEST_F(KernelRunTest, ComputeConfigIsConstexprAndMainMayCallKernelMain) {
  KernelBuildSpec spec;
  spec.name = "compiler_2025.cpp";
  spec.processor = KernelProcessor::kCompute;
  spec.toolchain_defines = {{"TESSERA_DST_ACCUM_MODE", "true"},
                            {"TESSERA_MATH_FIDELITY", "2"},
                            {"TESSERA_APPROX", "false"}};
  spec.source = R"(#include "api/compute/common.h"
#include "api/debug/dprint.h"
struct Options {
  bool APPROX = true;
};
void kernel_main() {
#ifdef DST_ACCUM_MODE
  DPRINT << "DST_ACCUM_MODE is a macro" << ENDL();
#endif
  static_assert(DST_ACCUM_MODE && !APPROX && MATH_FIDELITY == 2);
  DPRINT << "accum " << (uint32_t)DST_ACCUM_MODE << " fidelity " << (uint32_t)MATH_FIDELITY
         << " options " << (uint32_t)Options{}.APPROX << ENDL();
}
namespace NAMESPACE {
void MAIN { kernel_main(); }
}  // namespace NAMESPACE
)";
  auto kernel = compile(spec);
  ASSERT_NE(kernel, nullptr);
  log_.clear();
  Status status = testing::run_kernel(kernel, KernelProcessor::kCompute, {}, log_);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(log_.text(), "(1,2) compiler_2025.cpp: accum 1 fidelity 2 options 1\n");
}

TEST_F(KernelRunTest, KernelWithoutEntryPointIsRejected) {
  KernelBuildSpec spec;
  spec.name = "no_entry.cpp";
  spec.source = "int helper() { return 1; }\n";
  auto kernel = compile(spec);
  ASSERT_NE(kernel, nullptr);
  Status status = testing::run_kernel(kernel, KernelProcessor::kDataMovement0, {}, log_);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(), HasSubstr("no_entry.cpp"));
  EXPECT_THAT(status.error().message(), HasSubstr("no entry point"));
}

TEST_F(KernelRunTest, CrashingKernelIsReportedAndTheNextRunWorks) {
  KernelBuildSpec crash;
  crash.name = "crash.cpp";
  crash.source = R"(#include "dataflow_api.h"
void kernel_main() {
  uint32_t address = get_arg_val<uint32_t>(0);
  *reinterpret_cast<volatile uint32_t*>(static_cast<uintptr_t>(address)) = 1;
})";
  auto kernel = compile(crash);
  ASSERT_NE(kernel, nullptr);
  Status status =
      testing::run_kernel(kernel, KernelProcessor::kDataMovement0, {.runtime_args = {16}}, log_);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kKernelFault);
  EXPECT_THAT(status.error().describe(), HasSubstr("kernel 'crash.cpp' on core (1,2)"));
  EXPECT_THAT(status.error().message(), HasSubstr("SIGSEGV"));
  EXPECT_THAT(status.error().message(), HasSubstr("0x10"));

  auto fine = compile(
      reader_spec("#include \"dataflow_api.h\"\n#include \"debug/dprint.h\"\n", "after_crash.cpp"));
  ASSERT_NE(fine, nullptr);
  status = testing::run_kernel(
      fine, KernelProcessor::kDataMovement1,
      {.runtime_args = {1000, static_cast<uint32_t>(-5)}, .common_args = {4}}, log_);
  EXPECT_TRUE(status.ok());
}

TEST_F(KernelRunTest, ManyCoresShareOneLoadedKernel) {
  KernelBuildSpec spec;
  spec.name = "whoami.cpp";
  spec.source = R"(#include "dataflow_api.h"
#include "debug/dprint.h"
void kernel_main() { DPRINT << get_absolute_logical_x() * 10 + get_arg_val<uint32_t>(0) << ENDL(); })";
  auto kernel = compile(spec);
  ASSERT_NE(kernel, nullptr);
  std::vector<std::unique_ptr<KernelInvocation>> invocations;
  Scheduler scheduler({.threads = 2});
  for (int x = 0; x < 8; ++x) {
    auto invocation = std::make_unique<KernelInvocation>(kernel, KernelProcessor::kDataMovement0,
                                                         KernelPlacement{.logical = {x, 0}});
    ASSERT_TRUE(invocation->set_runtime_args({static_cast<uint32_t>(x)}).ok());
    invocation->set_dprint_log(&log_);
    scheduler.add(invocation->make_fiber());
    invocations.push_back(std::move(invocation));
  }
  ASSERT_TRUE(scheduler.run().ok());
  std::vector<std::string> lines;
  for (const DprintLine& line : log_.lines()) {
    EXPECT_EQ(line.text, std::to_string(line.core.x * 11));
    lines.push_back(line.text);
  }
  EXPECT_EQ(lines.size(), 8u);
}

TEST_F(KernelRunTest, TooManyRuntimeArgsAreRejected) {
  KernelInvocation invocation(nullptr, KernelProcessor::kDataMovement0, {});
  Status status = invocation.set_runtime_args(std::vector<uint32_t>(342, 0));
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(),
              HasSubstr("342 runtime args exceed the per-kernel limit of 341"));
}

}  // namespace
}  // namespace tessera::sim
