// tessera-device: a simulated device in a process of its own. Started by
// the host (DeviceProcess) with the control socket and the chip's memories
// as inherited descriptors; not meant to be run by hand.
#include <cstdio>

#include "device_server.h"

int main() {
  return tessera::sim::serve_device();
}
