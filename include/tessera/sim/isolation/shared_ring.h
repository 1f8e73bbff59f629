// A byte stream from one process to another through shared memory: a
// single-producer, single-consumer ring of frames (a 4-byte length, then
// the message), as wire.h frames a socket stream. It carries the host's
// run requests and the device process's replies; the bytes never pass
// through the kernel.
//
// A side that finds nothing to read (or no room to write) spins briefly,
// then sleeps reading its end of a socket pair after raising a flag in the
// ring. The peer, when it publishes and
// sees the flag, writes one byte (the doorbell) to wake it. A side waiting
// for the answer to a frame it sent spins longer while such answers came
// quickly (RingWaitPolicy): the peer is then running on another core, and a
// hand-over through the ring costs well under a microsecond against several
// for a sleep and a wake-up. A side about to prepare a frame can alert()
// a sleeping peer, which then spins for it (RingWaitPolicy::alerted_spin):
// the wake-up overlaps the preparation. Sleeping on a
// socket rather than a futex is deliberate: a Unix socket wakes its reader
// as a synchronous hand-over, which on a loaded machine costs far less
// than a futex wake-up (docs/architecture.md, Isolation), and a peer that
// dies closes the socket, which wakes the sleeper at once.
//
// The device process runs untrusted kernels in the same address space as
// its end of the ring, so nothing read from the ring is trusted: each side
// keeps its own counters, the peer's are checked against them, and a ring
// that makes no sense is kDataLoss.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim {

// One direction, as laid out in shared memory. Counters only grow; the
// byte at stream position p is bytes[p % kCapacity].
struct SharedRing {
  static constexpr uint32_t kCapacity = 256 * 1024;

  alignas(64) std::atomic<uint64_t> written;   // by the writer: bytes published
  std::atomic<uint32_t> reader_sleeping;       // raised by a reader about to sleep
  alignas(64) std::atomic<uint64_t> consumed;  // by the reader: bytes taken
  std::atomic<uint32_t> writer_sleeping;       // raised by a writer about to sleep
  alignas(64) uint8_t bytes[kCapacity];
};

// Both directions between a host and its device process.
struct SharedChannel {
  SharedRing to_device;
  SharedRing to_host;
};

// How a side waits for its peer before it sleeps. It spins `spin_floor`
// first. Waiting for the answer to a frame it sent, it spins instead up to
// twice the running average of such waits, at most `spin_ceiling`, while
// that average is below the ceiling; and not at all if sending the frame
// woke the peer (which may have been placed on this core), unless
// `spin_after_waking_peer`. The first `pause_only` of a spin only pauses
// (unless sending the frame woke the peer); past it, spinning yields the
// core between looks.
struct RingWaitPolicy {
  std::chrono::nanoseconds spin_floor{0};
  std::chrono::nanoseconds spin_ceiling{0};
  // Spin (yielding the core) even when sending the frame woke the peer.
  bool spin_after_waking_peer = false;
  // Yielding is a system call, microseconds on a virtual machine: a frame
  // that lands meanwhile waits for it. A peer that was awake runs on
  // another core, so pausing alone takes nothing from it.
  std::chrono::nanoseconds pause_only{0};
  // Woken with nothing to read (the peer's alert(), or a stale doorbell),
  // how long to spin for the frame before sleeping again.
  std::chrono::nanoseconds alerted_spin{0};
};

// How long a side that sent a frame spins for its answer before sleeping,
// given the running average of such waits and whether sending it woke the
// peer.
std::chrono::nanoseconds answer_spin(const RingWaitPolicy& policy,
                                     std::chrono::nanoseconds typical_wait, bool woke_peer);

// The pause-only part of both sides' spins: long enough to cover a warm
// submit's round trip, short enough that a spinning side hands a core back
// soon if others want it (docs/architecture.md, Isolation).
inline constexpr std::chrono::microseconds kPauseOnlySpin{20};

// One side's end: it writes frames to `outgoing`, reads from `incoming`,
// and sleeps on (and rings the peer through) `doorbell_fd`, its end of a
// socket pair that carries nothing else.
class RingEndpoint {
 public:
  RingEndpoint(SharedRing& outgoing, SharedRing& incoming, int doorbell_fd, RingWaitPolicy policy)
      : outgoing_(outgoing), incoming_(incoming), doorbell_fd_(doorbell_fd), policy_(policy) {}

  // kNotFound if the peer hung up while the ring was full.
  Status send_frame(std::span<const uint8_t> message);
  // Wakes the peer if it sleeps waiting for a frame, so that its wake-up
  // overlaps whatever this side does before it sends one. The peer spins
  // for its policy's `alerted_spin`, then sleeps again.
  void alert();
  // One frame of at most `max_bytes`; kNotFound if the peer hung up first,
  // kDataLoss if the ring's counters or the frame's length make no sense.
  // `answer_spin`, if given, is how long to spin for the frame before
  // sleeping, instead of what the policy would choose.
  Result<std::vector<uint8_t>> receive_frame(
      size_t max_bytes, std::optional<std::chrono::nanoseconds> answer_spin = std::nullopt);
  // How often this side fell asleep waiting for its peer.
  uint64_t sleeps() const { return sleeps_; }
  // How often its spinning yielded the core.
  uint64_t yields() const { return yields_; }

 private:
  Status write(const uint8_t* data, size_t size);
  void publish();
  // `frame_start`: a frame's first bytes, whose wait is a wait for the
  // peer's answer, spinning `answer_spin` if given.
  Status read(uint8_t* data, size_t size, bool frame_start,
              std::optional<std::chrono::nanoseconds> answer_spin = std::nullopt);
  Result<uint64_t> readable();
  Result<uint64_t> writable();
  // Spins `spin_ns` (the first `pause_ns` of it without yielding), then
  // sleeps until `available` reports bytes.
  template <typename Available>
  Result<uint64_t> wait_for(Available available, std::atomic<uint32_t>& sleeping, int64_t spin_ns,
                            int64_t pause_ns);
  template <typename Available>
  Result<uint64_t> spin_for(Available available, int64_t spin_ns, int64_t pause_ns);
  void note_frame_wait(int64_t waited_ns);
  bool ring_doorbell_if(std::atomic<uint32_t>& sleeping);  // whether it rang
  bool sleep_until_doorbell();

  SharedRing& outgoing_;
  SharedRing& incoming_;
  int doorbell_fd_;
  RingWaitPolicy policy_;
  // This side's own counters: the shared ones it writes are never read
  // back, since the peer could have changed them.
  uint64_t written_ = 0;               // outgoing bytes copied in
  uint64_t published_ = 0;             // of which the reader was told
  uint64_t consumed_ = 0;              // incoming bytes taken
  int64_t typical_frame_wait_ns_ = 0;  // running average of waits for a frame
  bool rang_on_publish_ = false;       // the last publish woke the peer
  uint64_t sleeps_ = 0;
  uint64_t yields_ = 0;
};

}  // namespace tessera::sim
