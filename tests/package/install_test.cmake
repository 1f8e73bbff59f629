# cmake --install into a fresh prefix; the include tree holds exactly the
# public headers, each compiles alone against that prefix only; examples/embed
# configures as an outside project with find_package(tessera), builds, and
# runs in-process and isolated, the latter with the installed tessera-device
# (a wrapper there leaves a mark, so a build-tree fallback cannot pass).
string(REPLACE "|" ";" PUBLIC_HEADERS "${PUBLIC_HEADERS}")
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${what} failed (${code}):\n${out}\n${err}")
  endif()
  set(run_output "${out}${err}" PARENT_SCOPE)
endfunction()

run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

file(GLOB_RECURSE installed RELATIVE ${prefix}/include ${prefix}/include/*)
list(SORT installed)
set(expected ${PUBLIC_HEADERS})
list(SORT expected)
if(NOT installed STREQUAL expected)
  message(FATAL_ERROR "installed headers differ from the public ones:\n"
                      "installed: ${installed}\nexpected: ${expected}")
endif()
foreach(header ${PUBLIC_HEADERS})
  string(MAKE_C_IDENTIFIER ${header} unit)
  file(WRITE ${WORK_DIR}/headers/${unit}.cc "#include \"${header}\"\n")
  run("${header} on its own" ${CXX} -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only
      -I ${prefix}/include ${WORK_DIR}/headers/${unit}.cc)
endforeach()
# Sealed: the API speaks only runtime types, never the wire format's
# (tt::target), the simulator's or the command queue's.
foreach(header ${PUBLIC_HEADERS})
  file(STRINGS ${prefix}/include/${header} leaks REGEX "tt::|namespace tt|sim::|metal::|ttnn::")
  if(leaks)
    message(FATAL_ERROR "${header} names a type of an internal layer: ${leaks}")
  endif()
endforeach()
foreach(program tessera tessera-device)
  if(NOT EXISTS ${prefix}/bin/${program})
    message(FATAL_ERROR "${program} is not installed in ${prefix}/bin")
  endif()
endforeach()

run("the installed CLI" ${prefix}/bin/tessera --version)

# The library holds OpenBLAS but exports none of it: an embedder linking its
# own BLAS must get its own, and tessera's calls must stay tessera's.
file(GLOB_RECURSE library ${prefix}/lib*/libtessera.so)
if(NOT library)
  message(FATAL_ERROR "libtessera.so is not installed under ${prefix}")
endif()
run("listing the library's exported symbols" ${NM} -D --defined-only ${library})
string(REGEX MATCHALL "[^\n]*(cblas_|openblas_|gotoblas)[^\n]*" blas_exports "${run_output}")
if(blas_exports)
  list(LENGTH blas_exports count)
  list(GET blas_exports 0 first)
  message(FATAL_ERROR "libtessera.so exports ${count} OpenBLAS symbols, e.g. ${first}")
endif()

# A sanitizer build's library needs the sanitizer runtime in the program too.
set(sanitize_flags)
if(SANITIZE)
  set(sanitize_flags -DCMAKE_CXX_FLAGS=-fsanitize=${SANITIZE}
                     -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=${SANITIZE})
endif()
run("configuring examples/embed" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/embed
    -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release ${sanitize_flags})
run("building examples/embed" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
set(example ${WORK_DIR}/build/embed_example)
set(clean_env ${CMAKE_COMMAND} -E env --unset=TESSERA_DEVICE_EXECUTABLE)

run("the installed example, in-process" ${clean_env} ${example} ${BINARY_TTM})
message(STATUS "${run_output}")

file(RENAME ${prefix}/bin/tessera-device ${prefix}/bin/tessera-device.real)
file(WRITE ${prefix}/bin/tessera-device
     "#!/bin/sh\ntouch '${WORK_DIR}/device-started'\nexec '${prefix}/bin/tessera-device.real' \"$@\"\n")
file(CHMOD ${prefix}/bin/tessera-device PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND ${clean_env} ${example} ${BINARY_TTM} --isolated
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0 AND err MATCHES "cannot sandbox")
  message(STATUS "isolated run skipped: ${err}")
elseif(NOT code EQUAL 0)
  message(FATAL_ERROR "the installed example, isolated, failed (${code}):\n${out}\n${err}")
elseif(NOT EXISTS ${WORK_DIR}/device-started)
  message(FATAL_ERROR "the isolated run did not start the installed tessera-device")
else()
  message(STATUS "isolated: ${out}")
endif()
