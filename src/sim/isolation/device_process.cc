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

#include "activity_table.h"
#include "device_messages.h"
#include "device_server.h"
#include "tessera/sim/jit/kernel_object_check.h"
#include "wire.h"

extern char** environ;

namespace tessera::sim {
namespace {

namespace messages = device_messages;

constexpr size_t kMaxReplyBytes = size_t{64} << 20;
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
                             int activity_fd) {
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
    return make_error(ErrorCode::kIo, "cannot create the device socket: ", std::strerror(errno));
  }
  // Copies above the fixed numbers first, so no dup2 below overwrites a
  // descriptor a later one still reads.
  const std::pair<int, int> moves[] = {{sockets[1], DeviceProcessFds::kSocket},
                                       {memory.l1_fd, DeviceProcessFds::kL1},
                                       {memory.dram_fd, DeviceProcessFds::kDram},
                                       {activity_fd, DeviceProcessFds::kActivity}};
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

Status DeviceProcess::launch(const Chip& chip) {
  const int activity_fd = memfd_create("tessera-activity", MFD_CLOEXEC);
  if (activity_fd < 0 || ftruncate(activity_fd, sizeof(ActivityTable)) != 0) {
    if (activity_fd >= 0) close(activity_fd);
    return make_error(ErrorCode::kIo, "cannot create the activity table: ", std::strerror(errno));
  }
  void* activity =
      mmap(nullptr, sizeof(ActivityTable), PROT_READ | PROT_WRITE, MAP_SHARED, activity_fd, 0);
  auto spawned =
      activity == MAP_FAILED
          ? Result<SpawnedProcess>(make_error(ErrorCode::kIo, "cannot map the activity table"))
          : spawn(options_.executable, chip.shared_memory(), activity_fd);
  close(activity_fd);
  if (!spawned.ok()) {
    if (activity != MAP_FAILED) munmap(activity, sizeof(ActivityTable));
    return std::move(spawned).error();
  }
  pid_ = spawned->pid;
  socket_ = spawned->socket;
  activity_ = static_cast<ActivityTable*>(activity);
  lost_ = false;
  sent_registry_version_ = 0;  // a new process knows no buffers yet

  messages::Hello hello{chip.descriptor(), options_.kernel_directory,
                        address_space_for(chip.descriptor())};
  std::vector<uint8_t> ready;
  TESSERA_RETURN_IF_ERROR(exchange(messages::encode(hello), ready, ""), "starting");
  Status started;
  TESSERA_RETURN_IF_ERROR(messages::decode_status(ready, started));
  if (!started.ok()) {
    return std::move(started).error().add_context("the device process could not start");
  }
  return ok_status();
}

// Ends what is left of a lost process: its socket, its pid, its table.
void DeviceProcess::release() {
  if (socket_ >= 0) close(socket_);  // a live process sees end of file and exits
  socket_ = -1;
  if (pid_ > 0) {
    int status = 0;
    // A process wedged in a kernel never reads the hang-up.
    for (int tries = 0; waitpid(pid_, &status, WNOHANG) == 0; ++tries) {
      if (tries == 200) kill(pid_, SIGKILL);
      usleep(1000);
    }
  }
  pid_ = -1;
  if (activity_) munmap(activity_, sizeof(ActivityTable));
  activity_ = nullptr;
}

DeviceProcess::~DeviceProcess() {
  release();
}

Error DeviceProcess::death(const std::string& program) {
  lost_ = true;
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
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
                               const std::string& program) {
  if (lost_) {
    return make_error(ErrorCode::kFailedPrecondition, "the device process is gone");
  }
  Status sent = wire::send_frame(socket_, request);
  auto received = sent.ok() ? wire::receive_frame(socket_, kMaxReplyBytes)
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

Status DeviceProcess::run_program(const Chip& chip, const ProgramPlan& plan,
                                  const std::vector<std::string>& objects,
                                  const ProgramRunOptions& options) {
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
  request.plan = plan;
  for (KernelPlan& kernel : request.plan.kernels) {
    // The device needs only what the compiled object does not carry.
    KernelBuildSpec slim;
    slim.name = kernel.build.name;
    slim.processor = kernel.build.processor;
    slim.noc_index = kernel.build.noc_index;
    kernel.build = std::move(slim);
  }
  request.objects = objects;
  request.registry_version = chip.buffers().version();
  if (request.registry_version != sent_registry_version_) {
    std::vector<messages::LiveBuffer> live;
    for (const BufferInfo& buffer : chip.buffers().live_buffers()) {
      live.push_back({buffer.spec, buffer.address});
    }
    request.buffers = std::move(live);
  }
  request.scheduler = options.scheduler;
  request.collect_dprint = options.dprint != nullptr;
  request.collect_spans = static_cast<bool>(options.on_kernel_span);
  std::vector<uint8_t> reply_bytes;
  TESSERA_RETURN_IF_ERROR(exchange(messages::encode(request), reply_bytes, plan.name));
  auto reply = messages::decode_run_reply(reply_bytes);
  if (!reply.ok()) {
    lost_ = true;
    kill(pid_, SIGKILL);
    return std::move(reply).error().add_context("the device process misbehaved");
  }
  if (request.buffers) sent_registry_version_ = request.registry_version;
  for (DprintLine& line : reply->dprint) options.dprint->append(std::move(line));
  for (const messages::SpanRecord& span : reply->spans) {
    options.on_kernel_span({span.kernel, span.core, span.start_ns, span.duration_ns});
  }
  return std::move(reply->status);
}

}  // namespace tessera::sim
