// Fitting text to a terminal: its width, paths shown relative to where the
// user stands, and long names shortened in the middle (where names of one
// suite differ least) or errors from the front (where the location is; the
// cause is at the end).
#pragma once

#include <cstddef>
#include <string>

namespace tessera::tools::run {

// Columns of the terminal `fd` is, else $COLUMNS, else 0 (no limit: logs
// keep everything).
size_t terminal_columns(int fd);

// `path` relative to the current directory when it lies under it.
std::string display_path(const std::string& path);

// At most `width` characters: "begin...end", keeping twice as much of the
// end (a path's file name). Unchanged if it fits.
std::string elide_middle(const std::string& text, size_t width);

// At most `width` characters of an error's last ": "-separated parts,
// "...: cause". Unchanged if it fits.
std::string elide_front(const std::string& text, size_t width);

// The first line, at most `width` characters ("..." at the end); 0: no limit.
std::string first_line(const std::string& text, size_t width);

}  // namespace tessera::tools::run
