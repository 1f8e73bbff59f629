// 2024 layout: forwards to the current header.
#pragma once
#include "api/compute/reconfig_data_format.h"
