// 2024 layout: forwards to the current header.
#pragma once
#include "api/debug/dprint_tile.h"
