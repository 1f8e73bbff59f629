// Fiber scheduler costs: a CB-style handoff between two fibers, and
// launching an empty program on one core and on a full 8x8 grid.
#include <benchmark/benchmark.h>

#include <atomic>
#include <string>

#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/fiber/scheduler.h"

namespace tessera::sim {
namespace {

// Producer pushes one page, consumer waits for it and acks: two handoffs per
// page, each a notify + park + predicate check + switch. cross_core puts
// the two on different host threads: the writer holds its thread until the
// reader has started, so an idle worker cannot take the reader's core.
void BM_CbHandoff(benchmark::State& state) {
  constexpr int kPages = 100000;
  const bool same_core = state.range(0) == 0;
  Scheduler scheduler({.threads = same_core ? 1u : 2u});
  for (auto _ : state) {
    std::atomic<int> pushed{0};
    std::atomic<int> popped{0};
    std::atomic<bool> reader_started{same_core};
    scheduler.add({"writer", {0, 0}, [&] {
                     while (!reader_started.load()) {
                     }
                     for (int i = 0; i < kPages; ++i) {
                       (void)wait_until([&] { return pushed.load() == popped.load(); },
                                        [] { return std::string("cb full"); });
                       pushed.fetch_add(1);
                       notify_progress();
                     }
                   }});
    scheduler.add({"reader", {same_core ? 0 : 1, 0}, [&] {
                     reader_started = true;
                     for (int i = 0; i < kPages; ++i) {
                       (void)wait_until([&] { return pushed.load() > popped.load(); },
                                        [] { return std::string("cb empty"); });
                       popped.fetch_add(1);
                       notify_progress();
                     }
                   }});
    if (!scheduler.run().ok()) state.SkipWithError("run failed");
  }
  state.SetItemsProcessed(state.iterations() * kPages * 2);
  state.counters["ns_per_handoff"] = benchmark::Counter(
      static_cast<double>(state.iterations() * kPages * 2),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_CbHandoff)
    ->Arg(0)
    ->Arg(1)
    ->ArgNames({"cross_core"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// An empty kernel on each of `cores` cores, `per_core` fibers per core.
void BM_EmptyProgramLaunch(benchmark::State& state) {
  const int cores = static_cast<int>(state.range(0));
  const int per_core = static_cast<int>(state.range(1));
  Scheduler scheduler;
  for (auto _ : state) {
    for (int core = 0; core < cores; ++core) {
      for (int k = 0; k < per_core; ++k) scheduler.add({"empty", {core % 8, core / 8}, [] {}});
    }
    if (!scheduler.run().ok()) state.SkipWithError("run failed");
  }
}
BENCHMARK(BM_EmptyProgramLaunch)
    ->Args({1, 1})
    ->Args({1, 3})
    ->Args({64, 3})
    ->ArgNames({"cores", "fibers_per_core"})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tessera::sim

BENCHMARK_MAIN();
