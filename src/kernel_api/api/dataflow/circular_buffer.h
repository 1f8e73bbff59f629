// The CircularBuffer object, for data-movement and compute kernels.
#pragma once

#include "experimental/circular_buffer.h"
