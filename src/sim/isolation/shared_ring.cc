#include "tessera/sim/isolation/shared_ring.h"

#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "tessera/base/spin_wait.h"
#include "tessera/base/steady_clock.h"

namespace tessera::sim {
namespace {

Error malformed() {
  return make_error(ErrorCode::kDataLoss,
                    "the shared ring's written and consumed counters make no sense");
}

}  // namespace

std::chrono::nanoseconds answer_spin(const RingWaitPolicy& policy,
                                     std::chrono::nanoseconds typical_wait, bool woke_peer) {
  // A peer this side just woke may be scheduled on this very core:
  // spinning would keep it from answering, unless the policy yields to it.
  if (woke_peer && !policy.spin_after_waking_peer) return std::chrono::nanoseconds(0);
  if (typical_wait >= policy.spin_ceiling) return policy.spin_floor;
  return std::clamp(2 * typical_wait, policy.spin_floor, policy.spin_ceiling);
}

Result<uint64_t> RingEndpoint::readable() {
  const uint64_t published = incoming_.written.load(std::memory_order_seq_cst);
  if (published < consumed_ || published - consumed_ > SharedRing::kCapacity) return malformed();
  return published - consumed_;
}

Result<uint64_t> RingEndpoint::writable() {
  const uint64_t taken = outgoing_.consumed.load(std::memory_order_seq_cst);
  if (taken > written_ || written_ - taken > SharedRing::kCapacity) return malformed();
  return SharedRing::kCapacity - (written_ - taken);
}

// A byte on the socket wakes a peer blocked reading it; if the socket's
// buffer is full, the bytes already there will.
bool RingEndpoint::ring_doorbell_if(std::atomic<uint32_t>& sleeping) {
  if (sleeping.exchange(0, std::memory_order_seq_cst) == 0) return false;
  const char byte = 1;
  while (send(doorbell_fd_, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
  return true;
}

// Blocks until a doorbell (true) or the peer's hang-up (false). A doorbell
// rung after an earlier wait had already ended is left in the socket and
// ends the next sleep early, which only costs one more look at the ring;
// draining after every wake-up would cost a system call each time.
bool RingEndpoint::sleep_until_doorbell() {
  char bytes[64];
  for (;;) {
    const ssize_t got = recv(doorbell_fd_, bytes, sizeof bytes, 0);
    if (got > 0) return true;
    if (got == 0 || errno != EINTR) return false;
  }
}

// Until `available` reports bytes: spinning, then asleep on the socket with `sleeping` raised for
// the peer to see.
template <typename Available>
Result<uint64_t> RingEndpoint::wait_for(Available available, std::atomic<uint32_t>& sleeping,
                                        int64_t spin_ns, int64_t pause_ns) {
  for (;;) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t bytes, spin_for(available, spin_ns, pause_ns));
    if (bytes > 0) return bytes;
    // Raised before the last look: a peer that publishes after it rings.
    sleeping.store(1, std::memory_order_seq_cst);
    auto ready = available();
    if (!ready.ok() || *ready > 0) {
      sleeping.store(0, std::memory_order_relaxed);
      return ready;
    }
    ++sleeps_;
    const bool woken = sleep_until_doorbell();
    sleeping.store(0, std::memory_order_relaxed);
    if (!woken) return make_error(ErrorCode::kNotFound, "the peer hung up");
    // Woken with nothing to read yet: the peer's alert() says a frame is
    // on its way.
    spin_ns = policy_.alerted_spin.count();
    pause_ns = std::min(spin_ns, policy_.pause_only.count());
  }
}

// Looks for bytes for `spin_ns`, pausing for the first `pause_ns` and then
// yielding, so that a peer (or a device worker thread) placed on this core
// gets it while this side waits. 0 if none came.
template <typename Available>
Result<uint64_t> RingEndpoint::spin_for(Available available, int64_t spin_ns, int64_t pause_ns) {
  constexpr uint32_t kPauses = 64;
  const int64_t start = steady_now_ns();
  const int64_t spin_end = start + spin_ns;
  const int64_t pause_end = start + std::min(pause_ns, spin_ns);
  for (uint32_t round = 1;; ++round) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t bytes, available());
    if (bytes > 0) return bytes;
    if (round < kPauses) {
      cpu_relax();
      continue;
    }
    const int64_t now = steady_now_ns();
    if (now >= spin_end) return uint64_t{0};
    if (now < pause_end) {
      for (uint32_t i = 0; i < kPauses / 2; ++i) cpu_relax();
    } else {
      sched_yield();
      ++yields_;
    }
  }
}

// A running average of the waits for an answer; a long wait counts as a
// few ceilings at most, so that a few short waits bring the spinning back.
void RingEndpoint::note_frame_wait(int64_t waited_ns) {
  const int64_t counted =
      std::min(waited_ns, 4 * std::max<int64_t>(policy_.spin_ceiling.count(), 1));
  typical_frame_wait_ns_ += (counted - typical_frame_wait_ns_) / 4;
}

void RingEndpoint::publish() {
  if (published_ == written_) return;
  outgoing_.written.store(written_, std::memory_order_seq_cst);
  published_ = written_;
  rang_on_publish_ = ring_doorbell_if(outgoing_.reader_sleeping);
}

Status RingEndpoint::write(const uint8_t* data, size_t size) {
  while (size > 0) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t space, writable());
    if (space == 0) {
      publish();  // the reader may be waiting for what fills the ring
      TESSERA_ASSIGN_OR_RETURN(space,
                               wait_for([this] { return writable(); }, outgoing_.writer_sleeping,
                                        policy_.spin_floor.count(), 0));
    }
    const size_t at = written_ % SharedRing::kCapacity;
    const size_t count = std::min<uint64_t>({size, space, SharedRing::kCapacity - at});
    std::memcpy(outgoing_.bytes + at, data, count);
    written_ += count;
    data += count;
    size -= count;
  }
  return ok_status();
}

Status RingEndpoint::read(uint8_t* data, size_t size, bool frame_start,
                          std::optional<std::chrono::nanoseconds> answer_spin_given) {
  while (size > 0) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t ready, readable());
    if (ready == 0) {
      const int64_t started = steady_now_ns();
      int64_t spin_ns = policy_.spin_floor.count();
      if (frame_start) {
        spin_ns =
            answer_spin_given
                .value_or(answer_spin(policy_, std::chrono::nanoseconds(typical_frame_wait_ns_),
                                      rang_on_publish_))
                .count();
      }
      TESSERA_ASSIGN_OR_RETURN(
          ready, wait_for([this] { return readable(); }, incoming_.reader_sleeping, spin_ns,
                          frame_start && !rang_on_publish_ ? policy_.pause_only.count() : 0));
      if (frame_start) note_frame_wait(steady_now_ns() - started);
    } else if (frame_start) {
      note_frame_wait(0);
    }
    frame_start = false;
    const size_t at = consumed_ % SharedRing::kCapacity;
    const size_t count = std::min<uint64_t>({size, ready, SharedRing::kCapacity - at});
    std::memcpy(data, incoming_.bytes + at, count);
    consumed_ += count;
    data += count;
    size -= count;
    incoming_.consumed.store(consumed_, std::memory_order_seq_cst);
    ring_doorbell_if(incoming_.writer_sleeping);
  }
  return ok_status();
}

Status RingEndpoint::send_frame(std::span<const uint8_t> message) {
  const uint32_t size = static_cast<uint32_t>(message.size());
  TESSERA_RETURN_IF_ERROR(write(reinterpret_cast<const uint8_t*>(&size), sizeof size));
  TESSERA_RETURN_IF_ERROR(write(message.data(), message.size()));
  publish();
  return ok_status();
}

void RingEndpoint::alert() {
  // Looked at first: the flag shares its cache line with the counter a
  // spinning peer polls, and an exchange would take the line from it.
  if (outgoing_.reader_sleeping.load(std::memory_order_relaxed) == 0) return;
  ring_doorbell_if(outgoing_.reader_sleeping);
}

Result<std::vector<uint8_t>> RingEndpoint::receive_frame(
    size_t max_bytes, std::optional<std::chrono::nanoseconds> answer_spin) {
  uint32_t size = 0;
  TESSERA_RETURN_IF_ERROR(read(reinterpret_cast<uint8_t*>(&size), sizeof size, true, answer_spin));
  if (size > max_bytes) {
    return make_error(ErrorCode::kDataLoss, "a ", size, "-byte message is larger than the ",
                      max_bytes, " bytes allowed");
  }
  std::vector<uint8_t> message(size);
  TESSERA_RETURN_IF_ERROR(read(message.data(), size, false));
  return message;
}

}  // namespace tessera::sim
