#include "device_server.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>

#include "activity_table.h"
#include "device_messages.h"
#include "plan_memo.h"
#include "tessera/base/heap_retention.h"
#include "tessera/base/steady_clock.h"
#include "tessera/sim/isolation/sandbox.h"
#include "tessera/sim/isolation/shared_ring.h"
#include "tessera/sim/kernel_host/kernel_host_table.h"
#include "tessera/sim/program/program_run.h"
#include "wire.h"

namespace tessera::sim {
namespace {

namespace messages = device_messages;

constexpr size_t kMaxRequestBytes = size_t{256} << 20;
constexpr size_t kMaxReplyDprintBytes = size_t{32} << 20;

ActivityTable* g_activity = nullptr;

ActivitySlot& thread_slot() {
  static std::atomic<uint32_t> next{0};
  thread_local ActivitySlot& slot = g_activity->slots[next++ % ActivityTable::kSlots];
  return slot;
}

// A fiber's resume hook, wrapped to record it in this thread's slot first.
struct ResumeMarker {
  void (*resume)(void*) = nullptr;
  void* arg = nullptr;
  std::string kernel;
  CoreLabel core;
};

void resume_marked(void* arg) {
  auto* marker = static_cast<ResumeMarker*>(arg);
  ActivitySlot& slot = thread_slot();
  // Only the name and its terminator: this runs on every fiber switch.
  const std::size_t length = std::min(marker->kernel.size(), sizeof slot.kernel - 1);
  std::memcpy(slot.kernel, marker->kernel.data(), length);
  slot.kernel[length] = '\0';
  slot.core_x = marker->core.x;
  slot.core_y = marker->core.y;
  slot.active.store(1, std::memory_order_release);
  if (marker->resume) marker->resume(marker->arg);
}

void clear_activity() {
  for (ActivitySlot& slot : g_activity->slots) slot.active.store(0, std::memory_order_release);
}

class DeviceServer {
 public:
  explicit DeviceServer(std::unique_ptr<Chip> chip) : chip_(std::move(chip)) {}

  // One request's reply, with the request's memory freed.
  messages::RunReply serve(std::span<const uint8_t> frame, PlanMemo& plans) {
    auto request = messages::decode_run_request(frame, &plans);
    if (!request.ok()) {
      messages::RunReply reply;
      reply.status = request.error();
      reply.buffers_followed = false;
      return reply;
    }
    return run(*request);
  }

 private:
  messages::RunReply run(const messages::RunRequest& request) {
    messages::RunReply reply;
    if (request.buffers) {
      reply.status = follow(*request.buffers);
      reply.buffers_followed = reply.status.ok();
      if (!reply.status.ok()) return reply;
    }
    back_new_buffers_with_huge_pages();
    reply.status = load(request);
    if (!reply.status.ok()) return reply;
    // Half the reply limit: the lines travel back in the reply.
    DprintLog dprint(kMaxReplyDprintBytes);
    std::mutex spans_mutex;
    std::vector<std::unique_ptr<ResumeMarker>> markers;
    ProgramRunOptions options{.scheduler = request.scheduler,
                              .dprint = request.collect_dprint ? &dprint : nullptr};
    if (request.collect_spans) {
      options.on_kernel_span = [&](const KernelRunSpan& span) {
        std::lock_guard lock(spans_mutex);
        reply.spans.push_back(
            {std::string(span.kernel_name), span.core, span.start_ns, span.duration_ns});
      };
    }
    if (request.collect_device_time) {
      options.on_device_time = [&reply](const timing::ProgramTiming& timing) {
        reply.device_time = timing;
      };
    }
    options.on_fiber = [&markers](FiberSpec& fiber) {
      auto& marker = markers.emplace_back(std::make_unique<ResumeMarker>(
          ResumeMarker{fiber.on_resume, fiber.on_resume_arg, fiber.kernel_name, fiber.core}));
      fiber.on_resume = &resume_marked;
      fiber.on_resume_arg = marker.get();
    };
    std::strncpy(g_activity->program, request.plan->name.c_str(), sizeof g_activity->program - 1);
    const int64_t started_ns = steady_now_ns();
    reply.status = run_loaded_program(*chip_, *request.plan, kernels_, options);
    count_run_for_small_buffers(std::chrono::nanoseconds(steady_now_ns() - started_ns));
    clear_activity();
    reply.dprint = dprint.lines();
    return reply;
  }

  // Applies the host's buffer changes: the NoC checks of kernels see the
  // buffers the host allocated.
  Status follow(const messages::BufferChanges& changes) {
    BufferRegistry& registry = chip_->buffers();
    if (changes.reset) {
      registry.deallocate_all();
      mirrored_.clear();
      new_dram_buffers_.clear();
      small_dram_buffers_.clear();
    }
    for (const messages::BufferAddress& freed : changes.freed) {
      auto found = mirrored_.find({freed.memory_type, freed.address});
      if (found == mirrored_.end()) {
        return make_error(ErrorCode::kDataLoss, "the host freed a buffer at ", freed.address,
                          " that the device process does not have");
      }
      TESSERA_RETURN_IF_ERROR(registry.deallocate(found->second));
      mirrored_.erase(found);
      if (freed.memory_type == MemoryType::kDram) {
        std::erase_if(small_dram_buffers_, [&](const SmallDramBuffer& buffer) {
          return buffer.address == freed.address;
        });
      }
    }
    for (const messages::LiveBuffer& added : changes.added) {
      auto buffer = registry.allocate_at(added.spec, added.address);
      if (!buffer.ok()) {
        return std::move(buffer).error().add_context("following the host's buffers");
      }
      mirrored_[{added.spec.memory_type, added.address}] = buffer->id;
      if (added.spec.memory_type != MemoryType::kDram) continue;
      if (added.spec.size >= MappedRegion::kHugePageBytes) {
        new_dram_buffers_.push_back({added.address, buffer->pages, kHugePageLooks});
      } else {
        small_dram_buffers_.push_back(
            {added.address, buffer->pages, payback_run_time(*buffer->pages)});
      }
    }
    return ok_status();
  }

  // Shared memory gets 4 KiB pages, and the kernels' copies through them
  // ran a quarter slower than through the in-process device's huge pages
  // (docs/architecture.md, Isolation). A new DRAM buffer's touched chunks
  // become huge pages at its first run (what the host wrote) and its second
  // (what the first run wrote); untouched ones stay free. Buffers smaller
  // than a huge page are left alone: they gain little, and collapsing
  // costs a copy of 2 MiB per bank they touch.
  void back_new_buffers_with_huge_pages() {
    std::erase_if(new_dram_buffers_, [this](NewDramBuffer& buffer) {
      back_touched_banks(buffer.address, *buffer.pages);
      return --buffer.looks_left == 0;
    });
  }

  // A small buffer's chunks are worth a copy once the buffer has stayed
  // live through runs that took kSmallBufferPayback times what collapsing
  // all its banks' chunks would cost: a buffer a loop keeps reusing gets
  // huge pages, one a binary creates and frees around a single run never
  // pays for them (docs/architecture.md, Isolation).
  void count_run_for_small_buffers(std::chrono::nanoseconds run_time) {
    std::erase_if(small_dram_buffers_, [&](SmallDramBuffer& buffer) {
      buffer.run_time_to_payback -= run_time;
      if (buffer.run_time_to_payback > std::chrono::nanoseconds(0)) return false;
      back_touched_banks(buffer.address, *buffer.pages);
      return true;
    });
  }

  std::chrono::nanoseconds payback_run_time(const BufferPageMap& pages) const {
    uint32_t banks = 0;
    for (uint32_t bank = 0; bank < chip_->dram().num_channels(); ++bank) {
      banks += pages.uses_bank(bank) ? 1 : 0;
    }
    return kSmallBufferPayback * banks * kCollapseCost;
  }

  void back_touched_banks(uint64_t address, const BufferPageMap& pages) {
    DramMemory& dram = chip_->dram();
    for (uint32_t bank = 0; bank < dram.num_channels(); ++bank) {
      if (pages.uses_bank(bank)) {
        dram.back_touched_with_huge_pages(bank, address, pages.bytes_per_bank());
      }
    }
  }

  // The run's kernel objects, loaded once per path.
  Status load(const messages::RunRequest& request) {
    kernels_.clear();
    for (size_t i = 0; i < request.objects.size(); ++i) {
      const std::string& path = request.objects[i];
      auto found = loaded_.find(path);
      if (found == loaded_.end()) {
        TESSERA_ASSIGN_OR_RETURN(
            std::shared_ptr<LoadedKernel> kernel,
            LoadedKernel::load(request.plan->kernels[i].build.name, path, kernel_host_table(),
                               KernelObjectScan::kSymbolsOnly));
        found = loaded_.emplace(path, std::move(kernel)).first;
      }
      kernels_.push_back(found->second);
    }
    return ok_status();
  }

  struct NewDramBuffer {
    uint64_t address = 0;
    std::shared_ptr<const BufferPageMap> pages;
    int looks_left = 0;
  };
  static constexpr int kHugePageLooks = 2;
  // A DRAM buffer smaller than a huge page, and how much more run time it
  // must stay live for before its huge pages pay for themselves.
  struct SmallDramBuffer {
    uint64_t address = 0;
    std::shared_ptr<const BufferPageMap> pages;
    std::chrono::nanoseconds run_time_to_payback{0};
  };
  // Collapsing one 2 MiB chunk copies it: about 2.4 ms on the virtual
  // machines measured (docs/architecture.md, Isolation).
  static constexpr std::chrono::microseconds kCollapseCost{2500};
  static constexpr int kSmallBufferPayback = 10;

  std::unique_ptr<Chip> chip_;
  std::map<std::pair<MemoryType, uint64_t>, BufferId> mirrored_;  // the host's buffers
  std::vector<NewDramBuffer> new_dram_buffers_;
  std::vector<SmallDramBuffer> small_dram_buffers_;
  std::map<std::string, std::shared_ptr<const LoadedKernel>> loaded_;
  std::vector<std::shared_ptr<const LoadedKernel>> kernels_;
};

Status send(const std::vector<uint8_t>& message) {
  return wire::send_frame(DeviceProcessFds::kSocket, message);
}

struct Started {
  std::unique_ptr<Chip> chip;
  SharedChannel* channel = nullptr;
};

// Waiting for the next request: while requests came quickly, spin (yielding
// the core) up to twice their typical gap, even after the reply woke the
// host. Otherwise each side would find the other asleep and both would sleep
// on every run; the host's commands now run on its calling thread, so the
// spinning device no longer competes with a second host thread
// (docs/architecture.md, Isolation).
constexpr RingWaitPolicy kDeviceWaits{.spin_floor = std::chrono::microseconds(2),
                                      .spin_ceiling = std::chrono::microseconds(200),
                                      .spin_after_waking_peer = true,
                                      .pause_only = kPauseOnlySpin,
                                      .alerted_spin = std::chrono::microseconds(500)};

Result<Started> start() {
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> frame,
                           wire::receive_frame(DeviceProcessFds::kSocket, kMaxRequestBytes));
  TESSERA_ASSIGN_OR_RETURN(messages::Hello hello, messages::decode_hello(frame));
  void* activity = mmap(nullptr, sizeof(ActivityTable), PROT_READ | PROT_WRITE, MAP_SHARED,
                        DeviceProcessFds::kActivity, 0);
  if (activity == MAP_FAILED) {
    return make_error(ErrorCode::kIo, "cannot map the activity table: ", std::strerror(errno));
  }
  g_activity = static_cast<ActivityTable*>(activity);
  void* channel = mmap(nullptr, sizeof(SharedChannel), PROT_READ | PROT_WRITE, MAP_SHARED,
                       DeviceProcessFds::kChannel, 0);
  if (channel == MAP_FAILED) {
    return make_error(ErrorCode::kIo, "cannot map the request ring: ", std::strerror(errno));
  }
  TESSERA_ASSIGN_OR_RETURN(
      std::unique_ptr<Chip> chip,
      Chip::attach(hello.chip, {DeviceProcessFds::kL1, DeviceProcessFds::kDram}));
  // Only the socket, stderr and the mappings are needed from here on.
  close(DeviceProcessFds::kL1);
  close(DeviceProcessFds::kDram);
  close(DeviceProcessFds::kActivity);
  close(DeviceProcessFds::kChannel);
  TESSERA_RETURN_IF_ERROR(enter_sandbox({hello.kernel_directory, hello.address_space_bytes}));
  return Started{std::move(chip), static_cast<SharedChannel*>(channel)};
}

}  // namespace

int serve_device() {
  // Each run allocates and frees much the same memory; faulting it in again
  // on every run made small programs several times slower here.
  retain_freed_heap_memory();
  auto started = start();
  if (!send(messages::encode(started.ok() ? ok_status() : Status(started.error()))).ok()) return 2;
  if (!started.ok()) return 1;
  RingEndpoint host(started->channel->to_host, started->channel->to_device,
                    DeviceProcessFds::kSocket, kDeviceWaits);
  DeviceServer server(std::move(started->chip));
  PlanMemo plans;
  for (;;) {
    std::vector<uint8_t> reply;
    {
      auto frame = host.receive_frame(kMaxRequestBytes);
      if (!frame.ok()) return frame.error().code() == ErrorCode::kNotFound ? 0 : 2;
      reply = messages::encode(server.serve(*frame, plans));
    }
    // The request is freed before the reply goes out, not after: the host
    // it wakes may take this core, and whatever this process still had to
    // do would then wait for the host's next request (docs/architecture.md,
    // Isolation).
    if (!host.send_frame(reply).ok()) return 2;
  }
}

}  // namespace tessera::sim
