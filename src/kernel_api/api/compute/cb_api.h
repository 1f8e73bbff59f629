// Compute kernels use the same circular buffer calls as data movement.
#pragma once
#include "api/circular_buffer.h"
#include "api/compute/common.h"
