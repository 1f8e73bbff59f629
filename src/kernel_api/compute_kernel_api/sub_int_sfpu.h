// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/sub_int_sfpu.h"
