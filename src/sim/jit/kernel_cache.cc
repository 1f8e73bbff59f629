#include "tessera/sim/jit/kernel_cache.h"

#include <unistd.h>

#include <filesystem>

#include "atomic_file.h"
#include "tessera/sim/jit/cache_location.h"
#include "tessera/sim/jit/content_hash.h"
#include "tessera/sim/jit/host_table.h"
#include "tessera/sim/jit/kernel_headers.h"
#include "tessera/sim/jit/kernel_translation_unit.h"

namespace tessera::sim {

namespace {

Status write_unit_directory(const std::string& directory, const std::string& unit_path,
                            const std::string& unit,
                            const std::vector<std::pair<std::string, std::string>>& headers) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    return make_error(ErrorCode::kIo, "cannot create ", directory, ": ", error.message());
  }
  for (const auto& [path, content] : headers) {
    const std::filesystem::path header = std::filesystem::path(directory) / path;
    std::filesystem::create_directories(header.parent_path(), error);
    if (error) {
      return make_error(ErrorCode::kIo, "cannot create ", header.parent_path().string(), ": ",
                        error.message());
    }
    TESSERA_RETURN_IF_ERROR(write_file(header.string(), content));
  }
  return write_file(unit_path, unit);
}

}  // namespace

namespace {

bool file_exists(const std::string& path) {
  return access(path.c_str(), R_OK) == 0;
}

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
  TESSERA_RETURN_IF_ERROR(make_directories(cache->root_ + "/compilers"));
  if (cache->compiler_.include_directories_file.empty()) {
    cache->compiler_.include_directories_file = cache->root_ + "/compilers/" +
                                                ContentHasher().add_field(compiler).hex() +
                                                ".include-directories";
  }

  ContentHasher prefix;
  prefix.add_field("tessera kernel build 1").add_field(kernel_api_hash()).add_field(compiler);
  for (const std::string& flag : cache->compiler_.flags) prefix.add_field(flag);
  for (const std::string& library : cache->compiler_.libraries) prefix.add_field(library);
  cache->key_prefix_ = prefix.hex();
  return cache;
}

std::string KernelCache::key(const KernelBuildSpec& spec) const {
  return key_of(spec, make_kernel_translation_unit(spec));
}

// The unit and the headers shipped with it.
std::string KernelCache::key_of(const KernelBuildSpec& spec, const std::string& unit) const {
  ContentHasher hasher;
  hasher.add_field(key_prefix_).add_field(unit);
  for (const auto& [path, content] : spec.headers) hasher.add_field(path).add_field(content);
  return hasher.hex();
}

std::string KernelCache::remembered_key(const std::string& spec_fingerprint) const {
  std::lock_guard lock(mutex_);
  auto found = key_by_fingerprint_.find(spec_fingerprint);
  return found == key_by_fingerprint_.end() ? std::string() : found->second;
}

void KernelCache::remember_key(const std::string& spec_fingerprint, const std::string& key) {
  // Bounded: a process that builds endless distinct kernels (a fuzzer, a
  // sweep) starts the memo afresh instead of growing it.
  constexpr std::size_t kMaxRemembered = 4096;
  std::lock_guard lock(mutex_);
  if (key_by_fingerprint_.size() >= kMaxRemembered) key_by_fingerprint_.clear();
  key_by_fingerprint_.emplace(spec_fingerprint, key);
}

void KernelCache::remember_failure(const std::string& key, const Status& failure) {
  // Bounded as remember_key is; a refusal with a huge compiler log is not
  // kept (compiling it again costs less than holding many of them).
  constexpr std::size_t kMaxRemembered = 1024, kMaxMessageBytes = 64 << 10;
  std::lock_guard lock(mutex_);
  ++stats_.refused;
  if (failure.error().message().size() > kMaxMessageBytes) return;
  if (failed_.size() >= kMaxRemembered) failed_.clear();
  failed_.emplace(key, failure);
}

std::string KernelCache::shared_object_path(const std::string& key) const {
  return root_ + "/kernels/" + key + ".so";
}

namespace {

std::vector<const KernelBuildSpec*> pointers_to(const std::vector<KernelBuildSpec>& specs) {
  std::vector<const KernelBuildSpec*> pointers;
  pointers.reserve(specs.size());
  for (const KernelBuildSpec& spec : specs) pointers.push_back(&spec);
  return pointers;
}

}  // namespace

Result<std::shared_ptr<const LoadedKernel>> KernelCache::get(const KernelBuildSpec& spec) {
  const KernelBuildSpec* one = &spec;
  return std::move(get_all(std::span(&one, 1)).front());
}

std::vector<Result<std::shared_ptr<const LoadedKernel>>> KernelCache::get_all(
    const std::vector<KernelBuildSpec>& specs) {
  return get_all(pointers_to(specs));
}

std::vector<Result<std::string>> KernelCache::compile_all(
    const std::vector<KernelBuildSpec>& specs) {
  return compile_all(pointers_to(specs));
}

std::vector<KernelCache::Lookup> KernelCache::look_up_and_compile(
    std::span<const KernelBuildSpec* const> specs) {
  std::vector<Lookup> lookups(specs.size());
  std::vector<CompileJob> jobs;
  std::vector<std::size_t> job_specs;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    Lookup& lookup = lookups[i];
    const std::string spec_fingerprint = fingerprint(*specs[i]);
    lookup.key = remembered_key(spec_fingerprint);
    if (lookup.key.empty()) {
      if (Status valid = validate_kernel_build_spec(*specs[i]); !valid.ok()) {
        lookup.status = valid;
        continue;
      }
      lookup.unit = make_kernel_translation_unit(*specs[i]);
      lookup.key = key_of(*specs[i], lookup.unit);
      remember_key(spec_fingerprint, lookup.key);
    }
    lookup.path = shared_object_path(lookup.key);
    {
      std::lock_guard lock(mutex_);
      if (auto found = loaded_.find(lookup.key); found != loaded_.end()) {
        lookup.loaded = found->second;
        ++stats_.memory_hits;
        continue;
      }
      if (auto failed = failed_.find(lookup.key); failed != failed_.end()) {
        lookup.status = failed->second;
        ++stats_.known_failures;
        continue;
      }
      lookup.known_on_disk = on_disk_.count(lookup.key) != 0;
    }
    if (lookup.known_on_disk) continue;
    for (std::size_t j = 0; j < i; ++j) {
      if (lookups[j].key == lookup.key) lookup.duplicate = true;
    }
    if (lookup.duplicate || file_exists(lookup.path)) continue;
    lookup.needs_compile = true;
    if (lookup.unit.empty()) lookup.unit = make_kernel_translation_unit(*specs[i]);
    // The unit sits in a directory of its own with the kernel's headers,
    // so `#include "helper.hpp"` finds them beside it.
    const std::string unit_directory = unique_temp_path(root_ + "/tmp/" + lookup.key);
    const std::string unit_path = unit_directory + "/kernel.cc";
    Status written =
        write_unit_directory(unit_directory, unit_path, lookup.unit, specs[i]->headers);
    if (!written.ok()) {
      lookup.status = written;
      lookup.needs_compile = false;
      continue;
    }
    jobs.push_back({specs[i]->name, unit_path, lookup.path, include_directory_});
    job_specs.push_back(i);
  }
  const std::vector<Status> compiled = compile_kernels(compiler_, jobs);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    std::error_code ignored;
    std::filesystem::remove_all(std::filesystem::path(jobs[j].unit_path).parent_path(), ignored);
    if (compiled[j].ok()) continue;
    Lookup& lookup = lookups[job_specs[j]];
    lookup.status = compiled[j];
    if (compiled[j].error().code() == ErrorCode::kInvalidArgument) {
      remember_failure(lookup.key, compiled[j]);
    }
  }
  // A duplicate shares its first occurrence's fate.
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!lookups[i].duplicate) continue;
    for (std::size_t j = 0; j < i; ++j) {
      if (lookups[j].key == lookups[i].key && !lookups[j].duplicate) {
        lookups[i].status = lookups[j].status;
        break;
      }
    }
  }
  return lookups;
}

std::vector<Result<std::shared_ptr<const LoadedKernel>>> KernelCache::get_all(
    std::span<const KernelBuildSpec* const> specs) {
  std::vector<Lookup> lookups = look_up_and_compile(specs);
  std::vector<Result<std::shared_ptr<const LoadedKernel>>> results;
  results.reserve(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    Lookup& lookup = lookups[i];
    if (!lookup.status.ok()) {
      results.emplace_back(std::move(lookup.status).error());
      continue;
    }
    if (lookup.loaded) {
      results.emplace_back(std::move(lookup.loaded));
      continue;
    }
    std::lock_guard lock(mutex_);
    if (auto found = loaded_.find(lookup.key); found != loaded_.end()) {
      results.emplace_back(found->second);  // a duplicate loaded just above
      continue;
    }
    Result<std::shared_ptr<LoadedKernel>> loaded =
        LoadedKernel::load(specs[i]->name, lookup.path, *host_table_);
    if (!loaded.ok()) {
      results.emplace_back(std::move(loaded).error());
      continue;
    }
    lookup.needs_compile ? ++stats_.compiled : ++stats_.disk_hits;
    loaded_[lookup.key] = *loaded;
    results.emplace_back(std::shared_ptr<const LoadedKernel>(std::move(*loaded)));
  }
  return results;
}

std::vector<Result<std::string>> KernelCache::compile_all(
    std::span<const KernelBuildSpec* const> specs) {
  std::vector<Lookup> lookups = look_up_and_compile(specs);
  std::vector<Result<std::string>> paths;
  paths.reserve(specs.size());
  for (Lookup& lookup : lookups) {
    if (!lookup.status.ok()) {
      paths.emplace_back(std::move(lookup.status).error());
    } else {
      if (!lookup.loaded) {
        std::lock_guard lock(mutex_);
        lookup.needs_compile ? ++stats_.compiled : ++stats_.disk_hits;
        on_disk_.insert(lookup.key);
      }
      paths.emplace_back(lookup.path);
    }
  }
  return paths;
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
