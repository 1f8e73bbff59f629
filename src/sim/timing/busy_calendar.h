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
    const int64_t start = find(ready, length);
    occupy(start, start + length);
    return start;
  }

  // The earliest start >= `ready` with `length` free cycles; books nothing.
  int64_t find(int64_t ready, int64_t length) const {
    int64_t start = ready;
    for (const Interval& busy : busy_) {
      if (busy.end <= start) continue;
      if (busy.start >= start + length) break;
      start = busy.end;
    }
    return start;
  }

  // Marks [start, end) busy, whether or not part of it already is. Merges
  // it with the bookings it overlaps or touches, so the calendar stays short.
  void occupy(int64_t start, int64_t end) {
    if (end <= start) return;
    // Most bookings come in time order: after, or touching, the last one.
    if (busy_.empty() || busy_.back().end < start) {
      busy_.push_back({start, end});
      return;
    }
    if (busy_.back().start <= start) {
      busy_.back().end = std::max(busy_.back().end, end);
      return;
    }
    auto first = std::lower_bound(busy_.begin(), busy_.end(), start,
                                  [](const Interval& busy, int64_t at) { return busy.end < at; });
    auto last = first;
    for (; last != busy_.end() && last->start <= end; ++last) {
      start = std::min(start, last->start);
      end = std::max(end, last->end);
    }
    if (first == last) {
      busy_.insert(first, {start, end});
    } else {
      *first = {start, end};
      busy_.erase(first + 1, last);
    }
  }

  // Forgets every booking, keeping the storage for the next program.
  void clear() { busy_.clear(); }

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
