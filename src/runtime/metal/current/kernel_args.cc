#include "kernel_args.h"

#include <cstring>

#include "tessera/metal/program/tensor_accessor_args.h"

namespace tessera::runtime::metal_backend::current {
namespace {

// The arg_refs entry an argument points at, checked to be of type `Ref`.
template <typename Ref>
Result<const Ref*> arg_ref(const cm::EnqueueProgramCommand& command, uint32_t index,
                           cm::ArgRef expected) {
  const auto* types = command.arg_refs_type();
  const auto* refs = command.arg_refs();
  const uint32_t count = refs ? refs->size() : 0;
  if (index >= count || !types || index >= types->size()) {
    return make_error(ErrorCode::kOutOfRange, "operand_idx ", index, " is past the ", count,
                      " arg_refs of the command");
  }
  if (types->Get(index) != expected) {
    return make_error(ErrorCode::kInvalidArgument, "arg_refs[", index, "] is a ",
                      cm::EnumNameArgRef(types->Get(index)), ", not a ",
                      cm::EnumNameArgRef(expected));
  }
  const auto* ref = static_cast<const Ref*>(refs->Get(index));
  if (!ref) return make_error(ErrorCode::kInvalidArgument, "arg_refs[", index, "] is missing");
  return ref;
}

Status append_cb_port(const cm::KernelArgCBPort& arg, const KernelArgSources& sources,
                      ResolvedArgs& out) {
  const auto* cbs = sources.command.cbs();
  const uint32_t count = cbs ? cbs->size() : 0;
  if (arg.operand_idx() >= count) {
    return make_error(ErrorCode::kOutOfRange, "operand_idx ", arg.operand_idx(), " is past the ",
                      count, " cbs of the command");
  }
  out.words.push_back(cbs->Get(arg.operand_idx())->port());
  return ok_status();
}

Status append_buffer_address(const cm::KernelArgBufferAddress& arg, const KernelArgSources& sources,
                             ResolvedArgs& out) {
  TESSERA_ASSIGN_OR_RETURN(
      const cm::BufferRef* ref,
      arg_ref<cm::BufferRef>(sources.command, arg.operand_idx(), cm::ArgRef::BufferRef));
  TESSERA_ASSIGN_OR_RETURN(const DeviceBuffer* live, sources.state.device_buffer(ref->global_id()));
  if (live->config.memory_type == sim::MemoryType::kL1) {
    out.l1_addresses.push_back(static_cast<uint32_t>(out.words.size()));
  }
  out.words.push_back(static_cast<uint32_t>(live->address));
  return ok_status();
}

Status append_local_semaphore(const cm::KernelArgLocalSemaphore& arg,
                              const KernelArgSources& sources, ResolvedArgs& out) {
  TESSERA_ASSIGN_OR_RETURN(const cm::LocalSemaphoreRef* ref,
                           arg_ref<cm::LocalSemaphoreRef>(sources.command, arg.operand_idx(),
                                                          cm::ArgRef::LocalSemaphoreRef));
  TESSERA_ASSIGN_OR_RETURN(uint32_t initial,
                           sources.state.local_semaphore_initial_value(ref->global_id()));
  // As the compiler's runtime: every use makes a semaphore on the kernel's cores.
  TESSERA_ASSIGN_OR_RETURN(uint32_t id, sources.create_semaphore(initial));
  out.words.push_back(id);
  return ok_status();
}

Status append_global_semaphore(const cm::KernelArgGlobalSemaphore& arg,
                               const KernelArgSources& sources, ResolvedArgs& out) {
  TESSERA_ASSIGN_OR_RETURN(const cm::GlobalSemaphoreRef* ref,
                           arg_ref<cm::GlobalSemaphoreRef>(sources.command, arg.operand_idx(),
                                                           cm::ArgRef::GlobalSemaphoreRef));
  TESSERA_ASSIGN_OR_RETURN(const GlobalSemaphore* semaphore,
                           sources.state.global_semaphore(ref->global_id()));
  out.l1_addresses.push_back(static_cast<uint32_t>(out.words.size()));
  out.words.push_back(static_cast<uint32_t>(semaphore->address));
  return ok_status();
}

// A scalar is a host buffer holding one 32-bit value.
Status append_scalar(const cm::KernelArgScalar& arg, const KernelArgSources& sources,
                     ResolvedArgs& out) {
  TESSERA_ASSIGN_OR_RETURN(
      const cm::BufferRef* ref,
      arg_ref<cm::BufferRef>(sources.command, arg.operand_idx(), cm::ArgRef::BufferRef));
  TESSERA_ASSIGN_OR_RETURN(Tensor * host, sources.state.host_buffer(ref->global_id()));
  if (host->bytes().size() != sizeof(uint32_t)) {
    return make_error(ErrorCode::kInvalidArgument, "scalar buffer ", ref->global_id(), " holds ",
                      host->bytes().size(), " bytes, not one 32-bit value");
  }
  uint32_t value = 0;
  std::memcpy(&value, host->bytes().data(), sizeof value);
  out.words.push_back(value);
  return ok_status();
}

Status append_tensor_accessor_args(const cm::KernelArgTensorAccessorArgs& arg, ArgList list,
                                   const KernelArgSources& sources, ResolvedArgs& out) {
  if (list != ArgList::kCompileTime) {
    return make_error(ErrorCode::kInvalidArgument,
                      "TensorAccessorArgs are compile-time arguments only, not ",
                      arg_list_name(list), " ones");
  }
  TESSERA_ASSIGN_OR_RETURN(
      const cm::BufferRef* ref,
      arg_ref<cm::BufferRef>(sources.command, arg.operand_idx(), cm::ArgRef::BufferRef));
  TESSERA_ASSIGN_OR_RETURN(const DeviceBuffer* live, sources.state.device_buffer(ref->global_id()));
  const metal::TensorAccessorArgs accessor(live->buffer);
  TESSERA_RETURN_IF_ERROR(accessor.status());
  accessor.append_to(out.words);
  return ok_status();
}

Status append_arg(const cm::KernelArg& arg, ArgList list, const KernelArgSources& sources,
                  ResolvedArgs& out) {
  switch (arg.arg_type()) {
    case cm::KernelArgType::KernelArgCBPort:
      if (const auto* body = arg.arg_as_KernelArgCBPort()) {
        return append_cb_port(*body, sources, out);
      }
      break;
    case cm::KernelArgType::KernelArgBufferAddress:
      if (const auto* body = arg.arg_as_KernelArgBufferAddress()) {
        return append_buffer_address(*body, sources, out);
      }
      break;
    case cm::KernelArgType::KernelArgLocalSemaphore:
      if (const auto* body = arg.arg_as_KernelArgLocalSemaphore()) {
        return append_local_semaphore(*body, sources, out);
      }
      break;
    case cm::KernelArgType::KernelArgNamedArgument:
      if (const auto* body = arg.arg_as_KernelArgNamedArgument()) {
        out.words.push_back(body->value());
        return ok_status();
      }
      break;
    case cm::KernelArgType::KernelArgGlobalSemaphore:
      if (const auto* body = arg.arg_as_KernelArgGlobalSemaphore()) {
        return append_global_semaphore(*body, sources, out);
      }
      break;
    case cm::KernelArgType::KernelArgScalar:
      if (const auto* body = arg.arg_as_KernelArgScalar()) {
        return append_scalar(*body, sources, out);
      }
      break;
    case cm::KernelArgType::KernelArgTensorAccessorArgs:
      if (const auto* body = arg.arg_as_KernelArgTensorAccessorArgs()) {
        return append_tensor_accessor_args(*body, list, sources, out);
      }
      break;
    case cm::KernelArgType::NONE:
      return make_error(ErrorCode::kInvalidArgument, "the argument has no kind");
  }
  return make_error(ErrorCode::kInvalidArgument, "the argument's kind is ",
                    cm::EnumNameKernelArgType(arg.arg_type()), " but its table is missing");
}

}  // namespace

const char* arg_list_name(ArgList list) {
  switch (list) {
    case ArgList::kCompileTime:
      return "compile-time";
    case ArgList::kCommonRuntime:
      return "common runtime";
    case ArgList::kRuntime:
      return "runtime";
  }
  return "";
}

Result<ResolvedArgs> resolve_kernel_args(
    const flatbuffers::Vector<flatbuffers::Offset<cm::KernelArg>>* args, ArgList list,
    const KernelArgSources& sources) {
  ResolvedArgs resolved;
  for (uint32_t index = 0; args && index < args->size(); ++index) {
    const cm::KernelArg& arg = *args->Get(index);
    Status appended = append_arg(arg, list, sources, resolved);
    if (!appended.ok()) {
      return std::move(appended).error().add_context(
          std::string(arg_list_name(list)) + " arg " + std::to_string(index) + " (" +
          cm::EnumNameKernelArgType(arg.arg_type()) + ")");
    }
  }
  return resolved;
}

}  // namespace tessera::runtime::metal_backend::current
