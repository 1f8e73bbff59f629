#include "dprint_relay.h"

#include <span>

namespace tessera::runtime::metal_backend {
namespace {

// The RISCs a simulator line stands for: a compute kernel's plain DPRINT
// ran on all three TRISCs.
std::span<const DprintRisc> riscs_of(sim::DprintRisc risc) {
  static constexpr DprintRisc kRiscs[] = {DprintRisc::kBR, DprintRisc::kNC, DprintRisc::kTR0,
                                          DprintRisc::kTR1, DprintRisc::kTR2};
  const std::span<const DprintRisc> all(kRiscs);
  switch (risc) {
    case sim::DprintRisc::kBrisc:
      return all.subspan(0, 1);
    case sim::DprintRisc::kNcrisc:
      return all.subspan(1, 1);
    case sim::DprintRisc::kTrisc0:
      return all.subspan(2, 1);
    case sim::DprintRisc::kTrisc1:
      return all.subspan(3, 1);
    case sim::DprintRisc::kTrisc2:
      return all.subspan(4, 1);
    case sim::DprintRisc::kAllTriscs:
      break;
  }
  return all.subspan(2, 3);
}

}  // namespace

std::shared_ptr<sim::DprintLog> make_dprint_relay(const DprintOptions& options,
                                                  uint32_t device_id) {
  if (!options.sink) return nullptr;
  return std::make_shared<sim::DprintLog>([options, device_id](const sim::DprintLine& line) {
    const auto x = static_cast<uint32_t>(line.core.x);
    const auto y = static_cast<uint32_t>(line.core.y);
    for (DprintRisc risc : riscs_of(line.risc)) {
      if (!dprint_selects(options, x, y, risc)) continue;
      options.sink(DprintLine{device_id, x, y, risc, line.kernel, line.text});
    }
  });
}

}  // namespace tessera::runtime::metal_backend
