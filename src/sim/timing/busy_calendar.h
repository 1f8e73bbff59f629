// When one shared resource (a NoC link, a DRAM channel) is busy. The
// replay books resources in the order it runs kernels, which is not the
// order the bookings start in (a DRAM read books its return links hundreds
// of cycles ahead), so a booking takes the earliest gap that fits it rather
// than waiting behind every earlier booking.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tessera::sim::timing {

class BusyCalendar {
 public:
  // Books `length` cycles from the earliest start >= `ready` that is free;
  // returns the start. Bookings that end by `horizon` are forgotten first
  // (no booking starts before it any more).
  int64_t book(int64_t ready, int64_t length, int64_t horizon) {
    forget_before(horizon);
    std::size_t at = 0;
    int64_t start = ready;
    for (; at < busy_.size(); ++at) {
      if (busy_[at].end <= start) continue;
      if (busy_[at].start >= start + length) break;
      start = busy_[at].end;
    }
    const int64_t end = start + length;
    // Merge with the neighbours it touches, so the calendar stays short.
    if (at > 0 && busy_[at - 1].end == start) {
      busy_[at - 1].end = end;
      if (at < busy_.size() && busy_[at].start == end) {
        busy_[at - 1].end = busy_[at].end;
        busy_.erase(busy_.begin() + static_cast<std::ptrdiff_t>(at));
      }
    } else if (at < busy_.size() && busy_[at].start == end) {
      busy_[at].start = start;
    } else {
      busy_.insert(busy_.begin() + static_cast<std::ptrdiff_t>(at), {start, end});
    }
    return start;
  }

  // Forgets bookings that end by `horizon` (no later booking starts before it).
  void forget_before(int64_t horizon) {
    std::size_t done = 0;
    while (done < busy_.size() && busy_[done].end <= horizon) ++done;
    if (done > 0) busy_.erase(busy_.begin(), busy_.begin() + static_cast<std::ptrdiff_t>(done));
  }

 private:
  struct Interval {
    int64_t start, end;
  };
  std::vector<Interval> busy_;  // sorted, disjoint
};

}  // namespace tessera::sim::timing
