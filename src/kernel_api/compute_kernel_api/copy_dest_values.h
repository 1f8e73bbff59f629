// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/copy_dest_values.h"
