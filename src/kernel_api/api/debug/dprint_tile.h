// DPRINT << TSLICE(cb, tile, SliceRange{...}): elements of a CB tile, the
// numpy slice [h0:h1:hs, w0:w1:ws] of its 32 x 32 values, printed as
// tt-metal's print server prints them: one row of the slice per line
// (unless endl_rows is false), values apart by a space, at most 64 bytes
// of data (then a truncation note). The tile is counted from the CB's read
// pointer, or its write pointer where tt-metal uses that: NCRISC by
// default, and a compute kernel inside DPRINT_PACK. Inside DPRINT_MATH it
// prints the device's warning instead.
#pragma once

#include "api/circular_buffer.h"
#include "api/debug/dprint.h"

struct SliceRange {
  uint8_t h0, h1, hs, w0, w1, ws;
  // [0:32:16, 0:32:16] and the other samplings tt-metal names.
  static SliceRange hw0_32_16() { return {0, 32, 16, 0, 32, 16}; }
  static SliceRange hw0_32_8() { return {0, 32, 8, 0, 32, 8}; }
  static SliceRange hw0_32_4() { return {0, 32, 4, 0, 32, 4}; }
  static SliceRange h0_w0_32() { return {0, 1, 1, 0, 32, 1}; }
  static SliceRange h0_32_w0() { return {0, 32, 1, 0, 1, 1}; }
  static SliceRange h0_32_w1() { return {0, 32, 1, 1, 2, 1}; }
  static SliceRange hw041() { return {0, 4, 1, 0, 4, 1}; }
};

using dprint_tslice_ptr_t = bool;
#define TSLICE_RD_PTR true
#define TSLICE_WR_PTR false
using dprint_tslice_cb_t = bool;
#define TSLICE_INPUT_CB true
#define TSLICE_OUTPUT_CB false

template <int MAX_BYTES = 64>
struct TileSlice {
  uint8_t cb;
  int tile_idx;
  SliceRange slice;
  bool read_pointer;
  bool endl_rows;
  bool untilized;

#ifdef COMPILE_FOR_TRISC
  TileSlice(uint8_t cb_id, int tile, const SliceRange& range, bool endl = true,
            bool print_untilized = true)
      : cb(cb_id),
        tile_idx(tile),
        slice(range),
        read_pointer(tessera_kernel::dprint_trisc != 2),
        endl_rows(endl),
        untilized(print_untilized) {}
#else
  TileSlice(uint8_t cb_id, int tile, const SliceRange& range, dprint_tslice_cb_t cb_type,
#ifdef COMPILE_FOR_NCRISC
            dprint_tslice_ptr_t ptr_type = TSLICE_WR_PTR,
#else
            dprint_tslice_ptr_t ptr_type = TSLICE_RD_PTR,
#endif
            bool endl = true, bool print_untilized = true)
      : cb(cb_id),
        tile_idx(tile),
        slice(range),
        read_pointer(ptr_type == TSLICE_RD_PTR),
        endl_rows(endl),
        untilized(print_untilized) {
    (void)cb_type;  // one format per CB here
  }
#endif
};

using TSLICE = TileSlice<64>;

namespace tessera_kernel {

FORCE_INLINE uint32_t tslice_datum_bytes(DataFormat format) {
  switch (format) {
    case DataFormat::Float32:
    case DataFormat::Int32:
    case DataFormat::UInt32:
      return 4;
    case DataFormat::Float16_b:
    case DataFormat::UInt16:
      return 2;
    case DataFormat::UInt8:
    case DataFormat::Int8:
      return 1;
    default:
      return 0;  // block floats and others: not printable here
  }
}

// Element (h, w) of a 32 x 32 tile in tile order (faces) or row-major.
FORCE_INLINE uint32_t tslice_index(uint32_t h, uint32_t w, bool untilized) {
  if (!untilized) return h * 32 + w;
  return ((h / 16) * 2 + w / 16) * 256 + (h % 16) * 16 + w % 16;
}

inline void print_datum(const DebugStream& stream, DataFormat format, const uint8_t* at) {
  uint32_t bits = 0;
  __builtin_memcpy(&bits, at, tslice_datum_bytes(format));
  switch (format) {
    case DataFormat::Float32: {
      float value;
      __builtin_memcpy(&value, &bits, 4);
      stream << value;
      break;
    }
    case DataFormat::Float16_b:
      stream << BF16(static_cast<uint16_t>(bits));
      break;
    case DataFormat::Int32:
      stream << static_cast<int32_t>(bits);
      break;
    case DataFormat::Int8:
      stream << static_cast<int32_t>(static_cast<int8_t>(bits));
      break;
    default:
      stream << bits;
      break;
  }
}

}  // namespace tessera_kernel

template <int MAX_BYTES>
const tessera_kernel::DebugStream& operator<<(const tessera_kernel::DebugStream& stream,
                                              const TileSlice<MAX_BYTES>& ts) {
#ifdef COMPILE_FOR_TRISC
  if (tessera_kernel::dprint_trisc == 1) {
    return stream << "Warning: MATH core does not support TileSlice printing, omitting print..."
                  << ENDL();
  }
#endif
  const DataFormat format = tessera_kernel::cb_data_format(ts.cb);
  const uint32_t bytes = tessera_kernel::tslice_datum_bytes(format);
  if (bytes == 0) {
    return stream << "Tried printing CBIndex::c_" << static_cast<uint32_t>(ts.cb)
                  << ": Unsupported data format (" << static_cast<uint32_t>(format) << ")"
                  << ENDL();
  }
  const tessera_cb_interface& cb = tessera_kernel::cb_interface(ts.cb);
  const uint8_t* tile = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(
      (ts.read_pointer ? cb.fifo_rd_ptr : cb.fifo_wr_ptr) + ts.tile_idx * cb.fifo_page_size));
  const uint32_t max_count = MAX_BYTES / bytes;
  uint32_t count = 0;
  const SliceRange& s = ts.slice;
  for (uint32_t h = s.h0; h < s.h1; h += s.hs) {
    for (uint32_t w = s.w0; w < s.w1; w += s.ws) {
      if (count == max_count) {
        return stream << "<TileSlice data truncated due to exceeding max count (" << max_count
                      << ")>" << ENDL();
      }
      tessera_kernel::print_datum(stream, format,
                                  tile + tessera_kernel::tslice_index(h, w, ts.untilized) * bytes);
      ++count;
      if (w + s.ws < s.w1) stream << " ";
      if (s.ws == 0) break;
    }
    if (ts.endl_rows) stream << ENDL();
    if (s.hs == 0) break;
  }
  return stream;
}
