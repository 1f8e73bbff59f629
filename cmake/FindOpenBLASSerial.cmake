# Finds Debian's serial (single-threaded) OpenBLAS and defines OpenBLAS::serial,
# its static archive.
#
# Why the serial build, linked statically: libopenblas.so.0 resolves through
# Debian's alternatives, usually to the pthread build, whose worker threads
# start when the library loads and spin with sched_yield for about 0.1 s. A
# short CLI run then shares its two cores with them. The static archive
# needs no run path to pick the serial build over the alternatives' choice.
# It is not safe to call from two threads at once (Debian builds it without
# USE_LOCKING): ttnn/math/serial_sgemm runs one call at a time.
find_library(OpenBLASSerial_ARCHIVE NAMES libopenblas.a PATH_SUFFIXES openblas-serial)
find_path(OpenBLASSerial_INCLUDE_DIR cblas.h PATH_SUFFIXES openblas-serial)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(OpenBLASSerial
  REQUIRED_VARS OpenBLASSerial_ARCHIVE OpenBLASSerial_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install libopenblas-serial-dev (scripts/bootstrap does)")

if(OpenBLASSerial_FOUND AND NOT TARGET OpenBLAS::serial)
  add_library(OpenBLAS::serial STATIC IMPORTED GLOBAL)
  set_target_properties(OpenBLAS::serial PROPERTIES
    IMPORTED_LOCATION ${OpenBLASSerial_ARCHIVE}
    INTERFACE_INCLUDE_DIRECTORIES ${OpenBLASSerial_INCLUDE_DIR}
    INTERFACE_LINK_LIBRARIES m)
endif()
