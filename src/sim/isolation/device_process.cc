#include "tessera/sim/isolation/device_process.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

#include "activity_table.h"
#include "child_reaper.h"
#include "device_messages.h"
#include "device_server.h"
#include "tessera/base/steady_clock.h"
#include "tessera/sim/isolation/reply_wait.h"
#include "tessera/sim/isolation/shared_ring.h"
#include "tessera/sim/jit/kernel_object_check.h"
#include "wire.h"

extern char** environ;

namespace tessera::sim {
namespace {

namespace messages = device_messages;

constexpr size_t kMaxReplyBytes = size_t{64} << 20;
// Waiting for ring space or the rest of a frame. How long the host spins
// for a reply's first bytes is chosen per program (reply_wait.h).
constexpr RingWaitPolicy kHostWaits{.spin_floor = std::chrono::microseconds(2),
                                    .spin_ceiling = std::chrono::microseconds(200),
                                    .pause_only = kPauseOnlySpin};
// How long a process whose channel closed may take to become a zombie
// before it is killed (it closed the channel itself and lives on).
constexpr std::chrono::milliseconds kExitGrace{200};
// Beyond the chip's mappings: code, heaps, fiber stacks, kernel objects.
constexpr uint64_t kAddressSpaceSlack = uint64_t{4} << 30;

std::string describe_exit(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return "was killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "stopped";
}

uint64_t address_space_for(const ChipDescriptor& chip) {
  return chip.num_workers() * (chip.l1_size + (uint64_t{8} << 10)) +
         uint64_t{chip.num_dram_channels} * chip.dram_channel_size + kAddressSpaceSlack;
}

struct SpawnedProcess {
  pid_t pid = -1;
  int socket = -1;
};

Result<SpawnedProcess> spawn(const std::string& executable, SharedChipMemory memory,
                             int activity_fd, int channel_fd) {
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
    return make_error(ErrorCode::kIo, "cannot create the device socket: ", std::strerror(errno));
  }
  // Copies above the fixed numbers first, so no dup2 below overwrites a
  // descriptor a later one still reads.
  const std::pair<int, int> moves[] = {{sockets[1], DeviceProcessFds::kSocket},
                                       {memory.l1_fd, DeviceProcessFds::kL1},
                                       {memory.dram_fd, DeviceProcessFds::kDram},
                                       {activity_fd, DeviceProcessFds::kActivity},
                                       {channel_fd, DeviceProcessFds::kChannel}};
  std::vector<int> high;
  for (const auto& [from, to] : moves) high.push_back(fcntl(from, F_DUPFD_CLOEXEC, 64));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 onto the fixed numbers clears close-on-exec for exactly these.
  for (size_t i = 0; i < high.size(); ++i) {
    posix_spawn_file_actions_adddup2(&actions, high[i], moves[i].second);
  }
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::string program = executable;
  char* argv[] = {program.data(), nullptr};
  char* env[] = {nullptr};  // nothing of the user's environment
  pid_t pid = -1;
  const int error = posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv, env);
  posix_spawn_file_actions_destroy(&actions);
  for (int fd : high) {
    if (fd >= 0) close(fd);
  }
  close(sockets[1]);
  if (error != 0) {
    close(sockets[0]);
    return make_error(ErrorCode::kIo, "cannot start the device process ", executable, ": ",
                      std::strerror(error));
  }
  return SpawnedProcess{pid, sockets[0]};
}

// The directory of the file that holds this code: libtessera's when the
// runtime is embedded through the shared library, else the executable's.
std::filesystem::path own_object_directory() {
  static const char anchor = 0;
  Dl_info info{};
  if (dladdr(&anchor, &info) == 0 || !info.dli_fname || !*info.dli_fname) return {};
  std::error_code error;
  const auto path = std::filesystem::absolute(info.dli_fname, error);
  return error ? std::filesystem::path() : path.parent_path();
}

}  // namespace

Result<std::string> default_device_executable() {
  if (const char* path = std::getenv("TESSERA_DEVICE_EXECUTABLE"); path && *path) {
    return std::string(path);
  }
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto beside = self.parent_path() / "tessera-device";
    if (access(beside.c_str(), X_OK) == 0) return beside.string();
  }
#ifdef TESSERA_DEVICE_FROM_LIBRARY
  // An installed prefix: bin/tessera-device as seen from lib/libtessera.so.
  if (const auto library = own_object_directory(); !library.empty()) {
    const auto installed = (library / TESSERA_DEVICE_FROM_LIBRARY).lexically_normal();
    if (access(installed.c_str(), X_OK) == 0) return installed.string();
  }
#endif
#ifdef TESSERA_DEVICE_BUILD_EXECUTABLE
  if (access(TESSERA_DEVICE_BUILD_EXECUTABLE, X_OK) == 0) {
    return std::string(TESSERA_DEVICE_BUILD_EXECUTABLE);
  }
#endif
  return make_error(ErrorCode::kNotFound,
                    "cannot find the tessera-device program (set TESSERA_DEVICE_EXECUTABLE, or "
                    "use the in-process device)");
}

Result<std::unique_ptr<DeviceProcess>> DeviceProcess::start(const Chip& chip,
                                                            const DeviceProcessOptions& options) {
  const SharedChipMemory memory = chip.shared_memory();
  if (memory.l1_fd < 0 || memory.dram_fd < 0) {
    return make_error(ErrorCode::kInvalidArgument,
                      "a device process needs a chip created with shared memories");
  }
  std::unique_ptr<DeviceProcess> process(new DeviceProcess());
  process->options_ = options;
  if (process->options_.executable.empty()) {
    TESSERA_ASSIGN_OR_RETURN(process->options_.executable, default_device_executable());
  }
  TESSERA_RETURN_IF_ERROR(process->launch(chip));
  return process;
}

// A memfd of `size` bytes mapped shared; the descriptor stays open for
// the child to inherit.
Result<std::pair<int, void*>> shared_mapping(const char* name, size_t size) {
  const int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, static_cast<off_t>(size)) != 0) {
    const int error = errno;
    if (fd >= 0) close(fd);
    return make_error(ErrorCode::kIo, "cannot create the ", name,
                      " memory: ", std::strerror(error));
  }
  void* mapping = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (mapping == MAP_FAILED) {
    const int error = errno;
    close(fd);
    return make_error(ErrorCode::kIo, "cannot map the ", name, " memory: ", std::strerror(error));
  }
  return std::make_pair(fd, mapping);
}

Status DeviceProcess::launch(const Chip& chip) {
  TESSERA_ASSIGN_OR_RETURN(auto activity,
                           shared_mapping("tessera-activity", sizeof(ActivityTable)));
  activity_ = static_cast<ActivityTable*>(activity.second);
  auto channel = shared_mapping("tessera-channel", sizeof(SharedChannel));
  if (!channel.ok()) {
    close(activity.first);
    return std::move(channel).error();
  }
  channel_ = static_cast<SharedChannel*>(channel->second);
  auto spawned = spawn(options_.executable, chip.shared_memory(), activity.first, channel->first);
  close(activity.first);
  close(channel->first);
  if (!spawned.ok()) return std::move(spawned).error();
  pid_ = spawned->pid;
  socket_ = spawned->socket;
  ring_ =
      std::make_unique<RingEndpoint>(channel_->to_device, channel_->to_host, socket_, kHostWaits);
  lost_ = false;
  // A new process knows no buffers yet.
  followed_.clear();
  reset_buffers_ = true;
  return handshake(chip);
}

// hello and ready, on the socket: the process attaches the chip and enters
// its sandbox before it reads the ring.
Status DeviceProcess::handshake(const Chip& chip) {
  messages::Hello hello{chip.descriptor(), options_.kernel_directory,
                        address_space_for(chip.descriptor())};
  Status sent = wire::send_frame(socket_, messages::encode(hello));
  auto ready = sent.ok() ? wire::receive_frame(socket_, kMaxReplyBytes)
                         : Result<std::vector<uint8_t>>(std::move(sent).error());
  if (!ready.ok()) return death("").add_context("starting");
  Status started;
  TESSERA_RETURN_IF_ERROR(messages::decode_status(*ready, started));
  if (!started.ok()) {
    return std::move(started).error().add_context("the device process could not start");
  }
  return ok_status();
}

// Ends what is left of a lost process: its socket, its pid, its mappings.
void DeviceProcess::release() {
  if (socket_ >= 0) close(socket_);  // a live process sees the hang-up and exits
  socket_ = -1;
  // A process wedged in a kernel never sees the hang-up.
  if (pid_ > 0) reap_child(pid_, kExitGrace);
  pid_ = -1;
  ring_.reset();
  if (activity_) munmap(activity_, sizeof(ActivityTable));
  activity_ = nullptr;
  if (channel_) munmap(channel_, sizeof(SharedChannel));
  channel_ = nullptr;
}

DeviceProcess::~DeviceProcess() {
  release();
}

Error DeviceProcess::death(const std::string& program) {
  lost_ = true;
  // Its channel closed: it is exiting, or it closed the socket itself and
  // must be stopped.
  const int status = reap_child(pid_, kExitGrace);
  pid_ = -1;
  std::string what = "the device process " + describe_exit(status);
  if (!program.empty()) what += " while running program '" + program + "'";
  const std::vector<std::string> running = running_kernels(*activity_);
  for (size_t i = 0; i < running.size(); ++i) {
    what += (i == 0 ? "; running then: " : ", ") + running[i];
  }
  return make_error(ErrorCode::kKernelFault, what, " (the next run starts a new device process)");
}

Status DeviceProcess::exchange(const std::vector<uint8_t>& request, std::vector<uint8_t>& reply,
                               const std::string& program, std::chrono::nanoseconds spin) {
  if (lost_) {
    return make_error(ErrorCode::kFailedPrecondition, "the device process is gone");
  }
  Status sent = ring_->send_frame(request);
  auto received = sent.ok() ? ring_->receive_frame(kMaxReplyBytes, spin)
                            : Result<std::vector<uint8_t>>(std::move(sent).error());
  if (!received.ok()) {
    if (received.error().code() != ErrorCode::kDataLoss) return death(program);
    lost_ = true;  // it wrote something we cannot trust
    kill(pid_, SIGKILL);
    return std::move(received).error().add_context("the device process misbehaved");
  }
  reply = std::move(received).value();
  return ok_status();
}

// The full check of every object not checked before, here on the host: the
// device process checks symbols again at load but can start no disassembler.
Status DeviceProcess::check_objects(const ProgramPlan& plan,
                                    const std::vector<std::string>& objects) {
  if (objects.size() != plan.kernels.size()) {
    return make_error(ErrorCode::kInvalidArgument, "program '", plan.name, "' has ",
                      plan.kernels.size(), " kernels but ", objects.size(), " objects");
  }
  for (size_t i = 0; i < objects.size(); ++i) {
    if (checked_objects_.count(objects[i])) continue;
    TESSERA_RETURN_IF_ERROR(check_kernel_object(objects[i], plan.kernels[i].build.name)
                                .with_context("program '" + plan.name + "'"));
    checked_objects_.insert(objects[i]);
  }
  return ok_status();
}

namespace {

// The frees and allocations that turn `before` into `live`, which is
// returned in `now`.
template <typename Followed>
messages::BufferChanges buffer_changes(const std::vector<BufferInfo>& live, const Followed& before,
                                       Followed& now) {
  messages::BufferChanges changes;
  for (const BufferInfo& buffer : live) {
    const auto key = std::make_pair(buffer.id.slot, buffer.id.generation);
    now.emplace(key, std::make_pair(buffer.spec.memory_type, buffer.address));
    if (!before.count(key)) changes.added.push_back({buffer.spec, buffer.address});
  }
  for (const auto& [key, place] : before) {
    if (!now.count(key)) changes.freed.push_back({place.first, place.second});
  }
  return changes;
}

}  // namespace

void DeviceProcess::expect_run() {
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (lock.owns_lock() && ring_ && !lost_) ring_->alert();
}

DevicePlan DeviceProcess::describe(const ProgramPlan& plan,
                                   const std::vector<std::string>& objects) {
  return {.encoded = messages::encode_plan(plan),
          .reply_key = ProgramReplyTimes::key_of(plan, objects),
          .cores = cores_of(plan)};
}

Status DeviceProcess::run_program(const Chip& chip, const ProgramPlan& plan,
                                  const std::vector<std::string>& objects,
                                  const ProgramRunOptions& options) {
  return run_program(chip, plan, describe(plan, objects), objects, options);
}

Status DeviceProcess::run_program(const Chip& chip, const ProgramPlan& plan,
                                  const DevicePlan& described,
                                  const std::vector<std::string>& objects,
                                  const ProgramRunOptions& options) {
  if (described.encoded.empty()) return run_program(chip, plan, objects, options);  // not described
  std::lock_guard lock(mutex_);
  TESSERA_RETURN_IF_ERROR(check_objects(plan, objects));
  if (lost_) {
    // The chip's memories are the host's, so a new process picks up where
    // the lost one stopped: same buffers, same bytes.
    release();
    TESSERA_RETURN_IF_ERROR(launch(chip), "restarting the lost device process");
    ++restarts_;
  }
  messages::RunRequest request;
  request.encoded_plan = described.encoded;  // the plan, encoded once
  request.objects = objects;
  // What the device process must change to follow the chip's buffers.
  const uint64_t version = chip.buffers().version();
  FollowedBuffers now;
  if (reset_buffers_ || version != followed_version_) {
    static const FollowedBuffers kNone;
    request.buffers =
        buffer_changes(chip.buffers().live_buffers(), reset_buffers_ ? kNone : followed_, now);
    request.buffers->reset = reset_buffers_;
  }
  static const unsigned hardware_threads = std::thread::hardware_concurrency();
  ProgramHistory history = reply_times_.last(described.reply_key);
  history.cores = described.cores;
  const ReplyWait wait = plan_reply_wait(options.scheduler, hardware_threads, history);
  request.scheduler = wait.scheduler;
  request.collect_dprint = options.dprint != nullptr;
  request.collect_spans = static_cast<bool>(options.on_kernel_span);
  request.collect_device_time = static_cast<bool>(options.on_device_time);
  std::vector<uint8_t> reply_bytes;
  const int64_t sent_ns = steady_now_ns();
  TESSERA_RETURN_IF_ERROR(
      exchange(messages::encode(request), reply_bytes, plan.name, wait.host_spin));
  reply_times_.record(described.reply_key, std::chrono::nanoseconds(steady_now_ns() - sent_ns),
                      wait.scheduler.threads);
  auto reply = messages::decode_run_reply(reply_bytes);
  if (!reply.ok()) {
    lost_ = true;
    kill(pid_, SIGKILL);
    return std::move(reply).error().add_context("the device process misbehaved");
  }
  if (request.buffers) {
    reset_buffers_ = !reply->buffers_followed;
    followed_ = std::move(now);
    followed_version_ = version;
  }
  for (DprintLine& line : reply->dprint) options.dprint->append(std::move(line));
  for (const messages::SpanRecord& span : reply->spans) {
    options.on_kernel_span({span.kernel, span.core, span.start_ns, span.duration_ns});
  }
  if (reply->device_time && options.on_device_time) options.on_device_time(*reply->device_time);
  return std::move(reply->status);
}

}  // namespace tessera::sim
