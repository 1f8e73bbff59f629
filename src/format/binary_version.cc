#include "tessera/format/binary_version.h"

#include "tessera/format/binary.h"
#include "tessera/format/generated.h"

namespace tessera::format {

std::string supported_versions_text() {
  std::string text;
  for (const SupportedVersion& version : kSupportedVersions) {
    if (!text.empty()) text += ", ";
    text += std::to_string(version.major) + "." + std::to_string(version.minor) + ".x";
  }
  return text;
}

std::string version_problem(const Binary& binary) {
  std::optional<VersionNumber> version = binary.version();
  if (!version) {
    return "the binary carries no version; tessera supports " + supported_versions_text();
  }
  for (const SupportedVersion& supported : kSupportedVersions) {
    if (version->major == supported.major && version->minor == supported.minor) return "";
  }
  return "version " + std::to_string(version->major) + "." + std::to_string(version->minor) + "." +
         std::to_string(version->patch) + " is not one tessera supports (" +
         supported_versions_text() + ")";
}

}  // namespace tessera::format
