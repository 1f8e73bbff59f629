// tt-metal's eltwise kernels include this and pick SFPU headers with
// SFPU_OP_*_INCLUDE defines. Every unary header is small here, so all of
// them are included whatever the defines say.
#pragma once

#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/sfpu_unary.h"
#include "api/compute/eltwise_unary/sqrt.h"
// The ops tt-metal declares in compute_kernel_api.h (sigmoid, topk,
// sfpu_reduce...) come with this define, as there.
#if defined(SFPU_OP_COMPUTE_KERNEL_API_INCLUDE) && SFPU_OP_COMPUTE_KERNEL_API_INCLUDE
#include "api/compute/compute_kernel_api.h"
#endif
