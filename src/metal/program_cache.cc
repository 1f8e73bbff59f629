#include "tessera/metal/program_cache.h"

namespace tessera::metal {
namespace {

// What a prepared program holds that grows with the binary: its kernels'
// sources and headers.
std::size_t source_bytes(const PreparedProgram& program) {
  std::size_t bytes = 0;
  for (const sim::KernelPlan& kernel : program.plan.kernels) {
    bytes += kernel.build.source.size();
    for (const auto& [name, text] : kernel.build.headers) bytes += name.size() + text.size();
  }
  return bytes;
}

}  // namespace

std::shared_ptr<const PreparedProgram> ProgramCache::find(const std::string& key) const {
  std::lock_guard lock(mutex_);
  auto found = programs_.find(key);
  if (found == programs_.end()) return nullptr;
  ++hits_;
  return found->second;
}

void ProgramCache::insert(const std::string& key, std::shared_ptr<const PreparedProgram> program) {
  if (!program) return;
  const std::size_t bytes = source_bytes(*program);
  if (bytes > kMaxSourceBytes) return;
  std::lock_guard lock(mutex_);
  if (programs_.count(key)) return;
  if (programs_.size() >= kMaxPrograms || source_bytes_ + bytes > kMaxSourceBytes) {
    programs_.clear();
    source_bytes_ = 0;
  }
  programs_.emplace(key, std::move(program));
  source_bytes_ += bytes;
}

void ProgramCache::clear() {
  std::lock_guard lock(mutex_);
  programs_.clear();
  source_bytes_ = 0;
}

std::size_t ProgramCache::size() const {
  std::lock_guard lock(mutex_);
  return programs_.size();
}

std::size_t ProgramCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

}  // namespace tessera::metal
