#include "tessera/base/status.h"

namespace tessera {

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInvalidArgument:
      return "invalid argument";
    case ErrorCode::kNotFound:
      return "not found";
    case ErrorCode::kAlreadyExists:
      return "already exists";
    case ErrorCode::kOutOfRange:
      return "out of range";
    case ErrorCode::kOutOfMemory:
      return "out of memory";
    case ErrorCode::kFailedPrecondition:
      return "failed precondition";
    case ErrorCode::kDataLoss:
      return "corrupt data";
    case ErrorCode::kUnimplemented:
      return "not supported";
    case ErrorCode::kIo:
      return "i/o error";
    case ErrorCode::kDeadlock:
      return "deadlock";
    case ErrorCode::kKernelFault:
      return "kernel fault";
    case ErrorCode::kInternal:
      return "internal error";
  }
  return "unknown error";
}

Error& Error::add_context(std::string frame) {
  context_.push_back(std::move(frame));
  return *this;
}

Error& Error::add_source(const char* file, int line) {
  sources_.push_back(std::string(file) + ":" + std::to_string(line));
  return *this;
}

std::string Error::describe() const {
  std::string text;
  for (auto frame = context_.rbegin(); frame != context_.rend(); ++frame) {
    text += *frame;
    text += ": ";
  }
  text += message_;
  return text;
}

Error error_from_status(Status&& status) {
  if (status.ok()) {
    return Error(ErrorCode::kInternal,
                 "a Result was built from an ok Status: a value or an error was expected");
  }
  return std::move(status).error();
}

}  // namespace tessera
