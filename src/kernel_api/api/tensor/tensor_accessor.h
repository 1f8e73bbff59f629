// tt-metal's api/tensor/ layout: TensorAccessor and TensorAccessorArgs.
#pragma once

#include "api/dataflow/tensor_accessor.h"
