// The kernel cache: hits in memory and on disk, misses on any change,
// compile errors with the kernel's own file name and line, parallel builds.
#include "tessera/sim/jit/kernel_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <thread>

#include "jit_test_support.h"
#include "tessera/sim/jit/kernel_headers.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;
using testing::TempCacheDir;

KernelBuildSpec simple_kernel(const std::string& name, const std::string& value) {
  KernelBuildSpec spec;
  spec.name = name;
  spec.source = R"(#include "dataflow_api.h"
#include "debug/dprint.h"
void kernel_main() { DPRINT << VALUE << ENDL(); }
)";
  spec.defines = {{"VALUE", value}};
  return spec;
}

std::unique_ptr<KernelCache> make_cache(const std::string& root) {
  auto cache = KernelCache::create({.root = root});
  EXPECT_TRUE(cache.ok()) << cache.error().describe();
  return cache.ok() ? std::move(*cache) : nullptr;
}

TEST(KernelCacheTest, SecondGetHitsAndAChangedDefineMisses) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  auto first = cache->get(simple_kernel("k.cpp", "1"));
  ASSERT_TRUE(first.ok()) << first.error().describe();
  auto again = cache->get(simple_kernel("k.cpp", "1"));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(first->get(), again->get());
  EXPECT_EQ(cache->stats().compiled, 1u);
  EXPECT_EQ(cache->stats().memory_hits, 1u);

  auto changed = cache->get(simple_kernel("k.cpp", "2"));
  ASSERT_TRUE(changed.ok());
  EXPECT_NE(first->get(), changed->get());
  EXPECT_EQ(cache->stats().compiled, 2u);
  EXPECT_NE(cache->key(simple_kernel("k.cpp", "1")), cache->key(simple_kernel("k.cpp", "2")));

  KernelBuildSpec other_args = simple_kernel("k.cpp", "1");
  other_args.compile_args = {5};
  EXPECT_NE(cache->key(other_args), cache->key(simple_kernel("k.cpp", "1")));
  KernelBuildSpec other_processor = simple_kernel("k.cpp", "1");
  other_processor.processor = KernelProcessor::kCompute;
  EXPECT_NE(cache->key(other_processor), cache->key(simple_kernel("k.cpp", "1")));
}

TEST(KernelCacheTest, AnotherCacheOnTheSameDirectoryLoadsFromDisk) {
  TempCacheDir dir;
  {
    auto cache = make_cache(dir.path());
    ASSERT_NE(cache, nullptr);
    ASSERT_TRUE(cache->get(simple_kernel("k.cpp", "1")).ok());
  }
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  auto loaded = cache->get(simple_kernel("k.cpp", "1"));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(cache->stats().disk_hits, 1u);
  EXPECT_EQ(cache->stats().compiled, 0u);
  EXPECT_TRUE(std::filesystem::exists(dir.path() + "/kernels/" +
                                      cache->key(simple_kernel("k.cpp", "1")) + ".so"));
  // No temporary files are left behind.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() + "/tmp")) {
    ADD_FAILURE() << "left over: " << entry.path();
  }
}

// What a device process loads: compile_all answers paths, and a path it
// answered once is not looked for on disk again (each look is a system call
// per kernel per program run, on the isolated device's every submit).
TEST(KernelCacheTest, CompileAllLooksForAnObjectOnce) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  const KernelBuildSpec spec = simple_kernel("k.cpp", "1");
  auto first = cache->compile_all({spec});
  ASSERT_TRUE(first[0].ok()) << first[0].error().describe();
  EXPECT_EQ(cache->stats().compiled, 1u);
  EXPECT_TRUE(std::filesystem::exists(*first[0]));

  // Removed behind the cache's back: the path it knows is still answered,
  // without compiling or looking.
  std::filesystem::remove(*first[0]);
  auto again = cache->compile_all({spec, spec});
  ASSERT_TRUE(again[0].ok() && again[1].ok());
  EXPECT_EQ(*again[0], *first[0]);
  EXPECT_EQ(*again[1], *first[0]);
  EXPECT_EQ(cache->stats().compiled, 1u);
  EXPECT_FALSE(std::filesystem::exists(*first[0]));

  // Another cache on the directory looks, finds nothing and compiles.
  auto other = make_cache(dir.path());
  ASSERT_NE(other, nullptr);
  auto rebuilt = other->compile_all({spec});
  ASSERT_TRUE(rebuilt[0].ok());
  EXPECT_EQ(other->stats().compiled, 1u);
  EXPECT_TRUE(std::filesystem::exists(*rebuilt[0]));
}

TEST(KernelCacheTest, CompileErrorNamesTheKernelAndLine) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "broken_reader.cpp";
  spec.source = R"(#include "dataflow_api.h"
void kernel_main() {
  uint32_t x = undeclared_thing + 1;
}
)";
  auto result = cache->get(spec);
  ASSERT_FALSE(result.ok());
  const std::string& message = result.error().message();
  EXPECT_THAT(message, HasSubstr("kernel 'broken_reader.cpp' failed to compile"));
  EXPECT_THAT(message, HasSubstr("broken_reader.cpp:3:"));
  EXPECT_THAT(message, HasSubstr("undeclared_thing"));
}

// A refused kernel is refused again from memory with the same error: a loop
// or a fuzzer submitting it does not start the compiler each time. A kernel
// that differs in anything is compiled.
TEST(KernelCacheTest, ARefusedKernelIsNotCompiledAgain) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "typo_reader.cpp";
  spec.source = R"(#include "dataflow_api.h"
void kernel_main() { noc_async_read_barier(); }
)";
  auto first = cache->get(spec);
  ASSERT_FALSE(first.ok());
  auto again = cache->compile_all({spec, spec});
  ASSERT_FALSE(again[0].ok());
  ASSERT_FALSE(again[1].ok());
  EXPECT_EQ(again[0].error().message(), first.error().message());
  EXPECT_THAT(again[1].error().message(), HasSubstr("kernel 'typo_reader.cpp' failed to compile"));
  EXPECT_EQ(cache->stats().refused, 1u);  // the compiler ran once
  EXPECT_EQ(cache->stats().known_failures, 2u);
  EXPECT_EQ(cache->stats().compiled, 0u);

  KernelBuildSpec fixed = spec;
  fixed.source = R"(#include "dataflow_api.h"
void kernel_main() { noc_async_read_barrier(); }
)";
  ASSERT_TRUE(cache->get(fixed).ok());
  EXPECT_EQ(cache->stats().compiled, 1u);
  EXPECT_EQ(cache->stats().known_failures, 2u);
}

// An error in a define's value cites the define, not the unit's temporary file.
TEST(KernelCacheTest, CompileErrorInADefineNamesTheDefine) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "eltwise_defines.cpp";
  spec.defines = {{"ELTWISE_OP", "no_such_op_tile(0)"}};
  spec.source = "void kernel_main() {\n  ELTWISE_OP;\n}\n";
  auto result = cache->get(spec);
  ASSERT_FALSE(result.ok());
  const std::string& message = result.error().message();
  EXPECT_THAT(message, HasSubstr("<define ELTWISE_OP>:1:"));
  EXPECT_THAT(message, HasSubstr("eltwise_defines.cpp:2:"));
  EXPECT_THAT(message, ::testing::Not(HasSubstr(".cc:")));
}

// SFPI is out of scope: a kernel using it gets an error saying so.
TEST(KernelCacheTest, SfpiKernelGetsAClearError) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "sfpi_kernel.cpp";
  spec.processor = KernelProcessor::kCompute;
  spec.source = "#include \"sfpi.h\"\nvoid kernel_main() { sfpi::vFloat v = sfpi::dst_reg[0]; }\n";
  auto result = cache->get(spec);
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().message(), HasSubstr("SFPI"));
  EXPECT_THAT(result.error().message(), HasSubstr("not supported by tessera"));
}

// Headers shipped with a kernel are found by its quoted includes, and are
// part of its key.
TEST(KernelCacheTest, HeadersShippedWithAKernelAreFoundAndHashed) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "uses_helpers.cpp";
  spec.source = "#include \"kernel_lib/helpers.hpp\"\nvoid kernel_main() { (void)helper(); }\n";
  spec.headers = {
      {"kernel_lib/helpers.hpp", "#include \"more.hpp\"\ninline int helper() { return more(); }\n"},
      {"kernel_lib/more.hpp", "inline int more() { return 1; }\n"}};
  auto first = cache->get(spec);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  const std::string key = cache->key(spec);
  spec.headers[1].second = "inline int more() { return 2; }\n";
  EXPECT_NE(cache->key(spec), key);
  spec.headers[0].first = "../outside.hpp";
  auto outside = cache->get(spec);
  ASSERT_FALSE(outside.ok());
  EXPECT_THAT(outside.error().message(), HasSubstr("must be a relative path"));
}

// TTNN's kernel_lib headers include each other by their path from
// tt-metal's root: a shipped header finds another by its path from the
// kernel's directory.
TEST(KernelCacheTest, ShippedHeadersIncludeEachOtherFromTheKernelsDirectory) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "ttnn_style.cpp";
  spec.source = "#include \"ttnn/kernel_lib/a.hpp\"\nvoid kernel_main() { (void)a(); }\n";
  spec.headers = {{"ttnn/kernel_lib/a.hpp",
                   "#include \"ttnn/kernel_lib/b.hpp\"\ninline int a() { return b(); }\n"},
                  {"ttnn/kernel_lib/b.hpp", "inline int b() { return 1; }\n"}};
  auto result = cache->get(spec);
  ASSERT_TRUE(result.ok()) << result.error().describe();
}

TEST(KernelCacheTest, OutOfRangeCompileTimeArgIsACompileError) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec spec;
  spec.name = "ct_args.cpp";
  spec.source = R"(#include "dataflow_api.h"
void kernel_main() {
  constexpr uint32_t a = get_compile_time_arg_val(2);
  constexpr uint32_t b = get_named_compile_time_arg_val("missing");
  (void)a; (void)b;
}
)";
  spec.compile_args = {1, 2};
  spec.named_compile_args = {{"present", 1}};
  auto result = cache->get(spec);
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().message(), HasSubstr("ct_args.cpp:3:"));
  EXPECT_THAT(result.error().message(), HasSubstr("ct_args.cpp:4:"));
}

TEST(KernelCacheTest, CompilesManyKernelsInParallel) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  std::vector<KernelBuildSpec> specs;
  for (int i = 0; i < 4; ++i)
    specs.push_back(simple_kernel("k" + std::to_string(i), std::to_string(i)));
  specs.push_back(simple_kernel("k0_again", "0"));  // same content as k0 but another name
  specs.push_back(simple_kernel("k1", "1"));        // exact duplicate
  auto results = cache->get_all(specs);
  ASSERT_EQ(results.size(), specs.size());
  for (const auto& result : results) ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(cache->stats().compiled, 5u);
  EXPECT_EQ(results[1]->get(), results[5]->get());
  EXPECT_NE(results[0]->get(), results[4]->get());
}

TEST(KernelCacheTest, ConcurrentCachesShareADirectory) {
  // Two caches stand for two processes racing to build the same kernel.
  TempCacheDir dir;
  auto first = make_cache(dir.path());
  auto second = make_cache(dir.path());
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  const KernelBuildSpec spec = simple_kernel("shared.cpp", "7");
  Status first_status;
  std::thread racer([&] { first_status = first->get(spec).status(); });
  Status second_status = second->get(spec).status();
  racer.join();
  EXPECT_TRUE(first_status.ok());
  EXPECT_TRUE(second_status.ok());
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() + "/kernels")) {
    EXPECT_EQ(entry.path().extension(), ".so") << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 1u);
}

TEST(KernelCacheTest, DropUnloadsWhenUnused) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  const KernelBuildSpec spec = simple_kernel("k.cpp", "1");
  std::weak_ptr<const LoadedKernel> weak;
  {
    auto kernel = cache->get(spec);
    ASSERT_TRUE(kernel.ok());
    weak = *kernel;
  }
  EXPECT_FALSE(weak.expired());
  cache->drop(cache->key(spec));
  EXPECT_TRUE(weak.expired());
  ASSERT_TRUE(cache->get(spec).ok());
  EXPECT_EQ(cache->stats().disk_hits, 1u);
}

TEST(KernelCacheTest, HeadersAreExtractedOnceUnderTheirHash) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  EXPECT_EQ(cache->include_directory(), dir.path() + "/kernel_api/" + kernel_api_hash());
  for (const char* header :
       {"dataflow_api.h", "api/dataflow/dataflow_api.h", "compute_kernel_api.h",
        "api/compute/compute_kernel_api.h", "debug/dprint.h", "tessera/sim/jit/kernel_abi.h"}) {
    EXPECT_TRUE(std::filesystem::exists(cache->include_directory() + "/" + header)) << header;
  }
  auto second = KernelCache::create({.root = dir.path()});
  ASSERT_TRUE(second.ok());
  EXPECT_EQ((*second)->include_directory(), cache->include_directory());
}

TEST(KernelCacheTest, MalformedDefinesAreRejectedBeforeCompiling) {
  TempCacheDir dir;
  auto cache = make_cache(dir.path());
  ASSERT_NE(cache, nullptr);
  KernelBuildSpec bad_name = simple_kernel("k.cpp", "1");
  bad_name.defines.push_back({"NOT AN IDENTIFIER", "1"});
  KernelBuildSpec bad_value = simple_kernel("k.cpp", "1");
  bad_value.toolchain_defines.push_back({"DATA_FORMAT", "1\nint injected;"});
  auto results = cache->get_all({bad_name, bad_value});
  ASSERT_FALSE(results[0].ok());
  EXPECT_THAT(results[0].error().message(), HasSubstr("'NOT AN IDENTIFIER' is not an identifier"));
  ASSERT_FALSE(results[1].ok());
  EXPECT_THAT(results[1].error().message(), HasSubstr("DATA_FORMAT has a multi-line value"));
  EXPECT_EQ(cache->stats().compiled, 0u);
}

TEST(KernelCacheTest, MissingCompilerIsAnError) {
  TempCacheDir dir;
  CompilerConfig compiler = default_compiler_config();
  compiler.executable = dir.path() + "/no-such-compiler";
  auto cache = KernelCache::create({.root = dir.path(), .compiler = compiler});
  ASSERT_FALSE(cache.ok());
  EXPECT_THAT(cache.error().message(), HasSubstr("no-such-compiler"));
}

}  // namespace
}  // namespace tessera::sim
