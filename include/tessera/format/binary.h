// A loaded, verified binary of any kind (TTSY, TTM0, TTNN).
//
// Loading checks the size prefix and runs the flatbuffers Verifier before any
// field is read; the kind comes from the file identifier, never the extension.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/format/binary_kind.h"

namespace tt::target {
struct SystemDesc;
struct SystemDescRoot;
struct Version;
namespace metal {
struct TTMetalBinary;
}
namespace ttnn {
struct TTNNBinary;
}
}  // namespace tt::target

namespace tessera::format {

class Binary {
 public:
  // Reads and verifies a file. Warnings (extension disagreeing with the
  // identifier, schema hash of another schema) do not fail the load.
  static Result<Binary> load_file(const std::string& path);
  // Copies and verifies an in-memory binary; `name` is used in messages.
  static Result<Binary> load_memory(std::span<const uint8_t> bytes, std::string name = "<memory>");
  // Takes ownership of the bytes: no copy.
  static Result<Binary> load_memory(std::vector<uint8_t>&& bytes, std::string name = "<memory>");
  // Whether `bytes` pass the size-prefix and flatbuffers checks as `kind`
  // (not the checksum or string checks): what must hold before seal_binary.
  static bool verifies_as(std::span<const uint8_t> bytes, BinaryKind kind);

  BinaryKind kind() const { return kind_; }
  const std::string& name() const { return name_; }
  // The whole file, size prefix included.
  std::span<const uint8_t> bytes() const { return bytes_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

  // nullopt for baseline binaries, which carry no schema hash.
  const std::optional<std::string>& schema_hash() const { return schema_hash_; }
  // True if the binary's schema hash is this build's (or it has none).
  bool schema_matches() const;

  // The root table; nullptr unless the binary is of that kind.
  const tt::target::SystemDescRoot* system_desc_root() const;
  const tt::target::metal::TTMetalBinary* metal() const;
  const tt::target::ttnn::TTNNBinary* ttnn() const;

  // Common to all kinds; may be null if the writer left them out.
  const tt::target::Version* version() const;
  const tt::target::SystemDesc* system_desc() const;

 private:
  Binary() = default;
  // Verifies `bytes`, which `owner` keeps alive.
  static Result<Binary> load_owned(std::shared_ptr<const void> owner,
                                   std::span<const uint8_t> bytes, std::string name);
  void read_schema_hash();
  void check_extension();
  const uint8_t* root_pointer() const;

  BinaryKind kind_ = BinaryKind::kSystemDesc;
  std::string name_;
  std::shared_ptr<const void> owner_;  // keeps bytes_ alive; shared by copies
  std::span<const uint8_t> bytes_;
  std::vector<std::string> warnings_;
  std::optional<std::string> schema_hash_;
};

// Frames a finished flatbuffer (built with FinishSizePrefixed) for writing.
Status write_binary_file(const std::string& path, std::span<const uint8_t> bytes);

}  // namespace tessera::format
