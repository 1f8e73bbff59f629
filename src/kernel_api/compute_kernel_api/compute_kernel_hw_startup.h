// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/compute_kernel_hw_startup.h"
