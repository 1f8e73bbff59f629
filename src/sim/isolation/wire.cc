#include "wire.h"

#include <sys/socket.h>

#include <cerrno>

namespace tessera::sim::wire {
namespace {

Status send_all(int fd, const uint8_t* data, size_t size) {
  while (size > 0) {
    const ssize_t sent = send(fd, data, size, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) {
      return make_error(ErrorCode::kIo,
                        "the device process's socket is closed: ", std::strerror(errno));
    }
    data += sent;
    size -= static_cast<size_t>(sent);
  }
  return ok_status();
}

// Reads exactly `size` bytes; false if the peer closed first.
Result<bool> receive_all(int fd, uint8_t* data, size_t size) {
  while (size > 0) {
    const ssize_t got = recv(fd, data, size, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      return make_error(ErrorCode::kIo, "reading the device socket: ", std::strerror(errno));
    }
    if (got == 0) return false;
    data += got;
    size -= static_cast<size_t>(got);
  }
  return true;
}

}  // namespace

Status send_frame(int fd, std::span<const uint8_t> message) {
  const uint32_t size = static_cast<uint32_t>(message.size());
  TESSERA_RETURN_IF_ERROR(send_all(fd, reinterpret_cast<const uint8_t*>(&size), sizeof size));
  return send_all(fd, message.data(), message.size());
}

Result<std::vector<uint8_t>> receive_frame(int fd, size_t max_bytes) {
  uint32_t size = 0;
  TESSERA_ASSIGN_OR_RETURN(bool open,
                           receive_all(fd, reinterpret_cast<uint8_t*>(&size), sizeof size));
  if (!open) return make_error(ErrorCode::kNotFound, "the peer closed the connection");
  if (size > max_bytes) {
    return make_error(ErrorCode::kDataLoss, "a ", size, "-byte message is larger than the ",
                      max_bytes, " bytes allowed");
  }
  std::vector<uint8_t> message(size);
  TESSERA_ASSIGN_OR_RETURN(open, receive_all(fd, message.data(), size));
  if (!open) return make_error(ErrorCode::kNotFound, "the peer closed in the middle of a message");
  return message;
}

}  // namespace tessera::sim::wire
