// Errors as values: Status (ok or an Error) and Result<T> (a T or an Error).
//
// An Error carries a code, a message saying what went wrong and why, and a
// context chain saying where (binary, program, command, kernel, core...).
// Each layer adds its own context on the way up with Status::with_context.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tessera {

enum class ErrorCode {
  kInvalidArgument,     // the caller passed something malformed
  kNotFound,            // a file, id or name does not exist
  kAlreadyExists,       // an id or range is already taken
  kOutOfRange,          // an address, index or size outside its bounds
  kOutOfMemory,         // an allocator could not satisfy a request
  kFailedPrecondition,  // the system is not in a state that allows this
  kDataLoss,            // input bytes are corrupt or truncated
  kUnimplemented,       // valid, but not supported by tessera
  kIo,                  // the operating system refused a file operation
  kDeadlock,            // every kernel fiber is blocked
  kKernelFault,         // device kernel code crashed or misbehaved
  kInternal,            // a tessera bug
};

const char* error_code_name(ErrorCode code);

class Error {
 public:
  Error(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // In the order frames were added: innermost first ("command 3",
  // "program 0", "binary a.ttm"); describe() prints them outermost first.
  const std::vector<std::string>& context() const { return context_; }

  // Adds a "where" frame; frames added later are outer frames.
  Error& add_context(std::string frame);

  // "binary a.ttm: program 0: command 3 (CreateBuffer): <message>"
  std::string describe() const;

  // "src/x.cc:12" of each TESSERA_RETURN_IF_ERROR / TESSERA_ASSIGN_OR_RETURN
  // the error passed through, innermost first. Debug builds only; never part
  // of describe(), so messages are the same in every build.
  const std::vector<std::string>& sources() const { return sources_; }
  Error& add_source(const char* file, int line);

 private:
  ErrorCode code_;
  std::string message_;
  std::vector<std::string> context_;
  std::vector<std::string> sources_;
};

// An ok Status is a null pointer: cheap to return on hot paths.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::make_unique<Error>(std::move(error))) {}  // NOLINT: implicit
  Status(const Status& other)
      : error_(other.error_ ? std::make_unique<Error>(*other.error_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) {
    if (this != &other) error_ = other.error_ ? std::make_unique<Error>(*other.error_) : nullptr;
    return *this;
  }
  Status& operator=(Status&&) noexcept = default;

  bool ok() const { return error_ == nullptr; }
  const Error& error() const& { return *error_; }
  Error&& error() && { return std::move(*error_); }

  Status& with_context(std::string frame) {
    if (error_) error_->add_context(std::move(frame));
    return *this;
  }

 private:
  std::unique_ptr<Error> error_;
};

inline Status ok_status() {
  return Status();
}

// The error a Result built from `status` holds. An ok Status carries no
// error, and a Result needs either a value or one: that is a caller's bug,
// reported as an internal error rather than a null dereference.
Error error_from_status(Status&& status);

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}      // NOLINT
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT
  Result(Status status)                                                      // NOLINT: implicit
      : state_(std::in_place_index<1>, error_from_status(std::move(status))) {}

  bool ok() const { return state_.index() == 0; }
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const& { return std::get<1>(state_); }
  Error&& error() && { return std::get<1>(std::move(state_)); }
  Status status() const { return ok() ? Status() : Status(error()); }

  Result& with_context(std::string frame) {
    if (!ok()) std::get<1>(state_).add_context(std::move(frame));
    return *this;
  }

 private:
  std::variant<T, Error> state_;
};

// Builds an Error from pieces: make_error(ErrorCode::kOutOfRange, "address ", a, " past ", b).
template <typename... Parts>
Error make_error(ErrorCode code, const Parts&... parts);

}  // namespace tessera

#include "tessera/base/status_inl.h"

#define TESSERA_CONCAT_INNER(a, b) a##b
#define TESSERA_CONCAT(a, b) TESSERA_CONCAT_INNER(a, b)

// Returns the error of a Status/Result expression from the enclosing
// function. Optional parts after `expr` become a context frame, built only on
// failure: TESSERA_RETURN_IF_ERROR(run(command), "command ", index).
// Takes the value by copy: `expr` may be a reference into a temporary.
#define TESSERA_RETURN_IF_ERROR(expr, ...)                                               \
  do {                                                                                   \
    auto tessera_status_ = (expr);                                                       \
    if (!tessera_status_.ok()) [[unlikely]] {                                            \
      return ::tessera::detail::on_failure(std::move(tessera_status_).error(), __FILE__, \
                                           __LINE__ __VA_OPT__(, ) __VA_ARGS__);         \
    }                                                                                    \
  } while (false)

// Declares `lhs` from a Result expression, or returns its error.
#define TESSERA_ASSIGN_OR_RETURN(lhs, expr) \
  TESSERA_ASSIGN_OR_RETURN_IMPL(TESSERA_CONCAT(tessera_result_, __LINE__), lhs, expr)
#define TESSERA_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr)                                 \
  auto tmp = (expr);                                                                  \
  if (!tmp.ok()) [[unlikely]] {                                                       \
    return ::tessera::detail::on_failure(std::move(tmp).error(), __FILE__, __LINE__); \
  }                                                                                   \
  lhs = std::move(tmp).value()
