// Circular buffer ids in both spellings: tt::CB (2024) and tt::CBIndex.
#pragma once

#include <stdint.h>

namespace tt {

enum CBIndex : uint8_t {
  c_0,
  c_1,
  c_2,
  c_3,
  c_4,
  c_5,
  c_6,
  c_7,
  c_8,
  c_9,
  c_10,
  c_11,
  c_12,
  c_13,
  c_14,
  c_15,
  c_16,
  c_17,
  c_18,
  c_19,
  c_20,
  c_21,
  c_22,
  c_23,
  c_24,
  c_25,
  c_26,
  c_27,
  c_28,
  c_29,
  c_30,
  c_31,
  SIZE
};

enum CB : uint8_t {
  c_in0 = 0,
  c_in1,
  c_in2,
  c_in3,
  c_in4,
  c_in5,
  c_in6,
  c_in7,
  dataflow0 = 8,
  dataflow1,
  dataflow2,
  dataflow3,
  dataflow4,
  dataflow5,
  dataflow6,
  dataflow7,
  c_out0 = 16,
  c_out1,
  c_out2,
  c_out3,
  c_out4,
  c_out5,
  c_out6,
  c_out7,
  c_intermed0 = 24,
  c_intermed1,
  c_intermed2,
  c_intermed3,
  c_intermed4,
  c_intermed5,
  c_intermed6,
  c_intermed7,
};

}  // namespace tt

constexpr uint32_t NUM_CIRCULAR_BUFFERS = 32;
