// Compiled kernels, cached on disk by content hash and kept loaded in
// memory. Misses are compiled in parallel; disk writes are atomic, so
// several processes can share one cache directory.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/jit/kernel_build_spec.h"
#include "tessera/sim/jit/kernel_compiler.h"
#include "tessera/sim/jit/loaded_kernel.h"

namespace tessera::sim {

struct KernelCacheOptions {
  std::string root{};                              // empty: default_cache_root()
  CompilerConfig compiler{};                       // empty executable: default_compiler_config()
  const tessera_host_table* host_table = nullptr;  // null: default_host_table()
};

struct KernelCacheStats {
  std::size_t memory_hits = 0;  // already loaded in this process
  std::size_t disk_hits = 0;    // compiled earlier, loaded from disk
  std::size_t compiled = 0;
  std::size_t refused = 0;         // compiles that failed on the source (see failed_)
  std::size_t known_failures = 0;  // refused again without compiling (see failed_)
};

class KernelCache {
 public:
  static Result<std::unique_ptr<KernelCache>> create(KernelCacheOptions options = {});

  // The loaded kernel for `spec`, compiling it on a miss.
  Result<std::shared_ptr<const LoadedKernel>> get(const KernelBuildSpec& spec);
  // Same for many specs; all misses compile in parallel. Results are in
  // the order of `specs`. (Pointers: a program's specs are looked up on
  // every run, and copies would copy their sources.)
  std::vector<Result<std::shared_ptr<const LoadedKernel>>> get_all(
      std::span<const KernelBuildSpec* const> specs);
  std::vector<Result<std::shared_ptr<const LoadedKernel>>> get_all(
      const std::vector<KernelBuildSpec>& specs);

  // Compiles what is missing, loading nothing: each spec's shared object
  // path, for a device process to load (the host never runs these kernels).
  std::vector<Result<std::string>> compile_all(std::span<const KernelBuildSpec* const> specs);
  std::vector<Result<std::string>> compile_all(const std::vector<KernelBuildSpec>& specs);

  // The content hash naming `spec`'s shared object.
  std::string key(const KernelBuildSpec& spec) const;
  // Forgets loaded kernels; each unloads when its last user lets go.
  void drop(const std::string& key);
  void drop_all();

  KernelCacheStats stats() const;
  const std::string& root() const { return root_; }
  const std::string& include_directory() const { return include_directory_; }

 private:
  // One spec's way through get_all() / compile_all().
  struct Lookup {
    std::string key;
    std::string unit;
    std::string path;
    Status status;                               // failed validation or compile
    std::shared_ptr<const LoadedKernel> loaded;  // already loaded in this process
    bool needs_compile = false;
    bool duplicate = false;      // same key as an earlier spec in the batch
    bool known_on_disk = false;  // in on_disk_
  };

  KernelCache() = default;
  std::vector<Lookup> look_up_and_compile(std::span<const KernelBuildSpec* const> specs);
  std::string shared_object_path(const std::string& key) const;
  std::string key_of(const KernelBuildSpec& spec, const std::string& unit) const;
  // The key of a valid spec seen before, by fingerprint; empty if unseen.
  std::string remembered_key(const std::string& spec_fingerprint) const;
  void remember_key(const std::string& spec_fingerprint, const std::string& key);
  void remember_failure(const std::string& key, const Status& failure);

  std::string root_;
  std::string include_directory_;
  CompilerConfig compiler_;
  std::string key_prefix_;  // kernel API, compiler identity, flags
  const tessera_host_table* host_table_ = nullptr;

  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const LoadedKernel>> loaded_;
  // A run looks its kernels up again each time; this saves rebuilding and
  // hashing their translation units (a few microseconds per kernel).
  std::unordered_map<std::string, std::string> key_by_fingerprint_;
  // Keys whose object compile_all found or built on disk: cache files are
  // only ever added, so they are not looked for again.
  std::set<std::string> on_disk_;
  // Keys the compiler refused in this process, with its error: the same unit
  // fails the same way, and a loop, a directory of related binaries or a
  // fuzzer submits it again and again (each compile starts the compiler,
  // 0.1 s or more). Only refusals of the source are kept, not a compiler that
  // could not start or a file that could not be moved.
  std::unordered_map<std::string, Status> failed_;
  KernelCacheStats stats_;
};

}  // namespace tessera::sim
