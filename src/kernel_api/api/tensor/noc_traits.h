// tt-metal's api/tensor/ layout: TensorAccessor, TensorAccessorArgs and the
// NoC traits that make a TensorAccessor an endpoint of the object NoC API.
#pragma once

#include "api/dataflow/tensor_accessor.h"
#include "experimental/noc.h"
