// Resolving a current-layout kernel's arguments: each KernelArg names where
// its value comes from (a CB's port, a buffer's address, a semaphore, a
// literal, a host scalar, a buffer's TensorAccessorArgs), and becomes one
// or more uint32 words, as the compiler's runtime builds them.
#pragma once

#include <functional>
#include <vector>

#include "submit_state.h"

namespace tessera::runtime::metal_backend::current {

struct KernelArgSources {
  const cm::EnqueueProgramCommand& command;
  SubmitState& state;
  // Makes a program semaphore on the kernel's cores and returns its id.
  std::function<Result<uint32_t>(uint32_t initial_value)> create_semaphore;
};

enum class ArgList { kCompileTime, kCommonRuntime, kRuntime };
// "compile-time", "common runtime", "runtime".
const char* arg_list_name(ArgList list);

struct ResolvedArgs {
  std::vector<uint32_t> words;
  // Indices of words that are L1 addresses (an L1 buffer's, a global
  // semaphore's): runtime and common ones become host pointers per core.
  std::vector<uint32_t> l1_addresses;
};

// The words of one argument list; errors name the argument's index and kind.
Result<ResolvedArgs> resolve_kernel_args(
    const flatbuffers::Vector<flatbuffers::Offset<cm::KernelArg>>* args, ArgList list,
    const KernelArgSources& sources);

}  // namespace tessera::runtime::metal_backend::current
