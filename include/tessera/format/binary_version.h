// The binary versions tessera accepts. Like the compiler's run tool, a binary
// whose major or minor version differs is refused (the CLI's
// --ignore-version overrides); the patch version never matters.
#pragma once

#include <cstdint>
#include <string>

namespace tessera::format {

class Binary;

struct SupportedVersion {
  uint32_t major;
  uint32_t minor;
};

// 0.0 (the 2024 compiler's binaries) and 0.1 (tessera's builder).
inline constexpr SupportedVersion kSupportedVersions[] = {{0, 0}, {0, 1}};

// "0.0.x, 0.1.x".
std::string supported_versions_text();

// Why tessera does not support the binary's version, or "" if it does.
std::string version_problem(const Binary& binary);

}  // namespace tessera::format
