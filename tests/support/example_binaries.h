// Test helpers: the example binaries' JSON sources and binaries built from them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tessera/format/json.h"

namespace tessera::testing {

inline std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

inline std::string example_json(const std::string& name) {
  return read_text_file(std::filesystem::path(TESSERA_SOURCE_DIR) / "examples/json" / name);
}

// Builds an example into a binary; aborts the test binary if that fails,
// since every test below relies on it.
inline std::vector<uint8_t> example_binary(
    const std::string& name, format::BinaryKind kind,
    format::SchemaHashStamp stamp = format::SchemaHashStamp::kStampIfAbsent) {
  auto bytes = format::json_to_binary(example_json(name), kind, stamp);
  if (!bytes.ok()) throw std::runtime_error(bytes.error().describe());
  return std::move(bytes).value();
}

inline void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// A fresh directory under the system temp dir, removed when it goes away.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tessera-test-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace tessera::testing
