// Sanitizer defaults of the fuzzers, read before main.
//
// intercept_tls_get_addr=0: each kernel object has a thread_local, so threads
// that run kernels allocate dynamic TLS through __tls_get_addr. The
// sanitizer runtime of LLVM 16 and older takes some of those blocks (those
// that start at one particular offset into a page) for a glibc 2.19 TLS
// header and records the range it appears to describe; LeakSanitizer's
// tracer then scans that wild range and dies ("Tracer caught signal 11"),
// ending the run with an empty artifact. Without the interceptor, LSan still
// scans each thread's static TLS; the kernels' dynamic TLS holds no heap
// pointers of its own.
extern "C" const char* __asan_default_options() {
  return "intercept_tls_get_addr=0";
}
