// tt-metal's llk_defs.h: the enums its LLK layer shares with kernels
// (PoolType, ReduceDim, BroadcastType, EltwiseBinaryType, DstSync...).
#pragma once

#include "api/compute/common.h"
