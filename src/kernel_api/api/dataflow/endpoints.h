// tt-metal's api/dataflow/ layout: UnicastEndpoint and MulticastEndpoint.
#pragma once

#include "experimental/endpoints.h"
