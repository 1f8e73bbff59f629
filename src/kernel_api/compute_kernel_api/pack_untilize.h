// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/pack_untilize.h"
