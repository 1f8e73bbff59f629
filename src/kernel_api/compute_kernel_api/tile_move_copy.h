// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/tile_move_copy.h"
