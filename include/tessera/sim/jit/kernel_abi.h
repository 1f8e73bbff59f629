/* The binary interface between the simulator and a JIT-compiled kernel.
 *
 * Shared verbatim by host code and by kernels (it is bundled with the kernel
 * API headers), so it is plain C with fixed-width types only.
 *
 * A kernel shared object exports four functions (see tessera_kernel_entry.h):
 *   uint32_t tessera_kernel_abi_version(void);
 *   int      tessera_kernel_install(const tessera_host_table*);  0 = accepted
 *   void     tessera_kernel_set_context(tessera_kernel_context*);
 *   int      tessera_kernel_run(void);  0 = ran, 1 = no entry point found
 *
 * The host installs its callback table once per load. Before every switch
 * into a kernel fiber it calls set_context, which stores the fiber's context
 * in the kernel's thread-local; inline API functions (runtime args, CB
 * pointers, coordinates) read it directly, and blocking or checked
 * operations call through the table. Host callbacks never return errors:
 * they end the kernel's fiber (no C++ exception crosses the kernel). */
#ifndef TESSERA_SIM_JIT_KERNEL_ABI_H_
#define TESSERA_SIM_JIT_KERNEL_ABI_H_

#include <stdint.h>

#include "tessera/sim/compute/sfpu_unary_list.h"

/* Bump on any layout or meaning change of the structs below. */
#define TESSERA_KERNEL_ABI_VERSION 3u

/* tt-metal's per-kernel limit: 341 u32 runtime args (unique + common). */
#define TESSERA_MAX_RUNTIME_ARGS 341u
#define TESSERA_NUM_CIRCULAR_BUFFERS 32u
#define TESSERA_NUM_NOCS 2u

/* The `linked` argument of the multicast callbacks: the next multicast
 * keeps this one's path; the multicast does not reserve its path first. */
#define TESSERA_MULTICAST_LINKED 1u
#define TESSERA_MULTICAST_NO_PATH_RESERVE 2u

/* tt-metal's zero region (MEM_ZEROS_BASE / MEM_ZEROS_SIZE): an L1 range on
 * every worker core, in the reserved L1 below the unreserved base, that
 * NoC reads find full of zeros (kernels fill CBs from it). */
#define TESSERA_MEM_ZEROS_BASE 0x3000u
#define TESSERA_MEM_ZEROS_SIZE 512u

/* NoC addresses kernels pass around: a 32-bit local address plus the
 * target core's NoC coordinates in the upper bits. Unicast: x in bits
 * 32..39, y in 40..47. Multicast rectangle: x_start 32..39, y_start
 * 40..47, x_end 48..55, y_end 56..63. */
#define TESSERA_NOC_XY_ADDR(x, y, addr) \
  ((((uint64_t)(y)&0xffu) << 40) | (((uint64_t)(x)&0xffu) << 32) | (uint64_t)(uint32_t)(addr))
#define TESSERA_NOC_MULTICAST_ADDR(x_start, y_start, x_end, y_end, addr)       \
  ((((uint64_t)(y_end)&0xffu) << 56) | (((uint64_t)(x_end)&0xffu) << 48) |     \
   (((uint64_t)(y_start)&0xffu) << 40) | (((uint64_t)(x_start)&0xffu) << 32) | \
   (uint64_t)(uint32_t)(addr))

#ifdef __cplusplus
extern "C" {
#endif

/* Which RISC-V processor of a Tensix core the kernel stands for. */
enum tessera_processor {
  TESSERA_PROCESSOR_DM0 = 0,     /* BRISC, RISCV_0 */
  TESSERA_PROCESSOR_DM1 = 1,     /* NCRISC, RISCV_1 */
  TESSERA_PROCESSOR_COMPUTE = 2, /* the three TRISCs as one fiber */
};

/* One circular buffer as the kernel sees it; mirrors the device-side
 * interface. Addresses are L1 addresses (host addresses below 4 GiB).
 * Owned and updated by the host's CB implementation. */
typedef struct tessera_cb_interface {
  uint32_t fifo_size;      /* bytes */
  uint32_t fifo_limit;     /* end address */
  uint32_t fifo_page_size; /* bytes */
  uint32_t fifo_num_pages;
  uint32_t fifo_rd_ptr;
  uint32_t fifo_wr_ptr;
  uint32_t pages_received; /* written by producers, read by consumers */
  uint32_t pages_acked;    /* written by consumers, read by producers */
} tessera_cb_interface;

typedef struct tessera_kernel_context {
  uint32_t abi_version;
  uint32_t processor; /* enum tessera_processor */
  const uint32_t* runtime_args;
  uint32_t runtime_arg_count;
  uint32_t common_arg_count;
  const uint32_t* common_args;
  uint8_t noc_x[TESSERA_NUM_NOCS]; /* my_x[noc] */
  uint8_t noc_y[TESSERA_NUM_NOCS]; /* my_y[noc] */
  uint32_t absolute_logical_x;
  uint32_t absolute_logical_y;
  uint32_t relative_logical_x;
  uint32_t relative_logical_y;
  tessera_cb_interface* cbs; /* TESSERA_NUM_CIRCULAR_BUFFERS entries, or null */
  void* host;                /* the host's per-invocation state */
  /* Kept by the kernel API, never read by the host (zero at start): the
   * source and size noc_async_read_one_packet_set_state stores per NoC. */
  uint64_t noc_read_state_addr[TESSERA_NUM_NOCS];
  uint32_t noc_read_state_size[TESSERA_NUM_NOCS];
} tessera_kernel_context;

/* Modifiers of the DPRINT stream. */
enum tessera_dprint_modifier {
  TESSERA_DPRINT_SETW = 0, /* value: width for the next item */
  TESSERA_DPRINT_SETPRECISION = 1,
  TESSERA_DPRINT_FIXED = 2,
  TESSERA_DPRINT_DEFAULTFLOAT = 3,
  TESSERA_DPRINT_HEX = 4,
  TESSERA_DPRINT_DEC = 5,
  TESSERA_DPRINT_OCT = 6,
  TESSERA_DPRINT_ENDL = 7,
  /* value: the TRISC (0 unpack, 1 math, 2 pack) the following prints of a
   * compute kernel come from; -1: all three again (plain DPRINT). */
  TESSERA_DPRINT_TRISC = 8,
};

typedef tessera_kernel_context tk_ctx;

typedef struct tessera_host_table {
  uint32_t abi_version;
  uint32_t size; /* sizeof(tessera_host_table) on the host */

  /* Ends the kernel's program with an error; never returns. */
  void (*fail)(tk_ctx* ctx, const char* message);

  /* Debug print stream. */
  void (*dprint_text)(tk_ctx* ctx, const char* text);
  void (*dprint_integer)(tk_ctx* ctx, uint64_t bits, int is_signed);
  void (*dprint_float)(tk_ctx* ctx, double value);
  void (*dprint_modifier)(tk_ctx* ctx, uint32_t modifier, int32_t value);

  /* Circular buffers (blocking calls park the fiber). */
  void (*cb_reserve_back)(tk_ctx* ctx, int32_t cb, int32_t pages);
  void (*cb_push_back)(tk_ctx* ctx, int32_t cb, int32_t pages);
  void (*cb_wait_front)(tk_ctx* ctx, int32_t cb, int32_t pages);
  void (*cb_pop_front)(tk_ctx* ctx, int32_t cb, int32_t pages);
  int (*cb_pages_reservable_at_back)(tk_ctx* ctx, int32_t cb, int32_t pages);
  int (*cb_pages_available_at_front)(tk_ctx* ctx, int32_t cb, int32_t pages);

  /* NoC transfers; every one is checked against the target's memory. */
  void (*noc_read)(tk_ctx* ctx, uint64_t src_noc_addr, uint32_t dst_l1, uint32_t size, uint8_t noc);
  void (*noc_write)(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size,
                    uint8_t noc);
  void (*noc_write_multicast)(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr, uint32_t size,
                              uint32_t num_dests, int linked, int loopback, uint8_t noc);
  void (*noc_inline_write)(tk_ctx* ctx, uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable,
                           uint8_t noc);
  void (*noc_read_barrier)(tk_ctx* ctx, uint8_t noc);
  void (*noc_write_barrier)(tk_ctx* ctx, uint8_t noc);
  void (*noc_writes_flushed)(tk_ctx* ctx, uint8_t noc);

  /* Semaphores: L1 words addressed like any other L1 address. */
  uint32_t (*get_semaphore)(tk_ctx* ctx, uint32_t semaphore_id);
  void (*semaphore_set)(tk_ctx* ctx, uint32_t l1_addr, uint32_t value);
  void (*semaphore_wait)(tk_ctx* ctx, uint32_t l1_addr, uint32_t value, int at_least);
  void (*noc_semaphore_inc)(tk_ctx* ctx, uint64_t noc_addr, uint32_t increment, uint8_t noc);
  void (*noc_semaphore_set_multicast)(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr,
                                      uint32_t num_dests, int linked, int loopback, uint8_t noc);

  /* Address generation for banked (interleaved) buffers. */
  uint64_t (*bank_noc_addr)(tk_ctx* ctx, int is_dram, uint32_t bank_id, uint32_t offset,
                            uint8_t noc);
  uint64_t (*interleaved_page_noc_addr)(tk_ctx* ctx, int is_dram, uint32_t base_addr,
                                        uint32_t page_size, uint32_t page_id, uint32_t offset,
                                        uint8_t noc);

  /* Compute-engine operations, one entry point: `op` is a
   * tessera_compute_op, `args` its operands. Lets tile operations grow
   * without an ABI change. */
  void (*compute)(tk_ctx* ctx, uint32_t op, const uint32_t* args, uint32_t arg_count);

  /* A worker core's NoC column (is_row 0) or row (is_row 1) from its
   * logical one: tt-metal's worker_logical_{col,row}_to_virtual_* tables. */
  uint32_t (*worker_noc_coordinate)(tk_ctx* ctx, uint32_t logical, int is_row);

  /* A device profiler zone (DeviceZoneScopedN): begin 1 enters the zone
   * `name` (a string literal of the kernel's), begin 0 leaves the innermost
   * open one (name unused). */
  void (*profiler_zone)(tk_ctx* ctx, const char* name, int begin);
} tessera_host_table;

/* Operation codes for tessera_host_table.compute. */
enum tessera_compute_op {
  TESSERA_COMPUTE_TILE_REGS_ACQUIRE = 0,
  TESSERA_COMPUTE_TILE_REGS_COMMIT = 1,
  TESSERA_COMPUTE_TILE_REGS_WAIT = 2,
  TESSERA_COMPUTE_TILE_REGS_RELEASE = 3,
  TESSERA_COMPUTE_COPY_TILE_INIT = 10, /* cb[, transpose]: later copies transpose */
  TESSERA_COMPUTE_COPY_TILE = 11,      /* cb, tile, dst */
  TESSERA_COMPUTE_PACK_TILE = 12,      /* dst, cb, out_tile (or ~0 for next) */
  TESSERA_COMPUTE_PACK_L1_ACC = 13,    /* enable: later packs add to L1's values */
  TESSERA_COMPUTE_BINARY_OP_INIT = 20, /* cb_a, cb_b, cb_out */
  TESSERA_COMPUTE_BINARY_INIT = 21,    /* kind, cb_a, cb_b */
  TESSERA_COMPUTE_BINARY_TILES = 22,   /* kind, cb_a, cb_b, tile_a, tile_b, dst */
  TESSERA_COMPUTE_MATMUL_INIT = 30,    /* cb_a, cb_b, cb_out, transpose */
  TESSERA_COMPUTE_MATMUL_TILES = 31,   /* cb_a, cb_b, tile_a, tile_b, dst, transpose */
  TESSERA_COMPUTE_UNARY_INIT = 40,     /* kind */
  TESSERA_COMPUTE_UNARY_TILE = 41,     /* kind, dst, param[, param2] (float bits) */
  /* kind, bcast, cb_a, cb_b, tile_a, tile_b, dst */
  TESSERA_COMPUTE_BINARY_BCAST_TILES = 23,
  /* cb_a, cb_b, tile_a, tile_b, dst, transpose, ct_dim, rt_dim, kt_dim */
  TESSERA_COMPUTE_MATMUL_BLOCK = 32,
  /* kind, dst_a, dst_b[, dst_out]: dst_out (default dst_a) = dst_a op dst_b */
  TESSERA_COMPUTE_BINARY_DST_TILES = 42,
  TESSERA_COMPUTE_BINARY_SCALAR_TILE = 43, /* kind, dst, scalar (float bits): dst op= scalar */
  TESSERA_COMPUTE_COPY_DST_TILE = 44,      /* dst_in, dst_out */
  TESSERA_COMPUTE_WHERE_TILE = 45,         /* dst_cond, dst_true, dst_false, dst_out */
  TESSERA_COMPUTE_TYPECAST_TILE = 46,      /* dst, in format, out format (tt DataFormat codes) */
  /* kind, reuse (1 = Dst is operand A, 2 = Dst is operand B), cb, tile, dst */
  TESSERA_COMPUTE_BINARY_DEST_REUSE_TILES = 24,
  TESSERA_COMPUTE_UNARY_BCAST_TILE = 53, /* bcast, cb, tile, dst */
  TESSERA_COMPUTE_RAND_INIT = 47,        /* seed */
  /* dst, from, scale (float bits): every element uniform in [from, from + scale) */
  TESSERA_COMPUTE_RAND_TILE = 48,
  TESSERA_COMPUTE_REDUCE_TILE = 51,       /* func, dim, cb, cb_scaler, tile, tile_scaler, dst */
  TESSERA_COMPUTE_TRANSPOSE_WH_TILE = 52, /* cb, tile, dst */
  /* cb_in, tiles, cb_out[, in_page, out_tile]: 32 rows from page in_page
   * (default 0) of the input become tiles out_tile.. of the output (default 0;
   * ~0: the packer's next tile, which then advances) */
  TESSERA_COMPUTE_TILIZE_BLOCK = 60,
  /* cb_in, tiles, cb_out[, in_tile, out_page]: tiles in_tile.. become 32 rows
   * at page out_page of the output (~0: the packer's next page) */
  TESSERA_COMPUTE_UNTILIZE_BLOCK = 61,
  /* cb_in, in_tile, block_ct_dim, full_ct_dim, block_c_index, cb_out, tile_row:
   * block_ct_dim tiles become columns block_c_index * block_ct_dim * 32.. of
   * 32 rows of full_ct_dim * 32 values, tile_row * full_ct_dim pages in */
  TESSERA_COMPUTE_PACK_UNTILIZE = 62,
  /* dst, block_ct_dim, full_ct_dim, block_c_index, cb_out, block_rt_dim: the
   * same from Dst tiles (r * block_ct_dim + c), one 32-row band per r */
  TESSERA_COMPUTE_PACK_UNTILIZE_DEST = 63,
  TESSERA_COMPUTE_INIT = 70, /* any *_init without an effect on results */
  /* dst, direction, end_phase, start_phase, end_step, start_step, stable */
  TESSERA_COMPUTE_TOPK_LOCAL_SORT = 80,
  TESSERA_COMPUTE_TOPK_MERGE = 81,   /* dst, m_iter, k, top_min, stable */
  TESSERA_COMPUTE_TOPK_REBUILD = 82, /* dst, direction, m_iter, k, logk, skip_second, stable */
  /* pool, dim (0 row, 1 col), format (tt DataFormat code), dst, ct_dim, rt_dim */
  TESSERA_COMPUTE_SFPU_REDUCE = 83,
  /* dst, dst_indices, chunk, num_rows, layout (0 tile, 1 row-major), accumulate */
  TESSERA_COMPUTE_MAX_POOL_WITH_INDICES = 84,
};

enum tessera_bcast_kind {
  TESSERA_BCAST_NONE = 0,
  TESSERA_BCAST_ROW = 1,
  TESSERA_BCAST_COL = 2,
  TESSERA_BCAST_SCALAR = 3,
};
enum tessera_reduce_func { TESSERA_REDUCE_SUM = 0, TESSERA_REDUCE_AVG = 1, TESSERA_REDUCE_MAX = 2 };
enum tessera_reduce_dim {
  TESSERA_REDUCE_ROW = 0,
  TESSERA_REDUCE_COL = 1,
  TESSERA_REDUCE_SCALAR = 2,
};

/* Kinds for TESSERA_COMPUTE_BINARY_* and TESSERA_COMPUTE_UNARY_*. */
enum tessera_binary_kind {
  TESSERA_BINARY_ADD = 0,
  TESSERA_BINARY_SUB = 1,
  TESSERA_BINARY_MUL = 2,
  TESSERA_BINARY_DIV = 3, /* SFPU only */
  TESSERA_BINARY_MAX = 4,
  TESSERA_BINARY_MIN = 5,
  TESSERA_BINARY_POW = 6,
  TESSERA_BINARY_EQ = 7, /* comparisons give 1.0 / 0.0 */
  TESSERA_BINARY_NE = 8,
  TESSERA_BINARY_LT = 9,
  TESSERA_BINARY_GT = 10,
  TESSERA_BINARY_LE = 11,
  TESSERA_BINARY_GE = 12,
  TESSERA_BINARY_BITWISE_AND = 13, /* on int32 values */
  TESSERA_BINARY_BITWISE_OR = 14,
  TESSERA_BINARY_BITWISE_XOR = 15,
  TESSERA_BINARY_LEFT_SHIFT = 16,
  TESSERA_BINARY_RIGHT_SHIFT = 17,
  TESSERA_BINARY_LOGICAL_RIGHT_SHIFT = 18,
  TESSERA_BINARY_ATAN2 = 19,
  TESSERA_BINARY_RSUB = 20,
  TESSERA_BINARY_RDIV = 21, /* b / a */
  TESSERA_BINARY_RPOW = 22, /* b ^ a */
  TESSERA_BINARY_LAST = TESSERA_BINARY_RPOW,
};
enum tessera_unary_kind {
#define TESSERA_SFPU_UNARY_KIND(KIND, Enum, name, code, apply) TESSERA_UNARY_##KIND = code,
  TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY_KIND)
#undef TESSERA_SFPU_UNARY_KIND
};
/* Entries are in code order from 0, so the count is the number of entries. */
#define TESSERA_SFPU_UNARY_ONE(KIND, Enum, name, code, apply) +1
enum { TESSERA_UNARY_COUNT = 0 TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY_ONE) };
#undef TESSERA_SFPU_UNARY_ONE
enum { TESSERA_UNARY_LAST = TESSERA_UNARY_COUNT - 1 };

#ifdef __cplusplus
}
#endif

#endif /* TESSERA_SIM_JIT_KERNEL_ABI_H_ */
