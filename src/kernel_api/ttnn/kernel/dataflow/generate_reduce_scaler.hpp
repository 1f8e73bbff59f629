// The same helper at another of TTNN's include paths.
#pragma once

#include "ttnn/deprecated/tt_dnn/kernels/dataflow/generate_reduce_scaler.hpp"
