#include "tessera/sim/jit/kernel_cache.h"

#include <unistd.h>

#include "atomic_file.h"
#include "tessera/sim/jit/cache_location.h"
#include "tessera/sim/jit/content_hash.h"
#include "tessera/sim/jit/host_table.h"
#include "tessera/sim/jit/kernel_headers.h"
#include "tessera/sim/jit/kernel_translation_unit.h"

namespace tessera::sim {

namespace {

bool file_exists(const std::string& path) {
  return access(path.c_str(), R_OK) == 0;
}

// One spec's way through get_all().
struct Lookup {
  std::string key;
  std::string unit;
  std::string path;
  bool needs_compile = false;
  bool duplicate = false;  // same key as an earlier spec in the batch
};

}  // namespace

Result<std::unique_ptr<KernelCache>> KernelCache::create(KernelCacheOptions options) {
  std::unique_ptr<KernelCache> cache(new KernelCache());
  if (options.root.empty()) {
    TESSERA_ASSIGN_OR_RETURN(options.root, default_cache_root());
  }
  cache->root_ = options.root;
  cache->compiler_ =
      options.compiler.executable.empty() ? default_compiler_config() : options.compiler;
  cache->host_table_ = options.host_table != nullptr ? options.host_table : &default_host_table();
  TESSERA_RETURN_IF_ERROR(make_directories(cache->root_ + "/kernels"));
  TESSERA_RETURN_IF_ERROR(make_directories(cache->root_ + "/tmp"));
  TESSERA_ASSIGN_OR_RETURN(cache->include_directory_, extract_kernel_api_headers(cache->root_));
  TESSERA_ASSIGN_OR_RETURN(std::string compiler, compiler_identity(cache->compiler_));

  ContentHasher prefix;
  prefix.add_field("tessera kernel build 1").add_field(kernel_api_hash()).add_field(compiler);
  for (const std::string& flag : cache->compiler_.flags) prefix.add_field(flag);
  cache->key_prefix_ = prefix.hex();
  return cache;
}

std::string KernelCache::key(const KernelBuildSpec& spec) const {
  return ContentHasher().add_field(key_prefix_).add_field(make_kernel_translation_unit(spec)).hex();
}

std::string KernelCache::shared_object_path(const std::string& key) const {
  return root_ + "/kernels/" + key + ".so";
}

Result<std::shared_ptr<const LoadedKernel>> KernelCache::get(const KernelBuildSpec& spec) {
  return std::move(get_all({spec}).front());
}

std::vector<Result<std::shared_ptr<const LoadedKernel>>> KernelCache::get_all(
    const std::vector<KernelBuildSpec>& specs) {
  std::vector<Result<std::shared_ptr<const LoadedKernel>>> results(
      specs.size(), Result<std::shared_ptr<const LoadedKernel>>(nullptr));
  std::vector<Lookup> lookups(specs.size());
  std::vector<CompileJob> jobs;
  std::vector<std::size_t> job_specs;

  for (std::size_t i = 0; i < specs.size(); ++i) {
    Lookup& lookup = lookups[i];
    if (Status valid = validate_kernel_build_spec(specs[i]); !valid.ok()) {
      results[i] = valid.error();
      continue;
    }
    lookup.unit = make_kernel_translation_unit(specs[i]);
    lookup.key = ContentHasher().add_field(key_prefix_).add_field(lookup.unit).hex();
    lookup.path = shared_object_path(lookup.key);
    {
      std::lock_guard lock(mutex_);
      if (auto found = loaded_.find(lookup.key); found != loaded_.end()) {
        results[i] = found->second;
        ++stats_.memory_hits;
        continue;
      }
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (lookups[j].key == lookup.key) lookup.duplicate = true;
    }
    if (lookup.duplicate || file_exists(lookup.path)) continue;
    lookup.needs_compile = true;
    const std::string unit_path = unique_temp_path(root_ + "/tmp/" + lookup.key) + ".cc";
    Status written = write_file(unit_path, lookup.unit);
    if (!written.ok()) {
      results[i] = written.error();
      lookup.needs_compile = false;
      continue;
    }
    jobs.push_back({specs[i].name, unit_path, lookup.path, include_directory_});
    job_specs.push_back(i);
  }

  const std::vector<Status> compiled = compile_kernels(compiler_, jobs);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    unlink(jobs[j].unit_path.c_str());
    if (!compiled[j].ok()) results[job_specs[j]] = compiled[j].error();
  }

  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!results[i].ok() || *results[i] != nullptr) continue;  // failed or memory hit
    const Lookup& lookup = lookups[i];
    std::lock_guard lock(mutex_);
    if (auto found = loaded_.find(lookup.key); found != loaded_.end()) {
      results[i] = found->second;  // a duplicate loaded just above
      continue;
    }
    Result<std::shared_ptr<LoadedKernel>> loaded =
        LoadedKernel::load(specs[i].name, lookup.path, *host_table_);
    if (!loaded.ok()) {
      results[i] = std::move(loaded).error();
      continue;
    }
    lookup.needs_compile ? ++stats_.compiled : ++stats_.disk_hits;
    loaded_[lookup.key] = *loaded;
    results[i] = std::shared_ptr<const LoadedKernel>(std::move(*loaded));
  }
  return results;
}

void KernelCache::drop(const std::string& key) {
  std::lock_guard lock(mutex_);
  loaded_.erase(key);
}

void KernelCache::drop_all() {
  std::lock_guard lock(mutex_);
  loaded_.clear();
}

KernelCacheStats KernelCache::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace tessera::sim
