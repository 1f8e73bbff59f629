#include "tessera/sim/jit/loaded_kernel.h"

#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cstdint>

#include "tessera/sim/fiber/abandonable_code.h"
#include "tessera/sim/jit/kernel_object_check.h"

namespace tessera::sim {

namespace {

std::string last_dl_error() {
  const char* message = dlerror();
  return message != nullptr ? message : "unknown error";
}

struct CodeSearch {
  std::uintptr_t load_address = 0;
  std::uintptr_t begin = UINTPTR_MAX;
  std::uintptr_t end = 0;
};

// The executable segments of the object loaded at `load_address`.
int find_code(dl_phdr_info* info, std::size_t, void* data) {
  auto* search = static_cast<CodeSearch*>(data);
  if (info->dlpi_addr != search->load_address) return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& header = info->dlpi_phdr[i];
    if (header.p_type != PT_LOAD || (header.p_flags & PF_X) == 0) continue;
    search->begin = std::min<std::uintptr_t>(search->begin, info->dlpi_addr + header.p_vaddr);
    search->end =
        std::max<std::uintptr_t>(search->end, info->dlpi_addr + header.p_vaddr + header.p_memsz);
  }
  return 1;
}

// Lets the stall watchdog stop fibers spinning inside this kernel's code.
int register_kernel_code(void* handle) {
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr) return -1;
  CodeSearch search{.load_address = map->l_addr};
  dl_iterate_phdr(&find_code, &search);
  return search.end > search.begin ? register_abandonable_code(search.begin, search.end) : -1;
}

}  // namespace

Result<std::shared_ptr<LoadedKernel>> LoadedKernel::load(const std::string& kernel_name,
                                                         const std::string& path,
                                                         const tessera_host_table& table,
                                                         KernelObjectScan scan) {
  std::shared_ptr<LoadedKernel> kernel(new LoadedKernel());
  kernel->name_ = kernel_name;
  kernel->path_ = path;
  // Checked at every load, not only after compiling, so a cache written by
  // an older tessera (or by anyone else) is held to the same rule.
  TESSERA_RETURN_IF_ERROR(check_kernel_object(path, kernel_name, scan));
  kernel->handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (kernel->handle_ == nullptr) {
    return make_error(ErrorCode::kIo, "cannot load kernel '", kernel_name, "' from ", path, ": ",
                      last_dl_error());
  }
  auto* abi_version =
      reinterpret_cast<std::uint32_t (*)()>(dlsym(kernel->handle_, "tessera_kernel_abi_version"));
  auto* install = reinterpret_cast<int (*)(const tessera_host_table*)>(
      dlsym(kernel->handle_, "tessera_kernel_install"));
  kernel->set_context_ = reinterpret_cast<void (*)(tessera_kernel_context*)>(
      dlsym(kernel->handle_, "tessera_kernel_set_context"));
  kernel->run_ = reinterpret_cast<int (*)()>(dlsym(kernel->handle_, "tessera_kernel_run"));
  if (abi_version == nullptr || install == nullptr || kernel->set_context_ == nullptr ||
      kernel->run_ == nullptr) {
    return make_error(ErrorCode::kDataLoss, "kernel '", kernel_name, "' at ", path,
                      " lacks the tessera kernel entry points (not built by the tessera JIT?)");
  }
  if (abi_version() != TESSERA_KERNEL_ABI_VERSION) {
    return make_error(ErrorCode::kFailedPrecondition, "kernel '", kernel_name, "' at ", path,
                      " was built for kernel ABI ", abi_version(), ", this simulator uses ",
                      TESSERA_KERNEL_ABI_VERSION);
  }
  if (install(&table) != 0) {
    return make_error(ErrorCode::kFailedPrecondition, "kernel '", kernel_name,
                      "' rejected the host table (ABI ", table.abi_version, ", ", table.size,
                      " bytes)");
  }
  kernel->code_slot_ = register_kernel_code(kernel->handle_);
  return kernel;
}

LoadedKernel::~LoadedKernel() {
  unregister_abandonable_code(code_slot_);
  if (handle_ != nullptr) dlclose(handle_);
}

}  // namespace tessera::sim
