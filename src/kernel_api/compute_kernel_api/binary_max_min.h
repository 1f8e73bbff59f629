// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/binary_max_min.h"
