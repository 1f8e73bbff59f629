// Kernel debug print (DPRINT) as tt-metal's print server delivers it: each
// line tagged with its device, logical core and RISC, filtered by core and
// RISC the way TT_METAL_DPRINT_CORES / TT_METAL_DPRINT_RISCVS select them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::runtime {

// The RISCs of a Tensix core, by the print server's names.
enum class DprintRisc : uint8_t { kBR, kNC, kTR0, kTR1, kTR2 };

const char* dprint_risc_name(DprintRisc risc);  // "BR", "NC", "TR0", ...

struct DprintLine {
  uint32_t device_id = 0;
  uint32_t core_x = 0;  // logical coordinates
  uint32_t core_y = 0;
  DprintRisc risc = DprintRisc::kBR;
  std::string kernel{};  // the kernel's name, e.g. "reader_unary.cpp"
  std::string text{};    // without the trailing newline
};

// "0:(x=1,y=2):TR1: text", the print server's prefix.
std::string format_dprint_line(const DprintLine& line);

// An inclusive rectangle of logical cores.
struct DprintCoreRange {
  uint32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct DprintOptions {
  // Receives every selected line as its kernel completes it (one call at a
  // time, from the thread that ran the kernel). Null: DPRINT is off and
  // kernels' prints are discarded.
  std::function<void(const DprintLine&)> sink{};
  // Cores whose lines are kept; empty: every core.
  std::vector<DprintCoreRange> cores{};
  // RISCs whose lines are kept; empty: all five. A compute kernel's plain
  // DPRINT is a line from each of TR0, TR1 and TR2, as on silicon, where
  // all three TRISCs run the kernel; DPRINT_UNPACK/MATH/PACK pick one.
  std::vector<DprintRisc> riscs{};
};

// The print server's core and RISC selections: "all", "x,y",
// "(x1,y1),(x2,y2)", "(x1,y1)-(x2,y2)", and "BR,NC,TR0,TR1,TR2".
Result<std::vector<DprintCoreRange>> parse_dprint_cores(std::string_view spec);
Result<std::vector<DprintRisc>> parse_dprint_riscs(std::string_view spec);

// Whether `options` keeps a line of `risc` from core (x, y).
bool dprint_selects(const DprintOptions& options, uint32_t x, uint32_t y, DprintRisc risc);

}  // namespace tessera::runtime
