// What a kernel may be compiled into: only the kernel ABI (symbols) and no
// system-call instruction, checked when the cache loads a kernel (also one
// another tessera left on disk); and a hostile compile stops at a limit.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "jit_test_support.h"
#include "tessera/sim/jit/kernel_cache.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;
using testing::TempCacheDir;

KernelBuildSpec kernel(const std::string& name, const std::string& source) {
  KernelBuildSpec spec;
  spec.name = name;
  spec.source = source;
  return spec;
}

class KernelContainmentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = KernelCache::create({.root = dir.path()});
    ASSERT_TRUE(created.ok()) << created.error().describe();
    cache = std::move(*created);
  }
  std::string error_of(const KernelBuildSpec& spec) {
    auto loaded = cache->get(spec);
    return loaded.ok() ? "" : loaded.error().describe();
  }

  TempCacheDir dir;
  std::unique_ptr<KernelCache> cache;
};

TEST_F(KernelContainmentTest, PureComputationAndCopiesAreAllowed) {
  auto loaded = cache->get(kernel("pure.cpp", R"(#include <cmath>
#include <cstring>
#include "dataflow_api.h"
struct Big { uint32_t words[64]; };
void kernel_main() {
  volatile float x = 2.0f;
  volatile float y = std::sqrt(x) + std::exp(x) + std::tanh(x);
  Big a{}, b{};
  a.words[3] = static_cast<uint32_t>(y);
  std::memcpy(&b, &a, sizeof a);
  (void)b;
}
)"));
  EXPECT_TRUE(loaded.ok()) << loaded.error().describe();
}

TEST_F(KernelContainmentTest, HostSymbolsAreACompileErrorNamingKernelAndSymbols) {
  // The host's headers are out of reach (freestanding_headers_test.cc); a
  // kernel that declares what it wants itself meets the link check.
  std::string message = error_of(kernel("leaky.cpp", R"(#include "dataflow_api.h"
extern "C" int puts(const char*);
extern "C" int pthread_create(unsigned long*, const void*, void* (*)(void*), void*);
static void* body(void*) { return nullptr; }
void kernel_main() {
  unsigned long thread;
  pthread_create(&thread, nullptr, body, nullptr);
  puts("hello from the host");
}
)"));
  EXPECT_THAT(message, HasSubstr("kernel 'leaky.cpp' uses symbols outside the kernel API: "
                                 "pthread_create, puts"));
}

TEST_F(KernelContainmentTest, WeakReferencesToHostSymbolsAreRefusedToo) {
  // A weak undefined symbol would be bound to the host's definition.
  std::string message = error_of(kernel("weak.cpp", R"(#include "dataflow_api.h"
extern "C" __attribute__((weak)) int unlink(const char*);
void kernel_main() { if (unlink) unlink("x"); }
)"));
  EXPECT_THAT(message, HasSubstr("uses symbols outside the kernel API: unlink"));
}

TEST_F(KernelContainmentTest, SystemCallInstructionsAreRefused) {
  for (const char* instruction : {"syscall", "sysenter", "int $0x80"}) {
    std::string source =
        std::string("#include \"dataflow_api.h\"\nvoid kernel_main() { asm volatile(\"") +
        instruction + "\" ::: \"memory\"); }\n";
    EXPECT_THAT(error_of(kernel("trap.cpp", source)),
                HasSubstr("kernel 'trap.cpp' contains a system-call instruction"))
        << instruction;
  }
  // The same bytes inside an immediate are not an instruction.
  auto loaded = cache->get(kernel("bytes.cpp", R"(#include "dataflow_api.h"
void kernel_main() { volatile uint32_t word = 0x050f050fu; (void)word; }
)"));
  EXPECT_TRUE(loaded.ok()) << loaded.error().describe();
}

TEST_F(KernelContainmentTest, AKernelObjectLeftInTheCacheIsCheckedOnLoad) {
  const KernelBuildSpec spec = kernel("cached.cpp", R"(#include "dataflow_api.h"
void kernel_main() {}
)");
  ASSERT_TRUE(cache->get(spec).ok());
  // Replace the cached object with one that calls the host, as a cache
  // written by something else might hold.
  const std::string object = dir.path() + "/kernels/" + cache->key(spec) + ".so";
  ASSERT_TRUE(std::filesystem::exists(object)) << object;
  const std::string unit = dir.path() + "/leaky.cc";
  std::ofstream(unit) << "#include <cstdlib>\nextern \"C\" void f() { system(\"true\"); }\n";
  ASSERT_EQ(std::system(("c++ -shared -fPIC -o '" + object + "' '" + unit + "'").c_str()), 0);
  auto fresh = KernelCache::create({.root = dir.path()});
  ASSERT_TRUE(fresh.ok());
  auto loaded = (*fresh)->get(spec);
  ASSERT_FALSE(loaded.ok());
  EXPECT_THAT(loaded.error().describe(), HasSubstr("uses symbols outside the kernel API: system"));
}

TEST_F(KernelContainmentTest, HostileCompilesStopAtALimit) {
  // Template recursion ends at the compiler's instantiation depth.
  std::string deep = error_of(kernel("deep.cpp", R"(#include "dataflow_api.h"
template <unsigned N> struct Deeper { static constexpr unsigned value = Deeper<N + 1>::value; };
void kernel_main() { volatile unsigned v = Deeper<0>::value; (void)v; }
)"));
  EXPECT_THAT(deep, HasSubstr("kernel 'deep.cpp' failed to compile"));
  EXPECT_THAT(deep, HasSubstr("template instantiation depth exceeds"));
  // A giant source is refused before the compiler runs.
  std::string huge(9 << 20, ' ');
  huge += "#include \"dataflow_api.h\"\nvoid kernel_main() {}\n";
  std::string too_big = error_of(kernel("huge.cpp", huge));
  EXPECT_THAT(too_big, HasSubstr("kernel 'huge.cpp' is "));
  EXPECT_THAT(too_big, HasSubstr("bytes of source, more than the 8 MiB a kernel may have"));
}

}  // namespace
}  // namespace tessera::sim
