// tt-metal's host/device kernel structures: the circular buffer indices.
#pragma once

#include "api/circular_buffer_indices.h"
