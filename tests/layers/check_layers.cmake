# Run by layers_test (tests/layers/CMakeLists.txt). Inputs: SOURCE_DIR, and
# SIM_LINK_EDGES, the "a -> b" links of every sim library and program
# ("|"-separated), taken from the build's targets at configure time.
#
# Checks:
# - the chip (src/sim, include/tessera/sim) includes no generated schema
#   header, no flatbuffers and no header of a layer above it;
# - no sim target links tessera_format or tessera_schemas, directly or not;
# - the tools (src/tools) reach the device through the runtime API and its
#   internal headers only: no sim, metal or ttnn header.

set(failures)

# Each #include line of the files under `folders` matching `pattern`.
function(check_includes what pattern)
  set(found)
  foreach(folder IN LISTS ARGN)
    file(GLOB_RECURSE files ${SOURCE_DIR}/${folder}/*.h ${SOURCE_DIR}/${folder}/*.hpp
         ${SOURCE_DIR}/${folder}/*.cc ${SOURCE_DIR}/${folder}/*.cpp)
    foreach(file IN LISTS files)
      file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include")
      foreach(line IN LISTS lines)
        if(line MATCHES "${pattern}")
          file(RELATIVE_PATH relative ${SOURCE_DIR} ${file})
          list(APPEND found "${relative}: ${line} (${what})")
        endif()
      endforeach()
    endforeach()
  endforeach()
  set(failures ${failures} ${found} PARENT_SCOPE)
endfunction()

check_includes("the chip knows no wire format"
  "_generated\\.h|flatbuffers/|tessera/format/"
  src/sim include/tessera/sim)
check_includes("the chip includes no higher layer"
  "tessera/(metal|ttnn|runtime|builder|tools)/"
  src/sim include/tessera/sim)

check_includes("the tools use the runtime's types, not the chip's"
  "tessera/(sim|metal|ttnn)/"
  src/tools)

string(REPLACE "|" ";" sim_edges "${SIM_LINK_EDGES}")
if(NOT sim_edges)
  list(APPEND failures "no link edges of sim targets were given (is src/sim empty?)")
endif()
foreach(edge IN LISTS sim_edges)
  if(edge MATCHES "-> (tessera_format|tessera_schemas)$")
    list(APPEND failures "link ${edge} (the chip knows no wire format)")
  endif()
endforeach()

if(failures)
  string(REPLACE ";" "\n  " listed "${failures}")
  message(FATAL_ERROR "layer rules broken:\n  ${listed}")
endif()
message(STATUS "layers keep to themselves")
