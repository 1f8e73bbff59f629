#include "tessera/format/binary.h"

#include <fcntl.h>
#include <flatbuffers/flatbuffers.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

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
// Deep enough for any real program, shallow enough to bound malicious nesting.
constexpr flatbuffers::uoffset_t kMaxDepth = 64;
constexpr flatbuffers::uoffset_t kMaxTables = 50'000'000;

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

bool verify_root(BinaryKind kind, const uint8_t* data, size_t size) {
  flatbuffers::Verifier::Options options;
  options.max_depth = kMaxDepth;
  options.max_tables = kMaxTables;
  flatbuffers::Verifier verifier(data, size, options);
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return tt::target::VerifySizePrefixedSystemDescRootBuffer(verifier);
    case BinaryKind::kMetal:
      return tt::target::metal::VerifySizePrefixedTTMetalBinaryBuffer(verifier);
    case BinaryKind::kTtnn:
      return tt::target::ttnn::VerifySizePrefixedTTNNBinaryBuffer(verifier);
  }
  return false;
}

std::string root_table_name(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return "SystemDescRoot";
    case BinaryKind::kMetal:
      return "TTMetalBinary";
    case BinaryKind::kTtnn:
      return "TTNNBinary";
  }
  return "";
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

bool Binary::verifies_as(std::span<const uint8_t> bytes, BinaryKind kind) {
  if (bytes.size() < kMinimumBytes) return false;
  const uint64_t prefix = flatbuffers::ReadScalar<flatbuffers::uoffset_t>(bytes.data());
  if (prefix > bytes.size() - kSizePrefixBytes ||
      prefix + kSizePrefixBytes >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    return false;
  }
  return verify_root(kind, bytes.data(), static_cast<size_t>(prefix + kSizePrefixBytes));
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
  if (!verify_root(*kind, bytes.data(), framed_size)) {
    return fail(ErrorCode::kDataLoss, "failed flatbuffers verification as ", root_table_name(*kind),
                " (", identifier_text,
                "): offsets, lengths or nesting are out of bounds; the file is corrupt, truncated"
                " inside, or not written by a compatible schema");
  }

  TESSERA_RETURN_IF_ERROR(check_checksum(bytes, framed_size, *kind), name);
  TESSERA_RETURN_IF_ERROR(
      deep_check(binary_schema(*kind), bytes.data() + kSizePrefixBytes).with_context(name));

  Binary binary;
  binary.kind_ = *kind;
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
  if (hash) schema_hash_ = hash->str();
  if (!schema_matches()) {
    warnings_.push_back(
        "written with another schema (hash " + *schema_hash_ + ", this tessera's is " +
        format::schema_hash(kind_) +
        "): fields that schema appended are ignored and values may be misread. To proceed, "
        "rebuild the binary with this tessera (`tessera read --section all FILE > f.json` with "
        "the tessera that wrote it, then `tessera build f.json -o FILE`) or run it with the "
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
  return !schema_hash_ || *schema_hash_ == format::schema_hash(kind_);
}

const uint8_t* Binary::root_pointer() const {
  return bytes_.data();
}

const tt::target::SystemDescRoot* Binary::system_desc_root() const {
  if (kind_ != BinaryKind::kSystemDesc) return nullptr;
  return tt::target::GetSizePrefixedSystemDescRoot(root_pointer());
}

const tt::target::metal::TTMetalBinary* Binary::metal() const {
  if (kind_ != BinaryKind::kMetal) return nullptr;
  return tt::target::metal::GetSizePrefixedTTMetalBinary(root_pointer());
}

const tt::target::ttnn::TTNNBinary* Binary::ttnn() const {
  if (kind_ != BinaryKind::kTtnn) return nullptr;
  return tt::target::ttnn::GetSizePrefixedTTNNBinary(root_pointer());
}

const tt::target::Version* Binary::version() const {
  switch (kind_) {
    case BinaryKind::kSystemDesc:
      return system_desc_root()->version();
    case BinaryKind::kMetal:
      return metal()->version();
    case BinaryKind::kTtnn:
      return ttnn()->version();
  }
  return nullptr;
}

const tt::target::SystemDesc* Binary::system_desc() const {
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
