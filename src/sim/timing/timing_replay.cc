#include "tessera/sim/timing/timing_replay.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <span>
#include <unordered_map>
#include <utility>

#include "busy_calendar.h"

namespace tessera::sim::timing {

namespace {

int64_t ceil_div(uint64_t a, uint64_t b) {
  return static_cast<int64_t>((a + b - 1) / b);
}

// One link leaves each router in each of the NoC's two directions; each
// tile's NIU has a port into its router and one out of it.
struct Link {
  uint8_t noc;
  uint8_t dimension;  // 0: along x, 1: along y; kInjectPort, kEjectPort: the NIU's
  uint16_t router;    // y * grid_x + x
};
constexpr uint8_t kInjectPort = 2;             // the NIU into its router
constexpr uint8_t kEjectPort = 3;              // the router into its NIU
constexpr std::size_t kLinksPerNocRouter = 4;  // x, y and the two NIU ports

// The routers a transfer leaves, in order: NoC 0 moves +x then +y,
// NoC 1 moves -y then -x, both wrapping around the torus.
std::vector<Link> route(const TimingParams& params, uint8_t noc, CoreCoord from, CoreCoord to) {
  const uint32_t w = params.noc_grid_x, h = params.noc_grid_y;
  std::vector<Link> links;
  links.reserve(w + h);
  uint32_t x = from.x % w, y = from.y % h;
  const uint32_t tx = to.x % w, ty = to.y % h;
  auto step_x = [&](int direction) {
    while (x != tx) {
      links.push_back({noc, 0, static_cast<uint16_t>(y * w + x)});
      x = (x + w + direction) % w;
    }
  };
  auto step_y = [&](int direction) {
    while (y != ty) {
      links.push_back({noc, 1, static_cast<uint16_t>(y * w + x)});
      y = (y + h + direction) % h;
    }
  };
  if (noc == 0) {
    step_x(+1);
    step_y(+1);
  } else {
    step_y(-1);
    step_x(-1);
  }
  return links;
}

// A CB is named by its worker and its index, which an event holds in a byte.
constexpr uint32_t kCbsPerWorker = 256;

// What a thread's replays keep from one program to the next, so that a
// short program does not build it again: the routes asked for (a pure
// function of the grid, the NoC and the two ends), the calendars' storage
// and the CB slot table. Only a new program clears it (see prepare): a
// route reference stays valid for the whole replay.
class ReplayScratch {
 public:
  // Readies it for one program's replay on `params`' grid with `channels`
  // DRAM channels.
  void prepare(const TimingParams& params, uint32_t channels) {
    if (grid_x_ != params.noc_grid_x || grid_y_ != params.noc_grid_y ||
        routes_.size() > kMaxRoutes) {
      routes_.clear();
      grid_x_ = params.noc_grid_x;
      grid_y_ = params.noc_grid_y;
      const std::size_t ends = std::size_t{grid_x_} * grid_y_;
      route_slots_.assign(2 * ends * ends, 0);
    }
    const std::size_t links = 2 * kLinksPerNocRouter * grid_x_ * grid_y_;
    links_.start_program(links);
    held_.start_program(links);
    channels_.start_program(channels);
  }

  const std::vector<Link>& route_of(const TimingParams& params, uint8_t noc, CoreCoord from,
                                    CoreCoord to) {
    const std::size_t w = grid_x_, h = grid_y_;
    const std::size_t slot =
        (((std::size_t{noc & 1u} * h + from.y % h) * w + from.x % w) * h + to.y % h) * w + to.x % w;
    if (route_slots_[slot] == 0) {
      routes_.push_back(route(params, noc, from, to));
      route_slots_[slot] = static_cast<uint32_t>(routes_.size());
    }
    return routes_[route_slots_[slot] - 1];
  }

  // For each worker and CB index, 1 + its CbState's index in the replay
  // (0: none yet), all 0 for `workers` workers. A replay puts back the
  // slots it used when it ends, so a short program clears few.
  std::vector<uint32_t>& cb_slots(uint32_t workers) {
    const std::size_t size = std::size_t{workers} * kCbsPerWorker;
    if (cb_slots_.size() < size) cb_slots_.resize(size, 0);
    return cb_slots_;
  }

  CalendarSet& links() { return links_; }
  CalendarSet& held() { return held_; }
  CalendarSet& channels() { return channels_; }

 private:
  // Past this many routes (some 8 MiB), a new program starts the cache
  // again. Every route of both NoCs on Wormhole's 10 x 12 grid is 28,800.
  static constexpr std::size_t kMaxRoutes = 65536;

  // Each route built so far (a deque: references stay valid as it grows),
  // and for each (NoC, from, to), 1 + its index there (0: not built yet).
  std::deque<std::vector<Link>> routes_;
  std::vector<uint32_t> route_slots_;
  uint32_t grid_x_ = 0, grid_y_ = 0;
  CalendarSet links_, held_, channels_;
  std::vector<uint32_t> cb_slots_;
};

struct CbState {
  uint32_t capacity = 0;
  uint64_t pushed = 0;
  uint64_t popped = 0;
  int64_t push_time = 0;  // the last push
  int64_t pop_time = 0;   // the last pop
  // (pages pushed / popped so far, when) of the pushes and pops a later
  // wait may still need: a wait for n pages waits for the push that made
  // them available, not for whatever push came last.
  struct Log {
    std::vector<std::pair<uint64_t, int64_t>> entries;
    std::size_t head = 0;  // entries before it are no longer needed

    void add(uint64_t total, int64_t time) { entries.emplace_back(total, time); }
    // Drops the entries whose totals are at most `count`.
    void drop_through(uint64_t count) {
      while (head < entries.size() && entries[head].first <= count) ++head;
      if (head > 64 && head * 2 > entries.size()) {
        entries.erase(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(head));
        head = 0;
      }
    }
    // When the total first reached `count`.
    int64_t reached(uint64_t count, int64_t fallback) const {
      for (std::size_t i = head; i < entries.size(); ++i) {
        if (entries[i].first >= count) return entries[i].second;
      }
      return fallback;
    }
  };
  Log pushes, pops;
  std::vector<std::size_t> waiters;  // kernels blocked on it
};

struct WordState {
  uint32_t value = 0;
  int64_t time = 0;                  // when it last changed
  std::vector<std::size_t> waiters;  // kernels blocked on it
};

struct KernelState {
  // From the input, where the replay's every step would look them up.
  std::span<const TimingEvent> events;
  uint32_t worker = 0;
  bool staged = false;  // a compute kernel: its TRISC stages overlap

  int64_t clock = 0;
  // A compute kernel's TRISC stages: when the unpacker, the matrix/vector
  // engine and the packer are next free.
  int64_t unpack = 0;
  int64_t math = 0;
  int64_t pack = 0;
  int64_t transfers_done = 0;  // when the kernel's issued transfers complete
  int64_t wait_cycles = 0;
  // Per NoC: when the last multicast's data left the core, and whether it
  // was linked (its path is still reserved).
  int64_t multicast_left[2] = {0, 0};
  bool path_held[2] = {false, false};
  std::size_t next = 0;
  // What a blocked kernel waits on: a CB (its index) or a word.
  bool blocked = false;
  uint32_t blocked_cb = 0;
  WordState* blocked_word = nullptr;
  bool finished = false;
  // Profiler zones: those open (name index, start cycle) and those closed.
  std::vector<std::pair<uint64_t, int64_t>> open_zones;
  std::vector<ZoneTiming> zones;
  uint32_t zones_dropped = 0;
};

uint64_t word_key(uint32_t worker, uint32_t offset) {
  return uint64_t{worker} << 32 | offset;
}

class Replay {
 public:
  // `scratch`: prepared for this program.
  Replay(const TimingParams& params, const ChipDescriptor& chip, const ReplayInput& input,
         ReplayScratch& scratch)
      : params_(params),
        chip_(chip),
        own_noc_map_(input.noc_map ? std::nullopt : std::optional<NocCoreMap>(chip)),
        noc_map_(input.noc_map ? *input.noc_map : *own_noc_map_),
        input_(input),
        kernels_(input.kernels.size()),
        scratch_(scratch),
        links_(scratch.links()),
        held_(scratch.held()),
        channels_(scratch.channels()),
        cb_slots_(scratch.cb_slots(workers_of(input))) {
    for (const ReplayCircularBuffer& cb : input.circular_buffers) {
      // Events name CBs by a byte: a larger index is never waited on.
      if (cb.cb < kCbsPerWorker) cbs_[cb_index(cb.worker, cb.cb)].capacity = cb.pages;
    }
    for (const ReplayWord& word : input.words)
      words_[word_key(word.worker, word.offset)].value = word.value;
  }

  Replay(const Replay&) = delete;
  Replay& operator=(const Replay&) = delete;
  ~Replay() {
    for (std::size_t slot : used_cb_slots_) cb_slots_[slot] = 0;
  }

  ProgramTiming run() {
    for (std::size_t k = 0; k < kernels_.size(); ++k) {
      KernelState& kernel = kernels_[k];
      const ReplayKernel& info = input_.kernels[k];
      kernel.events = info.trace->events();
      kernel.worker = info.worker;
      kernel.staged = info.processor == KernelProcessor::kCompute;
      kernel.clock = kernel.unpack = kernel.math = kernel.pack = params_.kernel_launch_cycles;
      ready_.push({kernel.clock, k});
    }
    while (true) {
      while (!ready_.empty()) {
        auto [clock, k] = ready_.top();
        ready_.pop();
        horizon_ = std::max(horizon_, clock);
        // The kernel goes on while it stays the earliest, without a trip
        // through the queue.
        while (step(k)) {
          const Entry next{kernels_[k].clock, k};
          if (!ready_.empty() && ready_.top() < next) {
            ready_.push(next);
            break;
          }
          horizon_ = std::max(horizon_, next.first);
        }
      }
      if (!release_one_blocked()) break;
    }
    return result();
  }

 private:
  using Entry = std::pair<int64_t, std::size_t>;

  static uint32_t workers_of(const ReplayInput& input) {
    uint32_t workers = 0;
    for (const ReplayKernel& kernel : input.kernels) workers = std::max(workers, kernel.worker + 1);
    for (const ReplayCircularBuffer& cb : input.circular_buffers) {
      workers = std::max(workers, cb.worker + 1);
    }
    return workers;
  }

  // The index in cbs_ of `worker`'s CB `cb`, made on first use.
  uint32_t cb_index(uint32_t worker, uint32_t cb) {
    const std::size_t slot = std::size_t{worker} * kCbsPerWorker + cb;
    if (cb_slots_[slot] == 0) {
      cbs_.emplace_back();
      cb_slots_[slot] = static_cast<uint32_t>(cbs_.size());
      used_cb_slots_.push_back(slot);
    }
    return cb_slots_[slot] - 1;
  }

  const std::vector<Link>& route(uint8_t noc, CoreCoord from, CoreCoord to) {
    return scratch_.route_of(params_, noc, from, to);
  }

  // What sits at a NoC coordinate, as the functional simulator decodes it.
  std::optional<uint32_t> dram_channel_at(CoreCoord noc) const {
    const NocCoreMap::Entry entry = noc_map_.at(noc.x, noc.y);
    if (entry.kind != NocCoreMap::Kind::kDram) return std::nullopt;
    return entry.index;
  }
  std::optional<uint32_t> worker_at(CoreCoord noc) const {
    const NocCoreMap::Entry entry = noc_map_.at(noc.x, noc.y);
    if (entry.kind != NocCoreMap::Kind::kWorker) return std::nullopt;
    return entry.index;
  }

  CoreCoord worker_noc(uint32_t worker) const {
    return worker < chip_.worker_cores.size() ? chip_.worker_cores[worker] : CoreCoord{};
  }

  const TimingEvent& event_of(std::size_t k) const { return kernels_[k].events[kernels_[k].next]; }

  // Runs kernel k's next event; false if it blocked or finished.
  bool step(std::size_t k) {
    KernelState& kernel = kernels_[k];
    const std::span<const TimingEvent> events = kernel.events;
    if (kernel.next >= events.size()) {
      finish(k);
      return false;
    }
    if (!run_event(k, events[kernel.next], kernel.staged)) {
      kernel.blocked = true;
      return false;
    }
    ++kernel.next;
    // The kernels' traces interleave in the replay, too many streams for
    // the hardware prefetcher: fetch this kernel's next event now.
    if (kernel.next + 1 < events.size()) __builtin_prefetch(&events[kernel.next + 1]);
    return true;
  }

  void finish(std::size_t k) {
    KernelState& kernel = kernels_[k];
    if (kernel.staged) kernel.clock = std::max({kernel.unpack, kernel.math, kernel.pack});
    // Returning ends a kernel like a barrier.
    if (kernel.transfers_done > kernel.clock) {
      kernel.wait_cycles += kernel.transfers_done - kernel.clock;
      kernel.clock = kernel.transfers_done;
    }
    // A zone left open ends with the kernel (a kernel that fails leaves no
    // timing at all).
    while (!kernel.open_zones.empty()) close_zone(k, kernel.clock);
    kernel.finished = true;
  }

  void wait_until(KernelState& kernel, int64_t time) {
    if (time > kernel.clock) {
      kernel.wait_cycles += time - kernel.clock;
      kernel.clock = time;
    }
  }

  enum class Stage { kUnpack, kPack, kAll };

  // Which TRISC stage of a compute kernel runs `kind`: the unpacker waits
  // for and frees input pages, the packer reserves and pushes output pages.
  static Stage stage_of(TimingEventKind kind) {
    switch (kind) {
      case TimingEventKind::kCbWait:
      case TimingEventKind::kCbPop:
        return Stage::kUnpack;
      case TimingEventKind::kCbReserve:
      case TimingEventKind::kCbPush:
        return Stage::kPack;
      default:
        return Stage::kAll;
    }
  }

  // Puts a compute kernel's clock at the stage that runs `event`.
  void load_stage(KernelState& kernel, const TimingEvent& event) {
    switch (stage_of(event.kind)) {
      case Stage::kUnpack:
        kernel.clock = kernel.unpack;
        break;
      case Stage::kPack:
        // Pushed pages hold the math results: the packer follows the math.
        if (event.kind == TimingEventKind::kCbPush) {
          kernel.pack = std::max(kernel.pack, kernel.math);
        }
        kernel.clock = kernel.pack;
        break;
      case Stage::kAll:
        kernel.clock = std::max({kernel.unpack, kernel.math, kernel.pack});
        break;
    }
  }

  void store_stage(KernelState& kernel, const TimingEvent& event) {
    switch (stage_of(event.kind)) {
      case Stage::kUnpack:
        kernel.unpack = kernel.clock;
        break;
      case Stage::kPack:
        kernel.pack = kernel.clock;
        break;
      case Stage::kAll:
        kernel.unpack = kernel.math = kernel.pack = kernel.clock;
        break;
    }
  }

  // `calls` compute calls through the three-stage pipeline: a call's math
  // starts when its operands are unpacked and the engine is free, its pack
  // when its math is done and the packer is free. The calls of one event
  // are alike, so each stage's first call and its end bound the others.
  static void pipeline(KernelState& kernel, const TimingEvent& event) {
    const int64_t n = std::max<uint32_t>(event.calls, 1);
    const int64_t su = event.unpack, sm = static_cast<int64_t>(event.value), sp = event.pack;
    int64_t first = kernel.math, end = kernel.math;  // the math's predecessor
    if (su > 0) {
      first = kernel.unpack + su / n;
      end = kernel.unpack + su;
      kernel.unpack = end;
    }
    if (sm > 0) {
      const int64_t cm = sm / n;
      const int64_t math_first = std::max(kernel.math, first) + cm;
      const int64_t math_end = std::max({kernel.math + sm, first + sm, end + cm});
      // Double-buffered source registers: the unpacker runs at most one
      // call ahead of the math.
      if (su > 0) kernel.unpack = std::max(kernel.unpack, math_end - cm);
      first = math_first;
      end = kernel.math = math_end;
    } else {
      first = end = kernel.math;
    }
    if (sp > 0) {
      kernel.pack = std::max({kernel.pack + sp, first + sp, end + sp / n});
    }
  }

  // A compute kernel's event, on the stage that runs it.
  bool run_staged_event(std::size_t k, const TimingEvent& event) {
    KernelState& kernel = kernels_[k];
    if (event.kind == TimingEventKind::kComputeStages) {
      pipeline(kernel, event);
      kernel.clock = kernel.unpack;
      return true;
    }
    load_stage(kernel, event);
    if (!run_event(k, event, /*staged=*/false)) return false;
    store_stage(kernel, event);
    return true;
  }

  // When a kernel's RISC is at its current event: a compute kernel's is
  // its math stage's (TRISC1), which the zones of a compute kernel follow.
  static int64_t zone_clock(const KernelState& kernel) {
    return kernel.staged ? kernel.math : kernel.clock;
  }

  // A zone marks time; it never moves any clock.
  void mark_zone(std::size_t k, const TimingEvent& event) {
    KernelState& kernel = kernels_[k];
    if (event.kind == TimingEventKind::kZoneBegin) {
      kernel.open_zones.emplace_back(event.value, zone_clock(kernel));
    } else if (!kernel.open_zones.empty()) {
      close_zone(k, zone_clock(kernel));
    }
  }

  void close_zone(std::size_t k, int64_t end) {
    KernelState& kernel = kernels_[k];
    const auto [name, start] = kernel.open_zones.back();
    kernel.open_zones.pop_back();
    if (kernel.zones.size() >= KernelTiming::kMaxZonesPerKernel) {
      ++kernel.zones_dropped;
      return;
    }
    const std::vector<std::string>& names = input_.kernels[k].trace->zone_names();
    kernel.zones.push_back({name < names.size() ? names[name] : std::string("(unnamed zone)"),
                            start, std::max(start, end),
                            static_cast<uint32_t>(kernel.open_zones.size())});
  }

  // False: the kernel blocks on this event (it is retried when woken).
  bool run_event(std::size_t k, const TimingEvent& event, bool staged_kernel) {
    if (event.kind == TimingEventKind::kZoneBegin || event.kind == TimingEventKind::kZoneEnd) {
      mark_zone(k, event);
      return true;
    }
    if (staged_kernel) return run_staged_event(k, event);
    KernelState& kernel = kernels_[k];
    const uint32_t worker = kernel.worker;
    switch (event.kind) {
      case TimingEventKind::kCompute:
        kernel.clock += static_cast<int64_t>(event.value);
        return true;
      case TimingEventKind::kComputeStages:
        // Outside a compute kernel the stages do not overlap.
        kernel.clock +=
            std::max<int64_t>({event.unpack, static_cast<int64_t>(event.value), event.pack});
        return true;
      case TimingEventKind::kNocRead:
        issue(kernel, event, {noc_x(event.source), noc_y(event.source)}, worker_noc(worker));
        return true;
      case TimingEventKind::kNocWrite:
        issue(kernel, event, worker_noc(worker), {noc_x(event.target), noc_y(event.target)});
        return true;
      case TimingEventKind::kNocMulticast:
        multicast(kernel, event, worker_noc(worker));
        return true;
      case TimingEventKind::kBarrier:
        wait_until(kernel, kernel.transfers_done);
        return true;
      case TimingEventKind::kCbReserve:
      case TimingEventKind::kCbWait:
        return cb_wait(k, event, worker);
      case TimingEventKind::kCbPush:
      case TimingEventKind::kCbPop:
        cb_signal(kernel, event, worker);
        return true;
      case TimingEventKind::kWordSet:
      case TimingEventKind::kWordIncrement:
        word_write(kernel, event, worker, event.word_core);
        return true;
      case TimingEventKind::kWordSetMulticast:
        word_multicast(kernel, event, worker);
        return true;
      case TimingEventKind::kWordWait:
        return word_wait(k, event, worker);
      case TimingEventKind::kZoneBegin:
      case TimingEventKind::kZoneEnd:
        return true;  // marked above
    }
    return true;
  }

  // Streams the bytes through the route's links in order: each link
  // carries them for the serialisation time from when the bytes reach it
  // and it is free (a packet-switched NoC holds no link idle waiting for
  // the next one), not before `ready`; returns when the data has landed.
  int64_t move(uint8_t noc, CoreCoord from, CoreCoord to, uint64_t bytes, int64_t ready) {
    return stream(noc, from, to, route(noc, from, to), bytes, ready);
  }

  // As move, along `path` (from `from` to `to`); starts_ gets when the head
  // crossed each link of the path.
  int64_t stream(uint8_t noc, CoreCoord from, CoreCoord to, const std::vector<Link>& path,
                 uint64_t bytes, int64_t ready) {
    const int64_t serial = ceil_div(std::max<uint64_t>(bytes, 1), params_.noc_link_bytes_per_cycle);
    starts_.resize(path.size());
    int64_t start = through_port(kInjectPort, noc, from, ready, serial);
    for (std::size_t j = 0; j < path.size(); ++j) {
      start = starts_[j] = links_[link_index(path[j])].book(start, serial, horizon_);
    }
    start = through_port(kEjectPort, noc, to, start, serial);
    noc_bytes_ += bytes;
    return start + serial + static_cast<int64_t>(path.size()) * params_.noc_hop_cycles;
  }

  // A tile's NIU moves flits into and out of its router at the link's rate,
  // like any hop (tt-isa-documentation, WormholeB0 DRAMTile README): so a
  // core takes in at most a link's bytes per cycle from all its sources on
  // one NoC, and puts out as much. Returns when the bytes start through.
  int64_t through_port(uint8_t port, uint8_t noc, CoreCoord at, int64_t ready, int64_t serial) {
    const uint32_t w = params_.noc_grid_x, h = params_.noc_grid_y;
    const Link link{noc, port, static_cast<uint16_t>((at.y % h) * w + at.x % w)};
    return links_[link_index(link)].book(ready, serial, horizon_);
  }

  // When the tail of a packet passes link j of its path, given when its
  // head crossed each link: a router holds at most noc_vc_buffer_bytes of
  // it, so the tail leaves link j only once the bytes the buffers beyond j
  // cannot hold have crossed each later link k (the head may have waited
  // for it): wormhole flow control.
  int64_t tail_passes(const std::vector<int64_t>& starts, std::size_t j, uint64_t bytes) const {
    const uint64_t link_rate = params_.noc_link_bytes_per_cycle;
    const uint64_t buffer = params_.noc_vc_buffer_bytes;
    int64_t tail = starts[j] + ceil_div(bytes, link_rate);
    for (std::size_t k = j + 1; k < starts.size() && (k - j) * buffer < bytes; ++k) {
      tail = std::max(tail, starts[k] + ceil_div(bytes - (k - j) * buffer, link_rate));
    }
    return tail;
  }

  // A DRAM read's data, `first` when the bank starts sending it, `served`
  // when the bank has read it all. The bank produces it at its own rate,
  // and it moves on through the routers a buffer (noc_vc_buffer_bytes) at
  // a time: each piece crosses each link at the link's rate once it is
  // produced and the link is free, so responses from different banks share
  // a link's bandwidth as their flits would, and a link free for less than
  // a whole packet still carries a piece. A bank sends its responses in
  // order: while a piece cannot leave (a link ahead is busy), the bank
  // sends, and so serves, nothing more (head-of-line blocking at the
  // source). Returns when the data has landed.
  int64_t read_response(uint8_t noc, CoreCoord bank, CoreCoord to, uint32_t channel, uint64_t bytes,
                        int64_t first, int64_t served) {
    const std::vector<Link>& path = route(noc, bank, to);
    const uint64_t piece = std::max<uint64_t>(params_.noc_vc_buffer_bytes, 1);
    int64_t landed = 0, produced = first;
    for (uint64_t offset = 0; offset < std::max<uint64_t>(bytes, 1); offset += piece) {
      const uint64_t size = std::min(piece, bytes - offset);
      landed = std::max(landed, stream(noc, bank, to, path, size, produced));
      if (!path.empty()) {
        // In the bank's time: its data leaves dram_latency_cycles after it is read.
        const int64_t sent = tail_passes(starts_, 0, size) - params_.dram_latency_cycles;
        if (sent > served) channels_[channel].occupy(served, sent);
      }
      produced += ceil_div(size, params_.dram_bytes_per_cycle_per_channel);
    }
    return std::max(landed, served + params_.dram_latency_cycles);
  }

  // A unicast write. tt-metal sends every unicast write on one static
  // virtual channel (NOC_UNICAST_WRITE_VC), and a router holds at most
  // noc_vc_buffer_bytes of a packet per channel, so a packet whose head
  // must wait stays spread over the routers behind it and keeps the channel
  // there: no other unicast write passes those links until its tail has
  // (wormhole flow control; reads and multicasts use other channels and
  // only share the links' bandwidth). The packet crosses each link once the
  // link is free and the channel is not held there. `bank`: a DRAM bank
  // that takes the packet at its own rate from when the head arrives.
  // Returns when the destination has it all.
  int64_t write_stream(uint8_t noc, CoreCoord from, CoreCoord to, uint64_t bytes, int64_t ready,
                       std::optional<uint32_t> bank) {
    const std::vector<Link>& path = route(noc, from, to);
    const int64_t serial = ceil_div(std::max<uint64_t>(bytes, 1), params_.noc_link_bytes_per_cycle);
    starts_.resize(path.size());
    int64_t start = through_port(kInjectPort, noc, from, ready, serial);
    for (std::size_t j = 0; j < path.size(); ++j) {
      const std::size_t index = link_index(path[j]);
      BusyCalendar& link = links_[index];
      BusyCalendar& held = held_[index];
      link.forget_before(horizon_);
      held.forget_before(horizon_);
      for (int64_t free = link.find(start, serial);;) {
        start = held.find(free, serial);
        if (start == free) break;
        free = link.find(start, serial);
      }
      link.occupy(start, start + serial);  // found free above
      starts_[j] = start;
    }
    start = through_port(kEjectPort, noc, to, start, serial);
    noc_bytes_ += bytes;
    const int64_t flight = static_cast<int64_t>(path.size()) * params_.noc_hop_cycles;
    int64_t done = start + serial + flight;
    int64_t bank_start = -1;  // in the links' time: the hops' latency taken off
    if (bank) {
      const int64_t served = serve_dram(*bank, bytes, start + flight);
      done = std::max(done, served);
      bank_start = served - ceil_div(bytes, params_.dram_bytes_per_cycle_per_channel) - flight;
    }
    hold_write_channel(path, starts_, bytes, bank_start);
    return done;
  }

  // Holds the unicast-write channel on each link of a write's path from
  // when its head crossed until its tail has: the tail passes link j once
  // the bytes the buffers beyond j cannot hold have gone on, past each
  // later link k (the head may have waited for it) and into the bank.
  void hold_write_channel(const std::vector<Link>& path, const std::vector<int64_t>& starts,
                          uint64_t bytes, int64_t bank_start) {
    const uint64_t bank_rate = params_.dram_bytes_per_cycle_per_channel;
    const uint64_t buffer = params_.noc_vc_buffer_bytes;
    const std::size_t n = path.size();
    for (std::size_t j = 0; j < n; ++j) {
      int64_t tail = tail_passes(starts, j, bytes);
      if (bank_start >= 0 && (n - j) * buffer < bytes) {
        tail = std::max(tail, bank_start + ceil_div(bytes - (n - j) * buffer, bank_rate));
      }
      held_[link_index(path[j])].occupy(starts[j], tail);
    }
  }

  std::size_t link_index(const Link& link) const {
    const std::size_t routers = std::size_t{params_.noc_grid_x} * params_.noc_grid_y;
    return (link.noc * kLinksPerNocRouter + link.dimension) * routers + link.router;
  }

  // A DRAM channel serving `bytes` from `arrival`: returns when it is done.
  int64_t serve_dram(uint32_t channel, uint64_t bytes, int64_t arrival) {
    const int64_t length = ceil_div(bytes, params_.dram_bytes_per_cycle_per_channel);
    dram_bytes_ += bytes;
    return channels_[channel].book(arrival, length, horizon_) + length;
  }

  // A read or write. Its issuer's clock moves on by the issue cost, or by
  // the time to work out a DRAM-interleaved page's address when that is
  // longer: the RISC computes the next address while the NoC takes this
  // command, so a loop over pages runs at the slower of the two.
  void issue(KernelState& kernel, const TimingEvent& event, CoreCoord from, CoreCoord to) {
    const bool write = event.kind == TimingEventKind::kNocWrite;
    const uint8_t noc = event.noc;
    const uint64_t bytes = event.bytes;
    uint32_t cycles = write ? params_.noc_write_issue_cycles : params_.noc_read_issue_cycles;
    if ((event.flag & kDramPageAddress) != 0) {
      cycles = std::max(
          cycles, write ? params_.dram_page_write_loop_cycles : params_.dram_page_read_loop_cycles);
    }
    kernel.clock += cycles;
    int64_t done = 0;
    if (auto channel = dram_channel_at(from)) {
      // A read: the request reaches the bank, the bank streams the data back.
      const int64_t request =
          kernel.clock + static_cast<int64_t>(route(noc, to, from).size()) * params_.noc_hop_cycles;
      const int64_t served = serve_dram(*channel, bytes, request);
      const int64_t first = served - ceil_div(bytes, params_.dram_bytes_per_cycle_per_channel) +
                            params_.dram_latency_cycles;
      done = read_response(noc, from, to, *channel, bytes, first, served);
    } else if (auto target = dram_channel_at(to)) {
      done = acknowledged(noc, to, from, write_stream(noc, from, to, bytes, kernel.clock, target));
    } else if (write) {
      done = acknowledged(noc, to, from, write_stream(noc, from, to, bytes, kernel.clock, {}));
    } else {
      done = move(noc, from, to, bytes, kernel.clock);
    }
    kernel.transfers_done = std::max(kernel.transfers_done, done);
  }

  // Hops from `from` to `to` moving `direction` (+1 or -1) on a ring of `size`.
  static uint32_t ring_hops(uint32_t from, uint32_t to, int direction, uint32_t size) {
    return direction > 0 ? (to + size - from) % size : (from + size - to) % size;
  }

  // A multicast's tree: the trunk runs along dimension `trunk_dim` (0: x)
  // from the sender to the rectangle's farthest trunk coordinate, the
  // branches from each trunk coordinate of the rectangle along the other.
  struct Tree {
    bool noc0;
    int direction;
    uint8_t trunk_dim;
    uint32_t trunk_size, branch_size, trunk_from, branch_from;
    uint32_t trunk_lo, trunk_hi, branch_lo, branch_hi;
    uint32_t trunk_hops, branch_hops;  // to the farthest router
  };

  Tree tree_of(const TimingEvent& event, CoreCoord from) const {
    Tree tree{};
    tree.noc0 = event.noc == 0;
    tree.direction = tree.noc0 ? +1 : -1;
    const uint32_t w = params_.noc_grid_x, h = params_.noc_grid_y;
    const uint32_t x0 = std::min(noc_x(event.source), noc_x(event.target));
    const uint32_t x1 = std::max(noc_x(event.source), noc_x(event.target));
    const uint32_t y0 = std::min(noc_y(event.source), noc_y(event.target));
    const uint32_t y1 = std::max(noc_y(event.source), noc_y(event.target));
    tree.trunk_dim = tree.noc0 ? 0 : 1;
    tree.trunk_size = tree.noc0 ? w : h;
    tree.branch_size = tree.noc0 ? h : w;
    tree.trunk_from = (tree.noc0 ? from.x : from.y) % tree.trunk_size;
    tree.branch_from = (tree.noc0 ? from.y : from.x) % tree.branch_size;
    tree.trunk_lo = tree.noc0 ? x0 : y0;
    tree.trunk_hi = tree.noc0 ? x1 : y1;
    tree.branch_lo = tree.noc0 ? y0 : x0;
    tree.branch_hi = tree.noc0 ? y1 : x1;
    auto reach = [&](uint32_t start, uint32_t lo, uint32_t hi, uint32_t size) {
      uint32_t hops = 0;
      for (uint32_t t = lo; t <= hi; ++t)
        hops = std::max(hops, ring_hops(start, t, tree.direction, size));
      return hops;
    };
    tree.trunk_hops = reach(tree.trunk_from, tree.trunk_lo, tree.trunk_hi, tree.trunk_size);
    tree.branch_hops = reach(tree.branch_from, tree.branch_lo, tree.branch_hi, tree.branch_size);
    return tree;
  }

  // When a multicast's bytes reach each destination. The NoC copies the
  // packet as it goes: NoC 0 carries it +x along the sender's row to the
  // rectangle's farthest column and, from each column of the rectangle it
  // passes, +y along that column to the farthest row; NoC 1 goes -y along
  // the sender's column, then -x along each row. Every link of that tree
  // carries the bytes once, streaming as a unicast does, and so do the
  // sender's port into its router and each taker's port out of it. Lists
  // the takers only: the workers of the rectangle, the sender among them
  // with `loopback`. `left`: when the bytes have left the sender.
  std::vector<std::pair<CoreCoord, int64_t>> multicast_landings(const TimingEvent& event,
                                                                const Tree& tree, uint64_t bytes,
                                                                int64_t ready, bool loopback,
                                                                int64_t* left) {
    const bool noc0 = tree.noc0;
    const uint32_t w = params_.noc_grid_x, h = params_.noc_grid_y;
    auto router = [&](uint32_t trunk, uint32_t branch) {
      const uint32_t x = noc0 ? trunk : branch, y = noc0 ? branch : trunk;
      return static_cast<uint16_t>((y % h) * w + x % w);
    };
    const int64_t serial = ceil_div(std::max<uint64_t>(bytes, 1), params_.noc_link_bytes_per_cycle);
    // passed[i]: when the bytes pass the router i hops along the trunk.
    const CoreCoord sender = noc0 ? CoreCoord{tree.trunk_from, tree.branch_from}
                                  : CoreCoord{tree.branch_from, tree.trunk_from};
    std::vector<int64_t> passed(tree.trunk_hops + 1,
                                through_port(kInjectPort, event.noc, sender, ready, serial));
    uint32_t position = tree.trunk_from;
    for (uint32_t i = 0; i < tree.trunk_hops; ++i) {
      passed[i + 1] =
          links_[link_index({event.noc, tree.trunk_dim, router(position, tree.branch_from)})].book(
              passed[i], serial, horizon_);
      position = (position + tree.trunk_size + tree.direction) % tree.trunk_size;
    }
    noc_bytes_ += bytes;
    std::vector<std::pair<CoreCoord, int64_t>> landings;
    std::vector<int64_t> branch(tree.branch_hops + 1);
    int64_t departed = (tree.trunk_hops > 0 ? passed[1] : passed[0]) + serial;
    for (uint32_t t = tree.trunk_lo; t <= tree.trunk_hi; ++t) {
      const uint32_t along = ring_hops(tree.trunk_from, t, tree.direction, tree.trunk_size);
      branch[0] = passed[along];
      uint32_t at = tree.branch_from;
      for (uint32_t j = 0; j < tree.branch_hops; ++j) {
        branch[j + 1] =
            links_[link_index({event.noc, uint8_t(1 - tree.trunk_dim), router(t, at)})].book(
                branch[j], serial, horizon_);
        at = (at + tree.branch_size + tree.direction) % tree.branch_size;
      }
      // The sender's own branch also takes the bytes out of it.
      if (along == 0 && tree.branch_hops > 0) departed = std::max(departed, branch[1] + serial);
      for (uint32_t b = tree.branch_lo; b <= tree.branch_hi; ++b) {
        const uint32_t down = ring_hops(tree.branch_from, b, tree.direction, tree.branch_size);
        const CoreCoord core = noc0 ? CoreCoord{t, b} : CoreCoord{b, t};
        if (!worker_at(core) || (core == sender && !loopback)) continue;
        const int64_t taken = through_port(kEjectPort, event.noc, core, branch[down], serial);
        landings.emplace_back(
            core, taken + serial + static_cast<int64_t>(along + down) * params_.noc_hop_cycles);
      }
    }
    if (left) *left = departed;
    return landings;
  }

  // When a multicast's data may leave the sender. A multicast reserves its
  // path first (tt-metal's default): every router of the tree must answer
  // before data leaves, and the NoC takes the next reservation only once
  // the previous multicast's data has left; we take the answer to come
  // back along the tree, so the round trip is two hops per hop to the
  // tree's farthest router (tt-isa-documentation, NoC README). A linked
  // multicast keeps its path for the next one, which reserves nothing.
  int64_t multicast_start(KernelState& kernel, const TimingEvent& event, const Tree& tree) {
    const uint8_t noc = event.noc & 1u;
    int64_t start = kernel.clock;
    if ((event.flag & kMulticastNoPathReserve) == 0 && !kernel.path_held[noc]) {
      start = std::max(start, kernel.multicast_left[noc]) +
              2 * static_cast<int64_t>(tree.trunk_hops + tree.branch_hops) * params_.noc_hop_cycles;
    }
    kernel.path_held[noc] = (event.flag & kMulticastLinked) != 0;
    return start;
  }

  // A write is done when its acknowledgement is back: one flit from the
  // destination to the issuer on the same NoC, from when the data landed.
  int64_t acknowledged(uint8_t noc, CoreCoord destination, CoreCoord issuer, int64_t landed) {
    const std::vector<Link>& path = route(noc, destination, issuer);
    int64_t start = through_port(kInjectPort, noc, destination, landed, 1);
    for (const Link& link : path) start = links_[link_index(link)].book(start, 1, horizon_);
    start = through_port(kEjectPort, noc, issuer, start, 1);
    return start + 1 + static_cast<int64_t>(path.size()) * params_.noc_hop_cycles;
  }

  // Each worker in the rectangle (the sender only with loopback) takes
  // the data and acknowledges it; the acknowledgements share the links
  // (tt-low-level-documentation, Multicast Schemes).
  void multicast(KernelState& kernel, const TimingEvent& event, CoreCoord from) {
    kernel.clock += params_.noc_write_issue_cycles;
    const Tree tree = tree_of(event, from);
    const int64_t start = multicast_start(kernel, event, tree);
    const bool loopback = (event.flag & kMulticastLoopback) != 0;
    for (const auto& [core, landed] : multicast_landings(event, tree, event.bytes, start, loopback,
                                                         &kernel.multicast_left[event.noc & 1u])) {
      kernel.transfers_done =
          std::max(kernel.transfers_done, acknowledged(event.noc, core, from, landed));
    }
  }

  bool cb_wait(std::size_t k, const TimingEvent& event, uint32_t worker) {
    KernelState& kernel = kernels_[k];
    const uint32_t index = cb_index(worker, event.cb);
    CbState& cb = cbs_[index];
    const uint64_t filled = cb.pushed - cb.popped;
    if (event.kind == TimingEventKind::kCbWait) {
      if (filled < event.value) return block_on_cb(k, index);
      wait_until(kernel, cb.pushes.reached(cb.popped + event.value, cb.push_time));
    } else {
      if (cb.capacity != 0 && cb.capacity - std::min<uint64_t>(filled, cb.capacity) < event.value) {
        return block_on_cb(k, index);
      }
      const uint64_t needed = cb.pushed + event.value;
      if (cb.capacity != 0 && needed > cb.capacity) {
        wait_until(kernel, cb.pops.reached(needed - cb.capacity, cb.pop_time));
      }
    }
    return true;
  }

  void cb_signal(KernelState& kernel, const TimingEvent& event, uint32_t worker) {
    CbState& cb = cbs_[cb_index(worker, event.cb)];
    if (event.kind == TimingEventKind::kCbPush) {
      cb.pushed += event.value;
      cb.push_time = kernel.clock;
      cb.pushes.add(cb.pushed, kernel.clock);
      cb.pushes.drop_through(cb.popped);  // waits need more than the pages popped
    } else {
      cb.popped += std::min<uint64_t>(event.value, cb.pushed - cb.popped);
      cb.pop_time = kernel.clock;
      cb.pops.add(cb.popped, kernel.clock);
      // Reserves need more than the pages pushed beyond the capacity.
      if (cb.pushed >= cb.capacity) cb.pops.drop_through(cb.pushed - cb.capacity);
      cb.pushes.drop_through(cb.popped);
    }
    wake(cb.waiters);
  }

  void change_word(uint32_t worker, uint32_t offset, bool increment, uint64_t value, int64_t time) {
    WordState& word = words_[word_key(worker, offset)];
    word.value =
        increment ? word.value + static_cast<uint32_t>(value) : static_cast<uint32_t>(value);
    word.time = std::max(word.time, time);
    wake(word.waiters);
  }

  void word_write(KernelState& kernel, const TimingEvent& event, uint32_t own, uint32_t target) {
    const bool increment = event.kind == TimingEventKind::kWordIncrement;
    int64_t arrival = kernel.clock;
    if (target != own || increment) {
      kernel.clock += params_.noc_write_issue_cycles;
      arrival = move(event.noc, worker_noc(own), worker_noc(target), 4, kernel.clock);
    }
    change_word(target, event.offset, increment, event.value, arrival);
  }

  void word_multicast(KernelState& kernel, const TimingEvent& event, uint32_t own) {
    kernel.clock += params_.noc_write_issue_cycles;
    const CoreCoord from = worker_noc(own);
    const Tree tree = tree_of(event, from);
    const int64_t start = multicast_start(kernel, event, tree);
    const bool loopback = (event.flag & kMulticastLoopback) != 0;
    for (const auto& [core, landed] : multicast_landings(event, tree, 4, start, loopback,
                                                         &kernel.multicast_left[event.noc & 1u])) {
      change_word(*worker_at(core), event.offset, false, event.value, landed);
    }
  }

  bool word_wait(std::size_t k, const TimingEvent& event, uint32_t worker) {
    WordState& word = words_[word_key(worker, event.offset)];
    const bool reached = event.flag ? word.value >= event.value : word.value == event.value;
    if (!reached) return block_on_word(k, word);
    wait_until(kernels_[k], word.time);
    return true;
  }

  bool block_on_cb(std::size_t k, uint32_t index) {
    cbs_[index].waiters.push_back(k);
    kernels_[k].blocked_cb = index;
    kernels_[k].blocked_word = nullptr;
    return false;
  }

  bool block_on_word(std::size_t k, WordState& word) {
    word.waiters.push_back(k);
    kernels_[k].blocked_word = &word;  // words_ never moves its elements
    return false;
  }

  void wake(std::vector<std::size_t>& waiters) {
    for (std::size_t k : waiters) {
      kernels_[k].blocked = false;
      ready_.push({kernels_[k].clock, k});
    }
    waiters.clear();
  }

  // When every unfinished kernel waits on something no kernel will signal
  // (a word set before the program, a CB the host filled), the earliest
  // waiter goes on at the last change of what it waits on.
  bool release_one_blocked() {
    std::size_t chosen = kernels_.size();
    for (std::size_t k = 0; k < kernels_.size(); ++k) {
      if (kernels_[k].blocked &&
          (chosen == kernels_.size() || kernels_[k].clock < kernels_[chosen].clock)) {
        chosen = k;
      }
    }
    if (chosen == kernels_.size()) return false;
    KernelState& kernel = kernels_[chosen];
    auto& waiters =
        kernel.blocked_word ? kernel.blocked_word->waiters : cbs_[kernel.blocked_cb].waiters;
    waiters.erase(std::remove(waiters.begin(), waiters.end(), chosen), waiters.end());
    if (kernel.blocked_word) {
      wait_until(kernel, kernel.blocked_word->time);
    } else {
      const CbState& cb = cbs_[kernel.blocked_cb];
      wait_until(kernel, std::max(cb.push_time, cb.pop_time));
    }
    if (kernel.staged) store_stage(kernel, event_of(chosen));
    kernel.blocked = false;
    ++kernel.next;
    ++unmatched_waits_;
    ready_.push({kernel.clock, chosen});
    return true;
  }

  // By start, outer zones before the zones they hold.
  static std::vector<ZoneTiming> sorted_zones(const KernelState& kernel) {
    std::vector<ZoneTiming> zones = kernel.zones;
    std::stable_sort(zones.begin(), zones.end(), [](const ZoneTiming& a, const ZoneTiming& b) {
      return a.start_cycle != b.start_cycle ? a.start_cycle < b.start_cycle : a.depth < b.depth;
    });
    return zones;
  }

  ProgramTiming result() const {
    ProgramTiming timing;
    timing.arch = std::string(arch_name(params_.arch));
    timing.ai_clock_mhz = params_.ai_clock_mhz;
    int64_t first = INT64_MAX, last = 0;
    std::map<uint32_t, int64_t> math_by_core;
    for (std::size_t k = 0; k < kernels_.size(); ++k) {
      const ReplayKernel& info = input_.kernels[k];
      const KernelState& kernel = kernels_[k];
      timing.kernels.push_back({info.name, info.core, info.processor,
                                static_cast<int64_t>(params_.kernel_launch_cycles), kernel.clock,
                                kernel.wait_cycles, sorted_zones(kernel), kernel.zones_dropped});
      first = std::min<int64_t>(first, params_.kernel_launch_cycles);
      last = std::max(last, kernel.clock);
      math_by_core[info.worker] += static_cast<int64_t>(info.trace->math_cycles);
    }
    timing.cores = static_cast<uint32_t>(math_by_core.size());
    for (const auto& [core, cycles] : math_by_core) {
      timing.busiest_core_math_cycles = std::max(timing.busiest_core_math_cycles, cycles);
    }
    timing.kernel_cycles = kernels_.empty() ? 0 : last - first;
    timing.device_cycles = kernels_.empty() ? 0 : last;
    timing.dram_bytes = dram_bytes_;
    timing.noc_bytes = noc_bytes_;
    timing.dram_bytes_per_cycle =
        double(params_.dram_bytes_per_cycle_per_channel) * chip_.num_dram_channels;
    timing.unmatched_waits = unmatched_waits_;
    return timing;
  }

  const TimingParams& params_;
  const ChipDescriptor& chip_;
  const std::optional<NocCoreMap> own_noc_map_;  // when the input brings none
  const NocCoreMap& noc_map_;
  const ReplayInput& input_;
  std::vector<KernelState> kernels_;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready_;
  ReplayScratch& scratch_;
  CalendarSet& links_;               // when each link is busy
  CalendarSet& held_;                // when a unicast write holds each link's write channel
  CalendarSet& channels_;            // when each DRAM channel is busy
  std::vector<int64_t> starts_;      // when the last packet's head crossed each link of its path
  int64_t horizon_ = 0;              // no booking starts before it
  std::vector<uint32_t>& cb_slots_;  // see ReplayScratch::cb_slots
  std::vector<std::size_t> used_cb_slots_;  // to put back
  std::vector<CbState> cbs_;
  std::unordered_map<uint64_t, WordState> words_;
  uint64_t dram_bytes_ = 0;
  uint64_t noc_bytes_ = 0;
  uint32_t unmatched_waits_ = 0;
};

}  // namespace

ProgramTiming replay_program(const TimingParams& params, const ChipDescriptor& chip,
                             const ReplayInput& input) {
  thread_local ReplayScratch scratch;
  scratch.prepare(params, chip.num_dram_channels);
  return Replay(params, chip, input, scratch).run();
}

int64_t lone_transfer_cycles(const TimingParams& params, uint64_t bytes, uint32_t hops) {
  return params.noc_write_issue_cycles +
         ceil_div(std::max<uint64_t>(bytes, 1), params.noc_link_bytes_per_cycle) +
         static_cast<int64_t>(hops) * params.noc_hop_cycles;
}

uint32_t route_hops(const TimingParams& params, uint8_t noc, CoreCoord source, CoreCoord target) {
  return static_cast<uint32_t>(route(params, noc, source, target).size());
}

double ProgramTiming::math_utilisation() const {
  return kernel_cycles > 0 ? std::min(1.0, double(busiest_core_math_cycles) / kernel_cycles) : 0;
}

double ProgramTiming::dram_utilisation() const {
  const double capacity = dram_bytes_per_cycle * double(kernel_cycles);
  return capacity > 0 ? std::min(1.0, double(dram_bytes) / capacity) : 0;
}

const char* ProgramTiming::bound() const {
  // Launching the kernels took at least as long as running them: neither
  // resource's utilisation says anything about this program.
  if (device_cycles - kernel_cycles >= kernel_cycles) return "launch-bound";
  // No math at all: the time went to moving data (over the NoC, if not
  // to or from DRAM).
  const double math = math_utilisation();
  return math > 0 && math >= dram_utilisation() ? "compute-bound" : "bandwidth-bound";
}

}  // namespace tessera::sim::timing
