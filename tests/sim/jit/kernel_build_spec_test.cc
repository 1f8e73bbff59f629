#include "tessera/sim/jit/kernel_build_spec.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace tessera::sim {
namespace {

KernelBuildSpec base_spec() {
  KernelBuildSpec spec;
  spec.name = "reader.cpp";
  spec.source = "void kernel_main() {}\n";
  spec.compile_args = {1, 2};
  spec.named_compile_args = {{"tiles", 4}};
  spec.defines = {{"SCALE", "2"}};
  spec.toolchain_defines = {{"TESSERA_MATH_FIDELITY", "4"}};
  spec.headers = {{"helper.hpp", "#pragma once\n"}};
  return spec;
}

// The kernel cache reuses a spec's key by fingerprint, so a field the
// fingerprint missed would hand one kernel's binary to another.
TEST(KernelBuildSpecFingerprintTest, EveryFieldChangesIt) {
  const std::vector<std::pair<const char*, std::function<void(KernelBuildSpec&)>>> changes = {
      {"name", [](KernelBuildSpec& s) { s.name = "writer.cpp"; }},
      {"source", [](KernelBuildSpec& s) { s.source += " "; }},
      {"processor", [](KernelBuildSpec& s) { s.processor = KernelProcessor::kCompute; }},
      {"noc_index", [](KernelBuildSpec& s) { s.noc_index = 1; }},
      {"arch", [](KernelBuildSpec& s) { s.arch = "blackhole"; }},
      {"compile_args", [](KernelBuildSpec& s) { s.compile_args.push_back(0); }},
      {"named_compile_args", [](KernelBuildSpec& s) { s.named_compile_args[0].second = 5; }},
      {"defines", [](KernelBuildSpec& s) { s.defines[0].second = "3"; }},
      {"toolchain_defines", [](KernelBuildSpec& s) { s.toolchain_defines.clear(); }},
      {"headers", [](KernelBuildSpec& s) { s.headers[0].second += "\n"; }},
  };
  std::set<std::string> seen = {fingerprint(base_spec())};
  for (const auto& [field, change] : changes) {
    KernelBuildSpec spec = base_spec();
    change(spec);
    EXPECT_TRUE(seen.insert(fingerprint(spec)).second) << field << " does not change it";
  }
  EXPECT_EQ(fingerprint(base_spec()), fingerprint(base_spec()));
}

// Field boundaries count: moving text from one field to the next is a
// different spec.
TEST(KernelBuildSpecFingerprintTest, FieldBoundariesCount) {
  KernelBuildSpec a = base_spec(), b = base_spec();
  a.defines = {{"AB", "C"}};
  b.defines = {{"A", "BC"}};
  EXPECT_NE(fingerprint(a), fingerprint(b));
  a.compile_args = {1};
  a.named_compile_args.clear();
  b.compile_args.clear();
  b.named_compile_args.clear();
  EXPECT_NE(fingerprint(a), fingerprint(b));
}

}  // namespace
}  // namespace tessera::sim
