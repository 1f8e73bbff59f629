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
  // Many transfers in flight make a calendar long, so it skips the
  // bookings that end by `ready` with a binary search (their ends are
  // sorted, as they are disjoint).
  int64_t find(int64_t ready, int64_t length) const {
    // Most bookings come after every booking the calendar holds.
    if (head_ == busy_.size() || busy_.back().end <= ready) return ready;
    auto busy = std::upper_bound(busy_.begin() + static_cast<std::ptrdiff_t>(head_), busy_.end(),
                                 ready, [](int64_t at, const Interval& b) { return at < b.end; });
    int64_t start = ready;
    for (; busy != busy_.end() && busy->start < start + length; ++busy) start = busy->end;
    return start;
  }

  // Marks [start, end) busy, whether or not part of it already is. Merges
  // it with the bookings it overlaps or touches, so the calendar stays short.
  void occupy(int64_t start, int64_t end) {
    if (end <= start) return;
    // Most bookings come in time order: after, or touching, the last one.
    if (head_ == busy_.size() || busy_.back().end < start) {
      busy_.push_back({start, end});
      return;
    }
    if (busy_.back().start <= start) {
      busy_.back().end = std::max(busy_.back().end, end);
      return;
    }
    auto first =
        std::lower_bound(busy_.begin() + static_cast<std::ptrdiff_t>(head_), busy_.end(), start,
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
  void clear() {
    busy_.clear();
    head_ = 0;
  }

  // Forgets bookings that end by `horizon` (no later booking starts before
  // it). They leave the front of the storage only once they are half of
  // it, so that forgetting one at a time does not move the rest each time.
  void forget_before(int64_t horizon) {
    while (head_ < busy_.size() && busy_[head_].end <= horizon) ++head_;
    if (head_ == busy_.size()) {
      clear();
    } else if (head_ > 8 && head_ * 2 > busy_.size()) {
      busy_.erase(busy_.begin(), busy_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

 private:
  struct Interval {
    int64_t start, end;
  };
  std::vector<Interval> busy_;  // sorted, disjoint; from head_ on
  std::size_t head_ = 0;        // bookings before it are forgotten
};

// The calendars of a kind of resource (a chip's NoC links, its DRAM
// channels), kept from one program's replay to the next. A new program
// clears a calendar when it first uses it: a small program touches few of
// a chip's links, and clearing them all cost more than its replay.
class CalendarSet {
 public:
  // Readies `count` calendars, all empty, for the next program.
  void start_program(std::size_t count) {
    if (calendars_.size() != count) {
      calendars_.assign(count, BusyCalendar{});
      programs_.assign(count, 0);
    }
    ++program_;
  }

  BusyCalendar& operator[](std::size_t index) {
    if (programs_[index] != program_) {
      calendars_[index].clear();
      programs_[index] = program_;
    }
    return calendars_[index];
  }

 private:
  std::vector<BusyCalendar> calendars_;
  std::vector<uint64_t> programs_;  // the program that last used each calendar
  uint64_t program_ = 0;
};

}  // namespace tessera::sim::timing
