// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/mul_int_sfpu.h"
