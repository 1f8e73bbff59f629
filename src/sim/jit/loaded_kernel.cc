#include "tessera/sim/jit/loaded_kernel.h"

#include <dlfcn.h>

namespace tessera::sim {

namespace {

std::string last_dl_error() {
  const char* message = dlerror();
  return message != nullptr ? message : "unknown error";
}

}  // namespace

Result<std::shared_ptr<LoadedKernel>> LoadedKernel::load(const std::string& kernel_name,
                                                         const std::string& path,
                                                         const tessera_host_table& table) {
  std::shared_ptr<LoadedKernel> kernel(new LoadedKernel());
  kernel->name_ = kernel_name;
  kernel->path_ = path;
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
  return kernel;
}

LoadedKernel::~LoadedKernel() {
  if (handle_ != nullptr) dlclose(handle_);
}

}  // namespace tessera::sim
