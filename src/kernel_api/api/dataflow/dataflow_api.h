// The data-movement kernel API (BRISC/NCRISC kernels).
#pragma once

#include "api/circular_buffer.h"
#include "api/compile_time_args.h"
#include "api/dataflow/address_generators.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/semaphore.h"
#include "api/dataflow/tensor_accessor.h"
#include "api/dataflow/worker_coordinates.h"
#include "api/kernel_args.h"
#include "hostdevcommon/common_values.hpp"

// tt-metal's zero region: NoC reads from it give zeros, the usual way to
// clear a CB page (get_noc_addr(MEM_ZEROS_BASE), MEM_ZEROS_SIZE bytes).
#ifndef MEM_ZEROS_BASE
#define MEM_ZEROS_BASE TESSERA_MEM_ZEROS_BASE
#define MEM_ZEROS_SIZE TESSERA_MEM_ZEROS_SIZE
#endif
