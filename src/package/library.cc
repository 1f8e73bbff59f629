// libtessera's code is tessera_runtime, linked whole (see CMakeLists.txt),
// and the layers it needs; a shared library target needs one source of its
// own, and this is it.
