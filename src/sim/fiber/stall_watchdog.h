// Watches running workers for a fiber that keeps its thread without ever
// blocking or finishing (SchedulerOptions::stall_limit), and asks that
// worker to stop it. The run then fails with the kernel and core named,
// instead of hanging the process.
//
// One thread serves the whole process, started on first use and asleep
// while no run is watched: a program run only registers its workers (a
// thread per run would cost more than a small program takes).
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "worker.h"

namespace tessera::sim {

class StallWatch {
 public:
  // Watches `workers` until destroyed; a zero `limit` watches nothing.
  StallWatch(const std::vector<std::unique_ptr<Worker>>& workers, std::chrono::milliseconds limit);
  ~StallWatch();
  StallWatch(const StallWatch&) = delete;
  StallWatch& operator=(const StallWatch&) = delete;

 private:
  const std::vector<std::unique_ptr<Worker>>& workers_;
  const std::chrono::milliseconds limit_;
};

}  // namespace tessera::sim
