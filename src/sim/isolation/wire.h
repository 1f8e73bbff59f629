// The byte format of messages between the host and a device process:
// little-endian integers, length-prefixed strings and arrays. The reader
// trusts nothing: every length is bounded by the bytes that remain, and the
// first short read makes the whole message an error (sticky), since the
// host reads what a process running untrusted kernels wrote.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim::wire {

class Writer {
 public:
  void u8(uint8_t value) { bytes_.push_back(value); }
  void u32(uint32_t value) { put(&value, sizeof value); }
  void u64(uint64_t value) { put(&value, sizeof value); }
  void i64(int64_t value) { put(&value, sizeof value); }
  void text(std::string_view value) {
    u32(static_cast<uint32_t>(value.size()));
    put(value.data(), value.size());
  }
  void words(std::span<const uint32_t> values) {
    u32(static_cast<uint32_t>(values.size()));
    put(values.data(), values.size_bytes());
  }
  // A length-prefixed run of bytes, written between begin_section() and
  // end_section(), which fills in its length.
  size_t begin_section() {
    const size_t at = bytes_.size();
    u32(0);
    return at;
  }
  void end_section(size_t at) {
    const auto length = static_cast<uint32_t>(bytes_.size() - at - sizeof(uint32_t));
    std::memcpy(bytes_.data() + at, &length, sizeof length);
  }
  // A section whose bytes were written before, by another Writer.
  void section(std::span<const uint8_t> written) {
    u32(static_cast<uint32_t>(written.size()));
    put(written.data(), written.size());
  }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  void put(const void* data, size_t size) {
    const auto* begin = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), begin, begin + size);
  }
  std::vector<uint8_t> bytes_;
};

class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  uint8_t u8() { return scalar<uint8_t>(); }
  uint32_t u32() { return scalar<uint32_t>(); }
  uint64_t u64() { return scalar<uint64_t>(); }
  int64_t i64() { return scalar<int64_t>(); }
  std::string text() {
    const std::span<const uint8_t> value = section();
    return std::string(reinterpret_cast<const char*>(value.data()), value.size());
  }
  std::vector<uint32_t> words() {
    const uint32_t size = count(sizeof(uint32_t));
    std::vector<uint32_t> values(size);
    if (size) std::memcpy(values.data(), bytes_.data() + at_, size * sizeof(uint32_t));
    at_ += size * sizeof(uint32_t);
    return values;
  }
  // A length-prefixed run of bytes (a text(), or what a Writer wrote
  // between begin_section() and end_section()); empty if it does not fit.
  std::span<const uint8_t> section() {
    const uint32_t size = count(1);
    const std::span<const uint8_t> value = bytes_.subspan(at_, size);
    at_ += size;
    return value;
  }
  // A count of elements of at least `element_bytes` each that can still
  // follow; anything larger fails the message (and reads as 0).
  uint32_t count(size_t element_bytes) {
    const uint32_t value = u32();
    if (failed_ || (element_bytes > 0 && value > (bytes_.size() - at_) / element_bytes)) {
      failed_ = true;
      return 0;
    }
    return value;
  }
  // An enum value, which must be below `limit`.
  template <typename Enum>
  Enum choice(uint32_t limit) {
    const uint32_t value = u8();
    if (value >= limit) failed_ = true;
    return static_cast<Enum>(failed_ ? 0 : value);
  }
  bool failed() const { return failed_; }
  // Ok if every read fit and nothing is left over.
  Status finish(const char* what) const {
    if (!failed_ && at_ == bytes_.size()) return ok_status();
    return make_error(ErrorCode::kDataLoss, what, " is malformed (", bytes_.size(),
                      " bytes, read up to ", at_, ")");
  }

 private:
  template <typename T>
  T scalar() {
    T value{};
    if (failed_ || bytes_.size() - at_ < sizeof(T)) {
      failed_ = true;
      return value;
    }
    std::memcpy(&value, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }

  std::span<const uint8_t> bytes_;
  size_t at_ = 0;
  bool failed_ = false;
};

// Frames on a stream socket: a 4-byte length, then the message.
Status send_frame(int fd, std::span<const uint8_t> message);
// Blocks for one frame of at most `max_bytes`; a closed peer is kNotFound.
Result<std::vector<uint8_t>> receive_frame(int fd, size_t max_bytes);

}  // namespace tessera::sim::wire
