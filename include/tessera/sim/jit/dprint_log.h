// The per-run debug print log: every DPRINT line of every kernel, in the
// order lines were completed, for the host or CLI to show.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "tessera/sim/fiber/fiber_spec.h"

namespace tessera::sim {

// The RISC a line came from, as tt-metal's print server names them. A
// compute kernel runs its three TRISCs as one fiber, so its plain DPRINTs
// are kAllTriscs (on silicon each TRISC prints them); DPRINT_UNPACK/MATH/
// PACK name one.
enum class DprintRisc : std::uint8_t { kBrisc, kNcrisc, kTrisc0, kTrisc1, kTrisc2, kAllTriscs };

const char* dprint_risc_name(DprintRisc risc);  // "BR", "NC", "TR0".. "TR*"

struct DprintLine {
  CoreLabel core;
  std::string kernel;
  std::string text;  // without the trailing newline
  DprintRisc risc = DprintRisc::kBrisc;
};

// Thread-safe: kernels on several host threads print at once. Lines go to
// the listener when one is set (as they complete, one call at a time), else
// they are kept, up to a byte budget so a kernel printing in a loop cannot
// exhaust memory; what the budget drops is counted.
class DprintLog {
 public:
  using Listener = std::function<void(const DprintLine&)>;
  static constexpr std::size_t kDefaultByteBudget = std::size_t{64} << 20;

  DprintLog() = default;
  explicit DprintLog(std::size_t byte_budget) : byte_budget_(byte_budget) {}
  explicit DprintLog(Listener listener) : listener_(std::move(listener)) {}

  void append(DprintLine line);
  // The kept lines; when the budget dropped some, a last line says how many.
  std::vector<DprintLine> lines() const;
  // One "(x,y) kernel: text" per line.
  std::string text() const;
  std::size_t dropped_lines() const;
  void clear();

 private:
  mutable std::mutex mutex_;
  Listener listener_;
  std::vector<DprintLine> lines_;
  std::size_t byte_budget_ = kDefaultByteBudget;
  std::size_t kept_bytes_ = 0;
  std::size_t dropped_lines_ = 0;
};

}  // namespace tessera::sim
