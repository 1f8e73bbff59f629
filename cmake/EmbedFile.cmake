# tessera_embed_file(OUTPUT out.cc INPUT file SYMBOL name DEPENDS target)
# Generates a .cc defining `extern const unsigned char name[]` and
# `extern const unsigned long name_size` with the bytes of INPUT.
set(TESSERA_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_file_script.cmake)

function(tessera_embed_file)
  cmake_parse_arguments(E "" "OUTPUT;INPUT;SYMBOL" "DEPENDS" ${ARGN})
  add_custom_command(
    OUTPUT ${E_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${E_INPUT} -DOUTPUT=${E_OUTPUT} -DSYMBOL=${E_SYMBOL}
            -P ${TESSERA_EMBED_SCRIPT}
    DEPENDS ${E_INPUT} ${TESSERA_EMBED_SCRIPT} ${E_DEPENDS}
    COMMENT "Embedding ${E_INPUT}"
    VERBATIM)
endfunction()

# tessera_test(name SOURCES ... LIBS ... [LABELS ...])
function(tessera_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest_main GTest::gmock)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_compile_definitions(${name} PRIVATE
    TESSERA_BINARY_DIR="${CMAKE_BINARY_DIR}" TESSERA_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    TESSERA_CONFORMANCE_DIR="${TESSERA_CONFORMANCE_DIR}")
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  gtest_discover_tests(${name} TEST_PREFIX "${name}." DISCOVERY_TIMEOUT 120
                       PROPERTIES LABELS "${T_LABELS}")
endfunction()
