// 2024 layout: forwards to the current header.
#pragma once
#include "api/dataflow/dataflow_api.h"
