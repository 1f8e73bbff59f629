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
