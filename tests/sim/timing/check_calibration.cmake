# Run by timing_calibration_test. Inputs: BENCH, the bench_timing_model
# executable, and OUT, a scratch file for its JSON.
#
# The calibration table of docs/timing-model.md, row by row: each
# calibration benchmark's error against its published value, as the table
# states it. The model is deterministic, so every error must match the
# table to a tenth of a point; a row more than 25% off must be listed as
# such (and one listed that is no longer must come off the list).
#
# A model change that moves a row fails here until the table and this list
# say the new figure.

cmake_policy(VERSION 3.19)

# name (without /iterations:1) | documented error in % | "outside" if beyond ±25%
set(rows
  "BM_CalibrateMatmul/arch:1/m:1024/k:1024/n:1024/format:5/fidelity:2/util:4169|21.8|"
  "BM_CalibrateMatmul/arch:1/m:2048/k:2048/n:2048/format:5/fidelity:2/util:6674|9.7|"
  "BM_CalibrateMatmul/arch:1/m:1024/k:1024/n:1024/format:6/fidelity:0/util:3386|5.0|"
  "BM_CalibrateMatmul/arch:1/m:2048/k:2048/n:2048/format:6/fidelity:0/util:6383|8.0|"
  "BM_CalibrateMatmul/arch:2/m:1280/k:1664/n:1664/format:5/fidelity:2/util:6193|8.3|"
  "BM_CalibrateMatmul/arch:2/m:1280/k:3328/n:3328/format:5/fidelity:2/util:8107|12.3|"
  "BM_CalibrateMatmul/arch:2/m:1280/k:1664/n:1664/format:6/fidelity:0/util:4373|-4.9|"
  "BM_CalibrateMatmul/arch:2/m:1280/k:3328/n:3328/format:6/fidelity:0/util:7126|23.4|"
  "BM_CalibrateDramRead/arch:1/page:8192/published:267|-4.2|"
  "BM_CalibrateDramRead/arch:2/page:16384/published:500|-0.7|"
  "BM_CalibrateDramWrite/published_x10:2613|-2.0|"
  "BM_CalibrateRandomPairing/tiles:12/write:0/noc:0/published_x10:1898|-19.8|"
  "BM_CalibrateRandomPairing/tiles:12/write:0/noc:1/published_x10:821|-0.9|"
  "BM_CalibrateRandomPairing/tiles:48/write:0/noc:0/published_x10:2003|0.2|"
  "BM_CalibrateRandomPairing/tiles:48/write:0/noc:1/published_x10:782|18.7|"
  "BM_CalibrateRandomPairing/tiles:12/write:1/noc:0/published_x10:565|8.1|"
  "BM_CalibrateRandomPairing/tiles:12/write:1/noc:1/published_x10:1545|-16.9|"
  "BM_CalibrateRandomPairing/tiles:48/write:1/noc:0/published_x10:523|19.5|"
  "BM_CalibrateRandomPairing/tiles:48/write:1/noc:1/published_x10:1337|12.6|"
  "BM_CalibrateOneCoreDramRead|-3.1|"
  "BM_CalibrateOneCoreSmallDramReads|-2.1|"
  "BM_CalibrateOneCoreInterleavedSmallReads/arch:1/published_x1000:6339|-1.4|"
  "BM_CalibrateOneCoreInterleavedSmallReads/arch:2/published_x1000:6372|-0.1|"
  "BM_CalibrateInterleaved/arch:1/mode:1/x:8/y:8/repeats:16/published_x10:1007|12.7|"
  "BM_CalibrateInterleaved/arch:1/mode:0/x:8/y:8/repeats:16/published_x10:1636|15.0|"
  "BM_CalibrateInterleaved/arch:1/mode:2/x:8/y:8/repeats:16/published_x10:1456|-9.2|"
  "BM_CalibrateInterleaved/arch:1/mode:1/x:2/y:2/repeats:16/published_x10:154|-14.5|"
  "BM_CalibrateInterleaved/arch:1/mode:0/x:2/y:2/repeats:16/published_x10:612|25.9|outside"
  "BM_CalibrateInterleaved/arch:1/mode:2/x:2/y:2/repeats:16/published_x10:669|16.3|"
  "BM_CalibrateInterleaved/arch:1/mode:1/x:6/y:6/repeats:16/published_x10:1000|-2.1|"
  "BM_CalibrateInterleaved/arch:1/mode:0/x:6/y:6/repeats:16/published_x10:1376|35.4|outside"
  "BM_CalibrateInterleaved/arch:1/mode:2/x:6/y:6/repeats:16/published_x10:1358|-6.8|"
  "BM_CalibrateInterleaved/arch:1/mode:0/x:2/y:2/repeats:4/published_x10:665|8.6|"
  "BM_CalibrateInterleaved/arch:1/mode:0/x:6/y:6/repeats:4/published_x10:1531|19.3|"
  "BM_CalibrateInterleaved/arch:1/mode:0/x:8/y:8/repeats:4/published_x10:1864|-0.8|"
  "BM_CalibrateInterleaved/arch:2/mode:1/x:11/y:10/repeats:16/published_x10:1340|19.6|"
  "BM_CalibrateInterleaved/arch:2/mode:0/x:11/y:10/repeats:16/published_x10:2601|-2.2|"
  "BM_CalibrateInterleaved/arch:2/mode:2/x:11/y:10/repeats:16/published_x10:2015|-23.1|"
  "BM_CalibrateOneToOne|9.5|"
  "BM_CalibrateOneToOneSmallWrites|2.3|"
  "BM_CalibrateMulticastScheme/scheme:4/published_x10:268|4.3|"
  "BM_CalibrateMulticastScheme/scheme:5/published_x10:297|4.5|"
  "BM_CalibrateMulticast/grid:8/published_x10:149|0.9|"
  "BM_CalibrateMulticast/grid:5/published_x10:175|11.7|"
  "BM_CalibrateMulticast/grid:2/published_x10:264|5.9|"
)

execute_process(
  COMMAND ${BENCH} --benchmark_filter=Calibrate --benchmark_format=json
  OUTPUT_FILE ${OUT} ERROR_VARIABLE bench_errors RESULT_VARIABLE bench_result)
if(NOT bench_result EQUAL 0)
  message(FATAL_ERROR "${BENCH} failed (${bench_result}): ${bench_errors}")
endif()
file(READ ${OUT} json)
string(JSON count LENGTH "${json}" benchmarks)

# Errors in tenths of a percent, rounded, so that integer maths compares them.
function(tenths value out)
  if(value MATCHES "^(-?)([0-9]+)\\.?([0-9]*)")
    set(sign "${CMAKE_MATCH_1}")
    set(whole "${CMAKE_MATCH_2}")
    string(SUBSTRING "${CMAKE_MATCH_3}00" 0 2 digits)
    math(EXPR scaled "${whole} * 100 + ${digits}")
    math(EXPR rounded "(${scaled} + 5) / 10")
    if(sign STREQUAL "-")
      math(EXPR rounded "-${rounded}")
    endif()
    set(${out} ${rounded} PARENT_SCOPE)
  else()
    message(FATAL_ERROR "not a number: ${value}")
  endif()
endfunction()

set(failures)
set(seen)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${json}" benchmarks ${i} name)
  string(JSON error GET "${json}" benchmarks ${i} error_pct)
  string(REGEX REPLACE "/iterations:[0-9]+$" "" name "${name}")
  list(APPEND seen "${name}")
  tenths("${error}" model)
  set(documented "")
  set(outside "")
  foreach(row IN LISTS rows)
    string(REPLACE "|" ";" fields "${row}")
    list(GET fields 0 row_name)
    if(row_name STREQUAL name)
      list(GET fields 1 documented)
      list(GET fields 2 outside)  # empty unless the row is beyond ±25%
    endif()
  endforeach()
  if("${documented}" STREQUAL "")
    list(APPEND failures "${name}: ${error}% is not in the table")
    continue()
  endif()
  tenths("${documented}" table)
  math(EXPR difference "${model} - ${table}")
  if(difference GREATER 1 OR difference LESS -1)
    list(APPEND failures "${name}: the model is ${error}% off, the table says ${documented}%")
  endif()
  if(model GREATER 250 OR model LESS -250)
    if(NOT "${outside}" STREQUAL "outside")
      list(APPEND failures "${name}: ${error}% is beyond ±25% but not listed as such")
    endif()
  elseif("${outside}" STREQUAL "outside")
    list(APPEND failures "${name}: ${error}% is within ±25% now, so take it off the list")
  endif()
endforeach()
foreach(row IN LISTS rows)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 row_name)
  if(NOT row_name IN_LIST seen)
    list(APPEND failures "${row_name}: in the table but no benchmark ran it")
  endif()
endforeach()

if(failures)
  string(REPLACE ";" "\n  " text "${failures}")
  message(FATAL_ERROR "calibration and docs/timing-model.md disagree:\n  ${text}")
endif()
list(LENGTH rows row_count)
message("calibration matches the table: ${row_count} rows")
