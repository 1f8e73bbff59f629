#include "command_detail.h"

#include <cstdio>

namespace tessera::runtime::metal_backend {
namespace {

namespace tm = tt::target::metal;

const tt::target::MemoryDesc* memory_of(const tt::target::TensorRef& ref) {
  if (!ref.desc() || !ref.desc()->layout()) return nullptr;
  return ref.desc()->layout()->memory_desc();
}

bool on_device(const tt::target::TensorRef& ref) {
  const tt::target::MemoryDesc* memory = memory_of(ref);
  if (!memory) return false;
  return memory->memory_space() == tt::target::MemorySpace::DeviceDRAM ||
         memory->memory_space() == tt::target::MemorySpace::DeviceL1;
}

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

// "buffer 2 (DeviceDRAM at 0x200000, 256 bytes)", "host 1", "constant 5".
std::string tensor(const tt::target::TensorRef* ref) {
  if (!ref) return "(none)";
  std::string id = std::to_string(ref->global_id());
  if (!on_device(*ref)) {
    bool constant =
        ref->desc() && ref->desc()->constant_data() && ref->desc()->constant_data()->size() > 0;
    return (constant ? "constant " : "host ") + id;
  }
  return "buffer " + id + " (" + tt::target::EnumNameMemorySpace(memory_of(*ref)->memory_space()) +
         " at " + hex(ref->address()) + ", " + std::to_string(ref->size()) + " bytes)";
}

std::string event(const tt::target::EventRef* ref) {
  return ref ? "event " + std::to_string(ref->global_id()) : "event (none)";
}

std::string program(const tm::EnqueueProgramCommand& command) {
  std::string text;
  const tm::ProgramDesc* desc = command.program();
  uint32_t kernels = desc && desc->kernels() ? desc->kernels()->size() : 0;
  text = std::to_string(kernels) + " kernel(s)";
  if (command.operands() && command.operands()->size() > 0) {
    text += "; operands";
    for (const tt::target::TensorRef* operand : *command.operands()) {
      text += " " + tensor(operand);
    }
  }
  return text;
}

}  // namespace

std::string command_detail(const tm::Command& command) {
  using tm::CommandType;
  switch (command.type_type()) {
    case CommandType::EnqueueProgramCommand:
      return program(*command.type_as_EnqueueProgramCommand());
    case CommandType::EnqueueWriteBufferCommand: {
      const auto& write = *command.type_as_EnqueueWriteBufferCommand();
      return tensor(write.src()) + " -> " + tensor(write.dst());
    }
    case CommandType::EnqueueReadBufferCommand: {
      const auto& read = *command.type_as_EnqueueReadBufferCommand();
      return tensor(read.src()) + " -> " + tensor(read.dst());
    }
    case CommandType::CreateBufferCommand:
      return tensor(command.type_as_CreateBufferCommand()->ref());
    case CommandType::DeallocateBufferCommand:
      return tensor(command.type_as_DeallocateBufferCommand()->ref());
    case CommandType::CreateEventCommand:
      return event(command.type_as_CreateEventCommand()->ref());
    case CommandType::EnqueueRecordEventCommand:
      return event(command.type_as_EnqueueRecordEventCommand()->ref());
    case CommandType::EnqueueWaitForEventCommand:
      return event(command.type_as_EnqueueWaitForEventCommand()->ref());
    case CommandType::EventSynchronizeCommand:
      return event(command.type_as_EventSynchronizeCommand()->ref());
    case CommandType::EventQueryCommand:
      return event(command.type_as_EventQueryCommand()->ref());
    case CommandType::FinishCommand:
    case CommandType::NONE:
      break;
  }
  return "";
}

}  // namespace tessera::runtime::metal_backend
