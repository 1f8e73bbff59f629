// Watches a run's workers for a fiber that keeps its thread without ever
// blocking or finishing (SchedulerOptions::stall_limit), and asks that
// worker to stop it. The run then fails with the kernel and core named,
// instead of hanging the process.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "worker.h"

namespace tessera::sim {

class StallWatchdog {
 public:
  // Starts watching unless `limit` is zero.
  StallWatchdog(const std::vector<std::unique_ptr<Worker>>& workers,
                std::chrono::milliseconds limit);
  // Stops watching; call once every worker left run().
  ~StallWatchdog();
  StallWatchdog(const StallWatchdog&) = delete;
  StallWatchdog& operator=(const StallWatchdog&) = delete;

 private:
  void watch();

  const std::vector<std::unique_ptr<Worker>>& workers_;
  const std::chrono::milliseconds limit_;
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace tessera::sim
