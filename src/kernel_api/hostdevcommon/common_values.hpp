// Values shared by tt-metal's host and device code.
#pragma once

#include <stdint.h>

constexpr static uint32_t INVALID = 0;
constexpr static uint32_t VALID = 1;
