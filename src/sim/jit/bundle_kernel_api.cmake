# Run with -P: packs the kernel API headers into one bundle file.
# Inputs: LIST_FILE (lines "absolute path|path inside the bundle"), OUTPUT.
# Format per file: "<path inside the bundle>\n<byte count>\n<bytes>".
file(STRINGS ${LIST_FILE} entries)
set(bundle "")
foreach(entry IN LISTS entries)
  string(FIND "${entry}" "|" bar)
  string(SUBSTRING "${entry}" 0 ${bar} source)
  math(EXPR after "${bar} + 1")
  string(SUBSTRING "${entry}" ${after} -1 inside)
  file(READ ${source} content)
  string(LENGTH "${content}" size)
  string(APPEND bundle "${inside}\n${size}\n${content}")
endforeach()
file(WRITE ${OUTPUT}.tmp "${bundle}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
