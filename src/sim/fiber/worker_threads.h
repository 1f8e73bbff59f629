// Host threads for the workers of scheduler runs, kept between runs.
//
// Starting and joining a thread costs some 20 µs, on every multi-core
// launch. A pooled thread sleeps until handed a job. A run that finds no
// idle thread (another run holds them) starts a new one, so concurrent
// runs never wait for each other. Threads live until the process exits
// (except in AddressSanitizer builds: worker_threads.cc says why).
#pragma once

#include <functional>
#include <latch>

namespace tessera::sim {

// Runs `job` on an idle pooled host thread, or on a new one, and counts
// `done` down once the thread is idle again (so `done` may be destroyed as
// soon as it is reached).
void run_on_worker_thread(std::function<void()> job, std::latch& done);

// After a run's latch is reached: waits for the threads whose jobs are done
// to exit. Only AddressSanitizer builds have such threads; elsewhere it
// returns at once.
void join_finished_worker_threads();

}  // namespace tessera::sim
