// What the scheduler needs to know to run one kernel as a fiber.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace tessera::sim {

// Which core a fiber belongs to. Used in error messages ("core (1,2)") and
// to keep all fibers of one core on the same host thread, so a core's
// reader -> compute -> writer handoffs never cross threads.
struct CoreLabel {
  int x = 0;
  int y = 0;
  friend bool operator==(const CoreLabel&, const CoreLabel&) = default;
};

std::string describe_core(CoreLabel core);  // "(x,y)"

struct FiberSpec {
  std::string kernel_name{};  // e.g. "reader_unary.cpp"
  CoreLabel core{};
  std::function<void()> body{};
  // Called on the fiber's host thread right before every switch into the
  // fiber; kernels use it to point their thread-local context at this fiber.
  void (*on_resume)(void* arg) = nullptr;
  void* on_resume_arg = nullptr;
};

}  // namespace tessera::sim
