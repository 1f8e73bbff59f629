// Bank addressing for interleaved buffers: page i lives in bank
// i mod banks, at the buffer's address plus (i / banks) aligned pages,
// exactly as the buffer registry lays pages out (buffer_page_map.h); and
// worker cores' NoC coordinates from their logical ones.
#include "kernel_host_callbacks.h"
#include "kernel_host_failure.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"

namespace tessera::sim::kernel_host {

namespace {

CoreCoord bank_noc(const ChipDescriptor& chip, bool is_dram, uint32_t bank_id) {
  const uint32_t banks = is_dram ? chip.num_dram_channels : chip.num_workers();
  if (bank_id >= banks) {
    fail_kernel_if_error(make_error(ErrorCode::kOutOfRange, is_dram ? "DRAM" : "L1", " bank ",
                                    bank_id, " does not exist; the chip has ", banks));
  }
  return is_dram ? chip.dram_cores[bank_id] : chip.worker_cores[bank_id];
}

uint64_t align_up(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

}  // namespace

uint64_t bank_noc_addr(tk_ctx* ctx, int is_dram, uint32_t bank_id, uint32_t offset, uint8_t) {
  const CoreCoord noc =
      bank_noc(KernelHostState::of(ctx).chip->descriptor(), is_dram != 0, bank_id);
  return TESSERA_NOC_XY_ADDR(noc.x, noc.y, offset);
}

uint64_t interleaved_page_noc_addr(tk_ctx* ctx, int is_dram, uint32_t base_addr, uint32_t page_size,
                                   uint32_t page_id, uint32_t offset, uint8_t) {
  KernelHostState& state = KernelHostState::of(ctx);
  const ChipDescriptor& chip = state.chip->descriptor();
  const uint32_t banks = is_dram != 0 ? chip.num_dram_channels : chip.num_workers();
  const uint64_t alignment = is_dram != 0 ? chip.noc_dram_address_align : chip.noc_l1_address_align;
  const uint32_t bank = page_id % banks;
  const uint64_t address =
      base_addr + uint64_t{page_id / banks} * align_up(page_size, alignment) + offset;
  if (address > 0xffffffffu) {
    fail_kernel_if_error(make_error(ErrorCode::kOutOfRange, "page ", page_id, " of ", page_size,
                                    " bytes at base ", base_addr,
                                    " lies past the 32-bit bank address space"));
  }
  const CoreCoord noc = bank_noc(chip, is_dram != 0, bank);
  // The timing model charges the address's work to the transfer that uses it.
  if (is_dram != 0 && state.timing != nullptr) state.timing->note_dram_page_address();
  return TESSERA_NOC_XY_ADDR(noc.x, noc.y, address);
}

uint32_t worker_noc_coordinate(tk_ctx* ctx, uint32_t logical, int is_row) {
  const ChipDescriptor& chip = KernelHostState::of(ctx).chip->descriptor();
  const CoreCoord core = is_row != 0 ? CoreCoord{0, logical} : CoreCoord{logical, 0};
  auto noc = chip.worker_noc_from_logical(core);
  if (!noc.ok()) {
    fail_kernel_if_error(make_error(ErrorCode::kOutOfRange, "logical worker ",
                                    is_row != 0 ? "row " : "column ", logical, " is outside the ",
                                    chip.grid.y, "x", chip.grid.x, " worker grid"));
  }
  return is_row != 0 ? noc->y : noc->x;
}

}  // namespace tessera::sim::kernel_host
