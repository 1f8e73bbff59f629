#include "tessera/format/binary.h"

#include <fcntl.h>
#include <flatbuffers/flatbuffers.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "current/metal/binary_generated.h"
#include "current/system_desc_generated.h"
#include "deep_check.h"
#include "metal/binary_generated.h"
#include "system_desc_generated.h"
#include "tessera/base/large_buffer.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"
#include "ttnn/binary_generated.h"

namespace tessera::format {
namespace {

constexpr size_t kSizePrefixBytes = sizeof(flatbuffers::uoffset_t);
// Size prefix, root offset and the 4-byte file identifier.
constexpr size_t kMinimumBytes = kSizePrefixBytes + sizeof(flatbuffers::uoffset_t) + 4;
std::string printable_identifier(std::span<const uint8_t> id) {
  std::string text;
  for (uint8_t byte : id) {
    if (byte >= 0x20 && byte < 0x7f) {
      text += static_cast<char>(byte);
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      text += escaped;
    }
  }
  return text;
}

std::string extension_of(const std::string& name) {
  std::string extension = std::filesystem::path(name).extension().string();
  if (!extension.empty()) extension.erase(0, 1);
  return extension;
}

bool has_schema_hash(const uint8_t* data, BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return tt::target::GetSizePrefixedSystemDescRoot(data)->schema_hash() != nullptr;
    case BinaryKind::kMetal:
      return tt::target::metal::GetSizePrefixedTTMetalBinary(data)->schema_hash() != nullptr;
    case BinaryKind::kTtnn:
      return tt::target::ttnn::GetSizePrefixedTTNNBinary(data)->schema_hash() != nullptr;
  }
  return false;
}

// Catches damage the Verifier cannot see: bit flips in strings and scalars.
Status check_checksum(std::span<const uint8_t> bytes, size_t framed_size, BinaryKind kind) {
  IntegrityCheck integrity = check_integrity({bytes.data(), framed_size}, kind);
  if (!integrity.stored) {
    if (!has_schema_hash(bytes.data(), kind)) return ok_status();  // a baseline binary
    return make_error(ErrorCode::kDataLoss,
                      "carries a schema hash but no content checksum: tessera writes both, so "
                      "the file was damaged or written by a tool that does not seal binaries");
  }
  if (*integrity.stored != integrity.computed) {
    char detail[96];
    std::snprintf(detail, sizeof detail, "stored %016llx, computed %016llx",
                  static_cast<unsigned long long>(*integrity.stored),
                  static_cast<unsigned long long>(integrity.computed));
    return make_error(ErrorCode::kDataLoss, "content checksum mismatch (", detail,
                      "): the file was modified or damaged after it was written");
  }
  return ok_status();
}

Result<LargeBuffer> read_whole_file(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return make_error(ErrorCode::kIo, "cannot open '", path, "': ", std::strerror(errno));
  }
  struct stat info {};
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    return make_error(ErrorCode::kIo, "cannot read '", path, "': not a regular file");
  }
  LargeBuffer bytes(static_cast<size_t>(info.st_size));
  if (!bytes.valid()) {
    close(fd);
    return make_error(ErrorCode::kOutOfMemory, "cannot allocate ", info.st_size, " bytes to read '",
                      path, "'");
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t got = read(fd, bytes.data() + done, bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      int error = errno;
      close(fd);
      return make_error(ErrorCode::kIo, "cannot read '", path,
                        "': ", got == 0 ? "file shrank while being read" : std::strerror(error));
    }
    done += static_cast<size_t>(got);
  }
  close(fd);
  return bytes;
}

}  // namespace

Result<Binary> Binary::load_file(const std::string& path) {
  std::error_code error;
  auto status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) {
    return make_error(ErrorCode::kNotFound, "cannot open '", path, "': no such file");
  }
  if (std::filesystem::is_directory(status)) {
    return make_error(ErrorCode::kInvalidArgument, "cannot load '", path,
                      "': it is a directory, not a binary");
  }
  TESSERA_ASSIGN_OR_RETURN(LargeBuffer bytes, read_whole_file(path));
  auto owner = std::make_shared<const LargeBuffer>(std::move(bytes));
  return load_owned(owner, owner->span(), path);
}

Result<Binary> Binary::load_memory(std::span<const uint8_t> bytes, std::string name) {
  LargeBuffer copy(bytes.size());
  if (!copy.valid()) {
    return make_error(ErrorCode::kOutOfMemory, "cannot allocate ", bytes.size(),
                      " bytes to hold the binary")
        .add_context(name);
  }
  if (!bytes.empty()) std::memcpy(copy.data(), bytes.data(), bytes.size());
  auto owner = std::make_shared<const LargeBuffer>(std::move(copy));
  return load_owned(owner, owner->span(), std::move(name));
}

Result<Binary> Binary::load_memory(std::vector<uint8_t>&& bytes, std::string name) {
  auto owner = std::make_shared<const std::vector<uint8_t>>(std::move(bytes));
  return load_owned(owner, *owner, std::move(name));
}

bool Binary::verifies_as(std::span<const uint8_t> bytes, BinaryKind kind, WireLayout layout) {
  if (bytes.size() < kMinimumBytes) return false;
  const uint64_t prefix = flatbuffers::ReadScalar<flatbuffers::uoffset_t>(bytes.data());
  if (prefix > bytes.size() - kSizePrefixBytes ||
      prefix + kSizePrefixBytes >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    return false;
  }
  return verifies_in_layout(kind, layout,
                            bytes.first(static_cast<size_t>(prefix + kSizePrefixBytes)));
}

Result<Binary> Binary::load_owned(std::shared_ptr<const void> owner, std::span<const uint8_t> bytes,
                                  std::string name) {
  auto fail = [&name](ErrorCode code, auto... parts) {
    return make_error(code, parts...).add_context(name);
  };
  if (bytes.empty()) return fail(ErrorCode::kDataLoss, "empty file (0 bytes)");
  if (bytes.size() < kMinimumBytes) {
    return fail(ErrorCode::kDataLoss, "too short to be a binary: ", bytes.size(),
                " bytes, a size-prefixed flatbuffer needs at least ", kMinimumBytes);
  }
  uint64_t prefix = flatbuffers::ReadScalar<flatbuffers::uoffset_t>(bytes.data());
  uint64_t available = bytes.size() - kSizePrefixBytes;
  if (prefix > available) {
    return fail(ErrorCode::kDataLoss, "shorter than its size prefix: the prefix says ", prefix,
                " bytes follow, but only ", available, " do (truncated file?)");
  }
  if (prefix < sizeof(flatbuffers::uoffset_t) + 4) {
    return fail(ErrorCode::kDataLoss, "size prefix ", prefix,
                " is too small to hold a root offset and file identifier");
  }
  std::span<const uint8_t> identifier(bytes.data() + kSizePrefixBytes + 4, 4);
  std::string identifier_text(identifier.begin(), identifier.end());
  auto kind = kind_from_identifier(identifier_text);
  if (!kind) {
    return fail(ErrorCode::kInvalidArgument, "unknown file identifier '",
                printable_identifier(identifier), "' (expected TTSY, TTM0 or TTNN)");
  }
  size_t framed_size = static_cast<size_t>(prefix + kSizePrefixBytes);
  if (framed_size >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    return fail(ErrorCode::kInvalidArgument, "binary of ", framed_size,
                " bytes exceeds the flatbuffers limit of 2 GiB");
  }
  auto layout = detect_wire_layout(*kind, bytes.first(framed_size));
  if (!layout.ok()) return std::move(layout).error().add_context(name);

  // The current layout is the compiler's byte for byte: it has no checksum.
  if (*layout == WireLayout::k2024) {
    TESSERA_RETURN_IF_ERROR(check_checksum(bytes, framed_size, *kind), name);
  }
  TESSERA_RETURN_IF_ERROR(deep_check(binary_schema(*kind, *layout), bytes.data() + kSizePrefixBytes)
                              .with_context(name));

  Binary binary;
  binary.kind_ = *kind;
  binary.layout_ = *layout;
  binary.name_ = std::move(name);
  if (framed_size < bytes.size()) {
    binary.warnings_.push_back(std::to_string(bytes.size() - framed_size) +
                               " trailing bytes after the size-prefixed flatbuffer were ignored");
  }
  binary.owner_ = std::move(owner);
  binary.bytes_ = bytes;
  binary.read_schema_hash();
  binary.check_extension();
  return binary;
}

void Binary::read_schema_hash() {
  const flatbuffers::String* hash = nullptr;
  if (layout_ == WireLayout::kCurrent) {
    hash = kind_ == BinaryKind::kMetal ? current_metal()->schema_hash()
                                       : current_system_desc_root()->schema_hash();
  } else {
    switch (kind_) {
      case BinaryKind::kSystemDesc:
        hash = system_desc_root()->schema_hash();
        break;
      case BinaryKind::kMetal:
        hash = metal()->schema_hash();
        break;
      case BinaryKind::kTtnn:
        hash = ttnn()->schema_hash();
        break;
    }
  }
  if (hash) schema_hash_ = hash->str();
  // A current-layout binary from the compiler carries the compiler's hash.
  if (!schema_matches() && layout_ == WireLayout::k2024) {
    warnings_.push_back(
        "written with another schema (hash " + *schema_hash_ + ", this tessera's is " +
        format::schema_hash(kind_) +
        "): fields that schema appended are ignored and values may be misread. To proceed, "
        "rebuild the binary with this tessera (`tessera read --section all --full FILE > f.json` "
        "with the tessera that wrote it, then `tessera build f.json -o FILE`) or run it with the "
        "tessera that wrote it.");
  }
}

void Binary::check_extension() {
  std::string extension = extension_of(name_);
  auto extension_kind = kind_from_extension(extension);
  if (extension_kind && *extension_kind != kind_) {
    warnings_.push_back("file extension '." + extension + "' suggests a " +
                        std::string(kind_name(*extension_kind)) + " binary, but its identifier " +
                        std::string(file_identifier(kind_)) + " makes it a " +
                        std::string(kind_name(kind_)) + " binary; loading it as " +
                        std::string(kind_name(kind_)));
  }
}

bool Binary::schema_matches() const {
  return !schema_hash_ || *schema_hash_ == format::schema_hash(kind_, layout_);
}

const uint8_t* Binary::root_pointer() const {
  return bytes_.data();
}

const tt::target::SystemDescRoot* Binary::system_desc_root() const {
  if (kind_ != BinaryKind::kSystemDesc || layout_ != WireLayout::k2024) return nullptr;
  return tt::target::GetSizePrefixedSystemDescRoot(root_pointer());
}

const tt::target::metal::TTMetalBinary* Binary::metal() const {
  if (kind_ != BinaryKind::kMetal || layout_ != WireLayout::k2024) return nullptr;
  return tt::target::metal::GetSizePrefixedTTMetalBinary(root_pointer());
}

const tt::target::ttnn::TTNNBinary* Binary::ttnn() const {
  if (kind_ != BinaryKind::kTtnn) return nullptr;
  return tt::target::ttnn::GetSizePrefixedTTNNBinary(root_pointer());
}

const tt::target::current::SystemDescRoot* Binary::current_system_desc_root() const {
  if (kind_ != BinaryKind::kSystemDesc || layout_ != WireLayout::kCurrent) return nullptr;
  return tt::target::current::GetSizePrefixedSystemDescRoot(root_pointer());
}

const tt::target::current::metal::TTMetalBinary* Binary::current_metal() const {
  if (kind_ != BinaryKind::kMetal || layout_ != WireLayout::kCurrent) return nullptr;
  return tt::target::current::metal::GetSizePrefixedTTMetalBinary(root_pointer());
}

namespace {

template <typename V>
std::optional<VersionNumber> version_number(const V* version) {
  if (!version) return std::nullopt;
  return VersionNumber{version->major(), version->minor(), version->patch()};
}

}  // namespace

std::optional<VersionNumber> Binary::version() const {
  if (layout_ == WireLayout::kCurrent) {
    return kind_ == BinaryKind::kMetal ? version_number(current_metal()->version())
                                       : version_number(current_system_desc_root()->version());
  }
  switch (kind_) {
    case BinaryKind::kSystemDesc:
      return version_number(system_desc_root()->version());
    case BinaryKind::kMetal:
      return version_number(metal()->version());
    case BinaryKind::kTtnn:
      return version_number(ttnn()->version());
  }
  return std::nullopt;
}

const tt::target::SystemDesc* Binary::system_desc() const {
  if (layout_ != WireLayout::k2024) return nullptr;
  switch (kind_) {
    case BinaryKind::kSystemDesc:
      return system_desc_root()->system_desc();
    case BinaryKind::kMetal:
      return metal()->system_desc();
    case BinaryKind::kTtnn:
      return ttnn()->system_desc();
  }
  return nullptr;
}

const tt::target::current::SystemDesc* Binary::current_system_desc() const {
  if (layout_ != WireLayout::kCurrent) return nullptr;
  return kind_ == BinaryKind::kMetal ? current_metal()->system_desc()
                                     : current_system_desc_root()->system_desc();
}

Status write_binary_file(const std::string& path, std::span<const uint8_t> bytes) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) {
    return make_error(ErrorCode::kIo, "cannot write '", path, "': ", std::strerror(errno));
  }
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  if (!file.flush()) {
    return make_error(ErrorCode::kIo, "cannot write '", path, "': ", std::strerror(errno));
  }
  return ok_status();
}

}  // namespace tessera::format
