// A core position on a chip: logical (worker grid index) or NoC (physical).
#pragma once

#include <compare>
#include <cstdint>
#include <string>

namespace tessera::sim {

struct CoreCoord {
  uint32_t x = 0;
  uint32_t y = 0;

  friend auto operator<=>(const CoreCoord&, const CoreCoord&) = default;
};

// "(x, y)".
std::string to_string(CoreCoord coord);

// An inclusive rectangle of cores, as tt-metal's CoreRange.
struct CoreRange {
  CoreCoord start;
  CoreCoord end;

  uint32_t width() const { return end.x - start.x + 1; }
  uint32_t height() const { return end.y - start.y + 1; }
  uint32_t size() const { return width() * height(); }
  bool contains(CoreCoord c) const {
    return c.x >= start.x && c.x <= end.x && c.y >= start.y && c.y <= end.y;
  }

  friend bool operator==(const CoreRange&, const CoreRange&) = default;
};

struct TileShape {
  uint32_t height = 32;
  uint32_t width = 32;

  friend bool operator==(const TileShape&, const TileShape&) = default;
};

}  // namespace tessera::sim
