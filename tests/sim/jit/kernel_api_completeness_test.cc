// Every name the compiler's kernel emitter can call compiles against the
// kernel API, at the header the emitter includes for it, with tt-metal's
// signature (kernel_api_names.inc says where the names come from).
//
// Names not there yet are on kernel_api_expected_missing.txt. The test fails
// when a name is missing that is not on that list, and when a name on the
// list now compiles (take it off: the list only shrinks).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "jit_test_support.h"

namespace tessera::sim {
namespace {

struct ApiName {
  const char* id;
  const char* compute_header;
  const char* dataflow_header;
  const char* call;
};

constexpr ApiName kNames[] = {
#define KERNEL_API_NAME(id, compute_header, dataflow_header, call) \
  {#id, compute_header, dataflow_header, call},
#include "kernel_api_names.inc"
#undef KERNEL_API_NAME
};

// The map spells the experimental ones "experimental::name".
std::string display_name(const ApiName& name) {
  const std::string id = name.id;
  const std::string prefix = "experimental_";
  if (id.rfind(prefix, 0) == 0) return "experimental::" + id.substr(prefix.size());
  return id;
}

KernelBuildSpec spec_for(const ApiName& name, const char* header, KernelProcessor processor) {
  KernelBuildSpec spec;
  spec.name = display_name(name) +
              (processor == KernelProcessor::kCompute ? "_compute.cpp" : "_dataflow.cpp");
  spec.processor = processor;
  spec.compile_args = {0, 0, 0, 0};
  spec.source =
      std::string("#include \"") + header + "\"\nvoid kernel_main() {\n  " + name.call + "\n}\n";
  return spec;
}

std::set<std::string> expected_missing() {
  std::ifstream file(TESSERA_SOURCE_DIR "/tests/sim/jit/kernel_api_expected_missing.txt");
  EXPECT_TRUE(file.good()) << "kernel_api_expected_missing.txt not found";
  std::set<std::string> names;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    names.insert(line);
  }
  return names;
}

std::string first_error_line(const Status& status) {
  std::istringstream text(status.error().describe());
  std::string line;
  while (std::getline(text, line)) {
    if (line.find("error:") != std::string::npos) return line;
  }
  return status.error().describe().substr(0, 200);
}

TEST(KernelApiCompleteness, TheListHoldsTheMapsNames) {
  EXPECT_EQ(std::size(kNames), 235u);
  std::set<std::string> all;
  for (const ApiName& name : kNames) EXPECT_TRUE(all.insert(display_name(name)).second) << name.id;
  for (const std::string& name : expected_missing()) {
    EXPECT_TRUE(all.contains(name))
        << "'" << name << "' on the expected-missing list is not a map name";
  }
}

TEST(KernelApiCompleteness, EveryMapNameCompilesOrIsExpectedMissing) {
  // A cache kept in the build tree: 240 compiles are slow cold, and they
  // only change when the kernel API does.
  auto cache = KernelCache::create({.root = TESSERA_BINARY_DIR "/kernel_api_completeness_cache"});
  ASSERT_TRUE(cache.ok()) << cache.error().describe();
  std::vector<KernelBuildSpec> specs;
  std::vector<std::size_t> owner;
  for (std::size_t i = 0; i < std::size(kNames); ++i) {
    const ApiName& name = kNames[i];
    if (*name.compute_header != '\0') {
      specs.push_back(spec_for(name, name.compute_header, KernelProcessor::kCompute));
      owner.push_back(i);
    }
    if (*name.dataflow_header != '\0') {
      specs.push_back(spec_for(name, name.dataflow_header, KernelProcessor::kDataMovement1));
      owner.push_back(i);
    }
  }
  const auto results = (*cache)->compile_all(specs);
  std::set<std::string> missing;
  std::map<std::string, std::string> why;
  for (std::size_t k = 0; k < results.size(); ++k) {
    if (results[k].ok()) continue;
    const std::string name = display_name(kNames[owner[k]]);
    missing.insert(name);
    why.emplace(name, first_error_line(results[k].status()));
  }
  const std::set<std::string> expected = expected_missing();
  std::string unexpected, now_present;
  for (const std::string& name : missing) {
    if (!expected.contains(name)) unexpected += "\n  " + name + ": " + why[name];
  }
  for (const std::string& name : expected) {
    if (!missing.contains(name)) now_present += "\n  " + name;
  }
  std::cout << missing.size() << " of " << std::size(kNames)
            << " map names are missing from the kernel API (" << expected.size() << " expected)\n";
  EXPECT_TRUE(unexpected.empty()) << "missing and not on kernel_api_expected_missing.txt:"
                                  << unexpected;
  EXPECT_TRUE(now_present.empty())
      << "present now: remove from kernel_api_expected_missing.txt:" << now_present;
}

}  // namespace
}  // namespace tessera::sim
