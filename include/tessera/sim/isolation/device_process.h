// The host's handle on a device process: a simulated device whose kernels
// run in a sandboxed process of their own (sandbox.h), the way a real
// device sits behind PCIe. The chip's memories are shared, so buffer reads
// and writes stay plain memory copies; each program run is one request and
// one reply on a ring in shared memory (shared_ring.h), with the buffers
// allocated and freed since the last run.
//
// If the process dies (a kernel aborted, exited, or did what no handler can
// contain), the run fails with an error naming the program and the kernels
// that were running. The next run starts a new process on the same
// memories, so the chip's buffers and their bytes survive.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/isolation/reply_wait.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/program/program_run.h"

namespace tessera::sim {

struct ActivityTable;
struct SharedChannel;
class RingEndpoint;

struct DeviceProcessOptions {
  std::string executable;        // empty: default_device_executable()
  std::string kernel_directory;  // where compiled kernel objects are (read-only for it)
};

// $TESSERA_DEVICE_EXECUTABLE, else tessera-device next to the running
// program, else the one this build made.
Result<std::string> default_device_executable();

// A plan as an isolated run sends it, and what the host looks its runs up
// by. Made on every run, or once for a program that runs again (metal's
// ProgramCache), which then neither encodes nor names its plan again.
struct DevicePlan {
  std::vector<uint8_t> encoded;  // the run request's plan section
  std::string reply_key;         // its runs' reply times (ProgramReplyTimes)
  std::size_t cores = 0;         // the cores its kernels run on
};

class DeviceProcess {
 public:
  // `chip` must have been created with shared memories.
  static Result<std::unique_ptr<DeviceProcess>> start(const Chip& chip,
                                                      const DeviceProcessOptions& options);
  ~DeviceProcess();
  DeviceProcess(const DeviceProcess&) = delete;
  DeviceProcess& operator=(const DeviceProcess&) = delete;

  // Runs `plan` whose kernel i is the compiled object objects[i]. The
  // chip's buffer changes since the last run go along.
  // DPRINT lines and kernel spans come back into `options`' log and
  // callback. One run at a time (calls are serialised).
  Status run_program(const Chip& chip, const ProgramPlan& plan,
                     const std::vector<std::string>& objects, const ProgramRunOptions& options);
  // The same, with `described` = describe(plan, objects).
  Status run_program(const Chip& chip, const ProgramPlan& plan, const DevicePlan& described,
                     const std::vector<std::string>& objects, const ProgramRunOptions& options);
  static DevicePlan describe(const ProgramPlan& plan, const std::vector<std::string>& objects);

  // A run is being prepared (laid out, its kernels looked up): wakes the
  // device process if it sleeps, so that its wake-up, tens of microseconds
  // on a virtual machine, overlaps the preparation. Does nothing while a
  // run is in flight.
  void expect_run();

  pid_t pid() const { return pid_; }
  // Whether the process died and was not restarted yet.
  bool lost() const { return lost_; }
  // How many times a lost process was replaced.
  uint32_t restarts() const { return restarts_; }

 private:
  DeviceProcess() = default;
  // Buffers by BufferId (slot, generation): memory and address.
  using FollowedBuffers = std::map<std::pair<uint32_t, uint32_t>, std::pair<MemoryType, uint64_t>>;

  Status launch(const Chip& chip);
  Status handshake(const Chip& chip);
  Status check_objects(const ProgramPlan& plan, const std::vector<std::string>& objects);
  void release();
  // Sends `request` and waits for the reply, spinning `spin` before sleeping.
  Status exchange(const std::vector<uint8_t>& request, std::vector<uint8_t>& reply,
                  const std::string& program, std::chrono::nanoseconds spin);
  Error death(const std::string& program);

  pid_t pid_ = -1;
  int socket_ = -1;
  ActivityTable* activity_ = nullptr;
  SharedChannel* channel_ = nullptr;
  std::unique_ptr<RingEndpoint> ring_;
  DeviceProcessOptions options_;
  bool lost_ = false;
  uint32_t restarts_ = 0;
  // The buffers the device process follows, as of registry version
  // followed_version_; reset_buffers_ when it may not follow them.
  FollowedBuffers followed_;
  uint64_t followed_version_ = 0;
  bool reset_buffers_ = true;
  std::set<std::string> checked_objects_;  // object paths the host checked in full
  ProgramReplyTimes reply_times_;          // how to wait for each program (reply_wait.h)
  std::mutex mutex_;
};

}  // namespace tessera::sim
