// Reaping the device process: wait a grace period for it to exit, then kill it.
#pragma once

#include <sys/types.h>

#include <chrono>

namespace tessera::sim {

// Waits up to `grace` for child `pid` to exit, then kills it (SIGKILL),
// and reaps it. Returns its wait status (0 if it was already reaped).
// Returns as soon as the child exits, not on a polling tick: the device
// process exits within a fraction of a millisecond of its hang-up, and
// every run of the CLI pays this wait once.
int reap_child(pid_t pid, std::chrono::milliseconds grace);

}  // namespace tessera::sim
