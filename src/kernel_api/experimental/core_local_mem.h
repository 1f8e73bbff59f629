// Forwards to the current header.
#pragma once
#include "api/core_local_mem.h"
