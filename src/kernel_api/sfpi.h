// SFPI (vFloat, dst_reg, v_if...) programs the SFPU lane by lane; tessera
// models the compute API's tile functions instead, not the SFPU itself.
#pragma once

#error \
    "SFPI (sfpi.h: vFloat, dst_reg, TRISC_* and _llk_* calls) is not supported by tessera: write the kernel with the compute API's *_tile functions"
