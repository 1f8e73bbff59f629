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
#include "tessera/format/wire_layout.h"

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
namespace current {
struct SystemDesc;
struct SystemDescRoot;
namespace metal {
struct TTMetalBinary;
}
}  // namespace current
}  // namespace tt::target

namespace tessera::format {

// A binary's version (the same struct in both layouts).
struct VersionNumber {
  uint32_t major = 0;
  uint32_t minor = 0;
  uint32_t patch = 0;
};

class Binary {
 public:
  // Reads and verifies a file. Warnings (extension disagreeing with the
  // identifier, schema hash of another schema) do not fail the load.
  static Result<Binary> load_file(const std::string& path);
  // Copies and verifies an in-memory binary; `name` is used in messages.
  static Result<Binary> load_memory(std::span<const uint8_t> bytes, std::string name = "<memory>");
  // Takes ownership of the bytes: no copy.
  static Result<Binary> load_memory(std::vector<uint8_t>&& bytes, std::string name = "<memory>");
  // Whether `bytes` pass the size-prefix and flatbuffers checks as `kind` in
  // `layout` (not the checksum or string checks): what must hold before
  // seal_binary.
  static bool verifies_as(std::span<const uint8_t> bytes, BinaryKind kind,
                          WireLayout layout = WireLayout::k2024);

  BinaryKind kind() const { return kind_; }
  // Which of the two layouts of its kind the binary is in (wire_layout.h).
  WireLayout layout() const { return layout_; }
  const std::string& name() const { return name_; }
  // The whole file, size prefix included.
  std::span<const uint8_t> bytes() const { return bytes_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

  // nullopt for baseline binaries, which carry no schema hash.
  const std::optional<std::string>& schema_hash() const { return schema_hash_; }
  // True if the binary's schema hash is this build's (or it has none). The
  // compiler hashes its own schema files, so a current-layout binary it
  // wrote carries another hash; its layout is what decides how it is read.
  bool schema_matches() const;

  // The root table; nullptr unless the binary is of that kind and layout.
  const tt::target::SystemDescRoot* system_desc_root() const;
  const tt::target::metal::TTMetalBinary* metal() const;
  const tt::target::ttnn::TTNNBinary* ttnn() const;
  const tt::target::current::SystemDescRoot* current_system_desc_root() const;
  const tt::target::current::metal::TTMetalBinary* current_metal() const;

  // Common to all kinds; nullopt / null if the writer left them out.
  std::optional<VersionNumber> version() const;
  // The system descriptor of a 2024-layout binary, or of a current one.
  const tt::target::SystemDesc* system_desc() const;
  const tt::target::current::SystemDesc* current_system_desc() const;

 private:
  Binary() = default;
  // Verifies `bytes`, which `owner` keeps alive.
  static Result<Binary> load_owned(std::shared_ptr<const void> owner,
                                   std::span<const uint8_t> bytes, std::string name);
  void read_schema_hash();
  void check_extension();
  const uint8_t* root_pointer() const;

  BinaryKind kind_ = BinaryKind::kSystemDesc;
  WireLayout layout_ = WireLayout::k2024;
  std::string name_;
  std::shared_ptr<const void> owner_;  // keeps bytes_ alive; shared by copies
  std::span<const uint8_t> bytes_;
  std::vector<std::string> warnings_;
  std::optional<std::string> schema_hash_;
};

// Frames a finished flatbuffer (built with FinishSizePrefixed) for writing.
Status write_binary_file(const std::string& path, std::span<const uint8_t> bytes);

}  // namespace tessera::format
