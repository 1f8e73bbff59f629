// Kernels are compiled against tessera's kernel API and the compiler's own
// freestanding C and C++ headers only. Headers of the host's C library
// (stdio.h, unistd.h, sys/socket.h) and C++ headers that need it (cstdio,
// fstream) are a compile error naming the header, the kernel and the line;
// the headers tt-metal's kernels include compile and work.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "jit_test_support.h"
#include "tessera/sim/jit/compiler_search_path.h"
#include "tessera/sim/jit/kernel_cache.h"
#include "tessera/sim/jit/refused_header.h"

namespace tessera::sim {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::TempCacheDir;

KernelBuildSpec kernel(const std::string& name, const std::string& source) {
  KernelBuildSpec spec;
  spec.name = name;
  spec.source = source;
  spec.processor = KernelProcessor::kDataMovement1;
  return spec;
}

// A reader in tt-metal's style that includes the C and C++ headers its
// kernels do and uses something of each.
constexpr const char* kFreestandingReader = R"(#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dataflow_api.h"
#include "debug/dprint.h"

template <typename T>
constexpr bool is_word = std::is_same_v<std::remove_cv_t<T>, uint32_t>;

void kernel_main() {
  std::array<uint32_t, 5> values{5, 3, 9, 1, 7};
  std::sort(values.begin(), values.end(), std::less<uint32_t>());
  uint32_t copy[5];
  std::memcpy(copy, values.data(), sizeof copy);
  static_assert(is_word<const uint32_t> && CHAR_BIT == 8 && SIZE_MAX > 0);
  std::optional<uint32_t> first_above_six;
  for (uint32_t value : std::span<const uint32_t>(copy)) {
    if (value > 6 && !first_above_six) first_above_six = value;
  }
  const auto [low, high] = std::make_tuple(std::numeric_limits<uint16_t>::min(),
                                           std::numeric_limits<uint16_t>::max());
  std::variant<uint32_t, float> either = std::accumulate(copy, copy + 5, 0u);
  volatile float two = 2.0f;
  const float root = std::sqrt(two) + sqrtf(two) * 0.0f;
  constexpr std::string_view name = "tile";
  DPRINT << copy[0] << "," << copy[4] << " " << *first_above_six << " "
         << std::get<uint32_t>(either) << " " << low << ".." << high << " "
         << std::popcount(255u) << " " << static_cast<uint32_t>(name.size()) << " "
         << static_cast<uint32_t>(root * 1000) << " " << std::abs(-3) << ENDL();
}
)";

class FreestandingHeadersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto cache = KernelCache::create({.root = dir.path()});
    ASSERT_TRUE(cache.ok()) << cache.error().describe();
    cache_ = std::move(*cache);
  }
  std::string error_of(const KernelBuildSpec& spec) {
    auto loaded = cache_->get(spec);
    return loaded.ok() ? "" : loaded.error().describe();
  }

  TempCacheDir dir;
  std::unique_ptr<KernelCache> cache_;
};

TEST_F(FreestandingHeadersTest, HostHeadersAreACompileErrorNamingHeaderKernelAndLine) {
  struct Case {
    std::string header;
    std::string expected;
  };
  const Case cases[] = {
      {"stdio.h", "includes <stdio.h> (host_header.cpp:2), which is not a header kernels can use"},
      {"cstdio",
       "includes <cstdio> (host_header.cpp:2), which needs <stdio.h> from the host's C library"},
      {"fstream", "includes <fstream> (host_header.cpp:2), which needs <"},
      {"unistd.h",
       "includes <unistd.h> (host_header.cpp:2), which is not a header kernels can use"},
      {"sys/socket.h",
       "includes <sys/socket.h> (host_header.cpp:2), which is not a header kernels can use"},
  };
  for (const Case& refused : cases) {
    const std::string message =
        error_of(kernel("host_header.cpp", "#include <cstdint>\n#include <" + refused.header +
                                               ">\n#include \"dataflow_api.h\"\n"
                                               "void kernel_main() {}\n"));
    EXPECT_THAT(message, HasSubstr("kernel 'host_header.cpp' " + refused.expected))
        << refused.header << ":\n"
        << message;
    EXPECT_THAT(message, HasSubstr("not the host's C library or system headers")) << refused.header;
  }
}

TEST_F(FreestandingHeadersTest, TheHeadersTtMetalKernelsIncludeCompileAndWork) {
  auto loaded = cache_->get(kernel("freestanding.cpp", kFreestandingReader));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  DprintLog log;
  Status status = testing::run_kernel(*loaded, KernelProcessor::kDataMovement1, {}, log);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  EXPECT_EQ(log.text(), "(1,2) freestanding.cpp: 1,9 7 25 0..65535 8 4 1414 3\n");
}

TEST_F(FreestandingHeadersTest, AFunctionTheFreestandingHeadersDeclareIsStillNotLinkable) {
  // <cstdlib> must declare all of the C library for the C++ library's sake;
  // the link check still refuses what reaches the host.
  const std::string message = error_of(kernel("allocates.cpp", R"(#include <cstdlib>
#include "dataflow_api.h"
void kernel_main() { volatile char* p = static_cast<char*>(std::malloc(64)); p[0] = 1; }
)"));
  EXPECT_THAT(message, HasSubstr("kernel 'allocates.cpp' uses symbols outside the kernel API: "
                                 "malloc"));
}

TEST(CompilerSearchPathTest, TheCompilerOwnDirectoriesAreItsCxxLibraryAndFreestandingHeaders) {
  const CompilerConfig config = default_compiler_config();
  auto directories = compiler_own_include_directories(config.executable);
  ASSERT_TRUE(directories.ok()) << directories.error().describe();
  ASSERT_FALSE(directories->empty());
  bool has_cxx_library = false, has_stddef = false;
  for (const std::string& directory : *directories) {
    EXPECT_NE(access((directory + "/stdio.h").c_str(), F_OK), 0) << directory;
    EXPECT_NE(access((directory + "/unistd.h").c_str(), F_OK), 0) << directory;
    EXPECT_NE(access((directory + "/sys/socket.h").c_str(), F_OK), 0) << directory;
    has_cxx_library |= access((directory + "/type_traits").c_str(), F_OK) == 0;
    has_stddef |= access((directory + "/stddef.h").c_str(), F_OK) == 0;
  }
  EXPECT_TRUE(has_cxx_library);
  EXPECT_TRUE(has_stddef);
}

TEST(CompilerSearchPathTest, TheAnswerIsRememberedInTheCacheAndAskedAgainWhenStale) {
  // Symbolic links give fresh names, which this process has not asked yet.
  TempCacheDir dir;
  const std::string compiler = default_compiler_config().executable;
  const std::string remembered_name = dir.path() + "/remembered-c++";
  const std::string stale_name = dir.path() + "/stale-c++";
  ASSERT_EQ(symlink(compiler.c_str(), remembered_name.c_str()), 0);
  ASSERT_EQ(symlink(compiler.c_str(), stale_name.c_str()), 0);

  // A remembered answer is taken as it is: no compiler is asked.
  const std::string remembered = dir.path() + "/remembered.include-directories";
  std::ofstream(remembered) << dir.path() << "\n";
  auto taken = compiler_own_include_directories(remembered_name, remembered);
  ASSERT_TRUE(taken.ok()) << taken.error().describe();
  EXPECT_THAT(*taken, ElementsAre(dir.path()));

  // One naming a directory that is gone (an upgraded compiler) is not.
  const std::string stale = dir.path() + "/stale.include-directories";
  std::ofstream(stale) << dir.path() << "/gone\n";
  auto asked = compiler_own_include_directories(stale_name, stale);
  ASSERT_TRUE(asked.ok()) << asked.error().describe();
  auto expected = compiler_own_include_directories(compiler);
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(*asked, *expected);
  std::ifstream rewritten(stale);
  std::string first;
  std::getline(rewritten, first);
  EXPECT_EQ(first, expected->front());
}

TEST(CompilerSearchPathTest, ParsesTheSearchListOfGccAndClang) {
  const std::string gcc = R"(Using built-in specs.
ignoring nonexistent directory "/usr/local/include/x86_64-linux-gnu"
#include "..." search starts here:
#include <...> search starts here:
 /usr/include/c++/12
 /usr/include/x86_64-linux-gnu/c++/12
 /usr/lib/gcc/x86_64-linux-gnu/12/include
 /usr/include
End of search list.
COMPILER_PATH=/usr/lib/gcc/x86_64-linux-gnu/12/
)";
  EXPECT_THAT(parse_include_search_list(gcc),
              ElementsAre("/usr/include/c++/12", "/usr/include/x86_64-linux-gnu/c++/12",
                          "/usr/lib/gcc/x86_64-linux-gnu/12/include", "/usr/include"));
  const std::string clang = R"(clang -cc1 version 14.0.6 based upon LLVM 14.0.6 default target
#include "..." search starts here:
#include <...> search starts here:
 /usr/lib/llvm-14/lib/clang/14.0.6/include
 /System/Library/Frameworks (framework directory)
 /usr/include
End of search list.
)";
  EXPECT_THAT(parse_include_search_list(clang),
              ElementsAre("/usr/lib/llvm-14/lib/clang/14.0.6/include", "/usr/include"));
  EXPECT_TRUE(parse_include_search_list("no list here").empty());
}

TEST(RefusedHeaderTest, NamesTheHeaderTheKernelIncludedInGccAndClangLogs) {
  const std::vector<std::string> system = {"/cxx/12", "/cxx/target/12", "/gcc/include"};
  const std::string gcc = R"(In file included from /cxx/target/12/bits/c++locale.h:41,
                 from /cxx/12/bits/localefwd.h:40,
                 from /cxx/12/ios:41,
                 from /cxx/12/fstream:38,
                 from reader.cpp:3:
/cxx/12/clocale:42:10: fatal error: locale.h: No such file or directory
   42 | #include <locale.h>
      |          ^~~~~~~~~~
compilation terminated.
)";
  const std::string clang = R"(In file included from reader.cpp:3:
In file included from /cxx/12/fstream:38:
In file included from /cxx/12/ios:41:
In file included from /cxx/12/bits/localefwd.h:40:
In file included from /cxx/target/12/bits/c++locale.h:41:
/cxx/12/clocale:42:10: fatal error: 'locale.h' file not found
#include <locale.h>
         ^~~~~~~~~~
1 error generated.
)";
  for (const std::string& log : {gcc, clang}) {
    auto sentence = describe_refused_header(log, "reader.cpp", system);
    ASSERT_TRUE(sentence.has_value()) << log;
    EXPECT_THAT(*sentence, HasSubstr("kernel 'reader.cpp' includes <fstream> (reader.cpp:3), "
                                     "which needs <locale.h> from the host's C library"));
  }
}

TEST(RefusedHeaderTest, AHeaderIncludedByTheKernelOrItsOwnHeadersIsNamedItself) {
  const std::vector<std::string> system = {"/cxx/12"};
  auto direct = describe_refused_header(
      "reader.cpp:7:10: fatal error: sys/socket.h: No such file or directory\n", "reader.cpp",
      system);
  ASSERT_TRUE(direct.has_value());
  EXPECT_THAT(*direct, HasSubstr("kernel 'reader.cpp' includes <sys/socket.h> (reader.cpp:7), "
                                 "which is not a header kernels can use"));
  auto through_helper = describe_refused_header(
      "In file included from reader.cpp:2:\n"
      "/tmp/unit/helper.hpp:4:10: fatal error: 'unistd.h' file not found\n",
      "reader.cpp", system);
  ASSERT_TRUE(through_helper.has_value());
  EXPECT_THAT(*through_helper, HasSubstr("includes <unistd.h> (/tmp/unit/helper.hpp:4)"));
}

TEST(RefusedHeaderTest, OtherCompileErrorsAreLeftToTheCompilersLog) {
  EXPECT_FALSE(describe_refused_header("reader.cpp:3:5: error: 'foo' was not declared in this "
                                       "scope\n",
                                       "reader.cpp", {})
                   .has_value());
  EXPECT_FALSE(describe_refused_header("", "reader.cpp", {}).has_value());
}

// The freestanding headers work with clang too (the fuzzing build's
// compiler), when it is installed.
std::string find_in_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream directories(path ? path : "");
  for (std::string directory; std::getline(directories, directory, ':');) {
    const std::string candidate = directory + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

TEST(FreestandingHeadersClangTest, ClangFindsTheSameHeadersAndRefusesTheSame) {
  const std::string clang = find_in_path("clang++");
  if (clang.empty()) GTEST_SKIP() << "clang++ is not installed";
  TempCacheDir dir;
  CompilerConfig compiler = default_compiler_config();
  compiler.executable = clang;
  auto cache = KernelCache::create({.root = dir.path(), .compiler = compiler});
  ASSERT_TRUE(cache.ok()) << cache.error().describe();
  auto directories = compiler_own_include_directories(clang);
  ASSERT_TRUE(directories.ok()) << directories.error().describe();

  // The C and C++ headers alone, without the kernel API, on clang's search
  // path as the JIT builds it.
  std::string body = kFreestandingReader;
  body = body.substr(0, body.find("#include \"dataflow_api.h\""));
  body +=
      "int used() { std::array<int, 2> a{2, 1}; std::sort(a.begin(), a.end());\n"
      "  return a[0] + static_cast<int>(std::sqrt(4.0f)) + std::abs(-1); }\n";
  const std::string unit = dir.path() + "/headers.cc";
  std::ofstream(unit) << body;
  std::string command = clang + " -std=c++20 -nostdinc -fsyntax-only";
  for (const std::string& directory : *directories) command += " -isystem " + directory;
  command += " -isystem " + (*cache)->include_directory() + "/freestanding " + unit;
  EXPECT_EQ(std::system((command + " 2>&1").c_str()), 0) << command;

  // A host header is refused by name, whatever else the compiler says.
  auto refused = (*cache)->get(
      kernel("host_header.cpp", "#include <cstdint>\n#include <cstdio>\nvoid kernel_main() {}\n"));
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.error().describe(),
              HasSubstr("kernel 'host_header.cpp' includes <cstdio> (host_header.cpp:2), which "
                        "needs <stdio.h>"));
}

}  // namespace
}  // namespace tessera::sim
