// The replay's calendars against a plain list of every booking: a calendar
// merges, forgets and searches its bookings to be fast, and must answer
// exactly as the list does for every booking that starts at or after the
// horizon.
#include "../../../src/sim/timing/busy_calendar.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace tessera::sim::timing {
namespace {

// Every booking as it was made, searched one by one.
class BookingList {
 public:
  void forget_before(int64_t horizon) {
    std::erase_if(busy_, [&](const auto& booking) { return booking.second <= horizon; });
  }
  int64_t find(int64_t ready, int64_t length) const {
    int64_t start = ready;
    for (bool moved = true; moved;) {
      moved = false;
      for (const auto& [begin, end] : busy_) {
        if (begin < start + length && end > start) {
          start = end;
          moved = true;
        }
      }
    }
    return start;
  }
  void occupy(int64_t start, int64_t end) {
    if (end > start) busy_.emplace_back(start, end);
  }

 private:
  std::vector<std::pair<int64_t, int64_t>> busy_;
};

TEST(BusyCalendarTest, AnswersAsAListOfEveryBookingDoes) {
  std::mt19937 random(20261207);
  auto between = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(random);
  };
  BusyCalendar calendar;
  BookingList list;
  int64_t horizon = 0;
  for (int i = 0; i < 20000; ++i) {
    // Many bookings in flight at once, far ahead of the horizon, as when
    // a kernel queues DRAM reads back to back.
    if (between(0, 3) == 0) horizon += between(0, 60);
    const int64_t ready = horizon + between(0, 2000);
    const int64_t length = between(1, 48);
    if (between(0, 4) == 0) {
      // A booking that may overlap others (a bank held by its response).
      calendar.forget_before(horizon);
      list.forget_before(horizon);
      calendar.occupy(ready, ready + length);
      list.occupy(ready, ready + length);
      continue;
    }
    list.forget_before(horizon);
    const int64_t expected = list.find(ready, length);
    list.occupy(expected, expected + length);
    ASSERT_EQ(calendar.book(ready, length, horizon), expected) << "booking " << i;
  }
}

TEST(BusyCalendarTest, FindsTheGapBetweenBookingsThatFitsAndNoEarlier) {
  BusyCalendar calendar;
  calendar.occupy(10, 20);
  calendar.occupy(25, 30);
  calendar.occupy(40, 50);
  EXPECT_EQ(calendar.find(0, 10), 0);    // ends as the first booking starts
  EXPECT_EQ(calendar.find(0, 11), 50);   // no gap before the last one is long enough
  EXPECT_EQ(calendar.find(15, 5), 20);   // the gap between the first two
  EXPECT_EQ(calendar.find(21, 10), 30);  // after the second
  EXPECT_EQ(calendar.find(60, 5), 60);   // after them all
}

TEST(BusyCalendarTest, ForgottenBookingsNoLongerBlock) {
  BusyCalendar calendar;
  for (int64_t start = 0; start < 400; start += 20) calendar.occupy(start, start + 10);
  calendar.forget_before(395);
  EXPECT_EQ(calendar.find(395, 5), 395);  // only [380, 390) ended before it
  calendar.forget_before(1000);
  EXPECT_EQ(calendar.book(0, 1000, 1000), 0);
}

TEST(CalendarSetTest, ANewProgramFindsEveryCalendarEmpty) {
  CalendarSet calendars;
  calendars.start_program(3);
  EXPECT_EQ(calendars[1].book(0, 100, 0), 0);
  EXPECT_EQ(calendars[1].book(0, 100, 0), 100);
  calendars.start_program(3);
  EXPECT_EQ(calendars[1].book(0, 100, 0), 0);  // the last program's bookings are gone
  EXPECT_EQ(calendars[2].book(0, 100, 0), 0);
  calendars.start_program(5);  // another chip: more calendars
  EXPECT_EQ(calendars[4].book(7, 1, 0), 7);
  EXPECT_EQ(calendars[1].find(0, 100), 0);
}

}  // namespace
}  // namespace tessera::sim::timing
