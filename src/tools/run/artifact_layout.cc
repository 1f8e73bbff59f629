#include "artifact_layout.h"

#include <iostream>

#include "output_files.h"

namespace tessera::tools::run {
namespace {

namespace fs = std::filesystem;

// Whether `inner` is `outer` or lies under it.
bool contains(const fs::path& outer, const fs::path& inner) {
  auto [end, _] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return end == outer.end();
}

Status create_folder(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) {
    return make_error(ErrorCode::kIo, "cannot create artifact directory '", dir.string(),
                      "': ", error.message());
  }
  return ok_status();
}

}  // namespace

std::string artifact_dir_problem(const std::string& dir, bool clean) {
  if (dir.empty()) return "--artifact-dir must not be empty";
  std::error_code error;
  if (fs::exists(dir, error) && !fs::is_directory(dir, error)) {
    return "--artifact-dir '" + dir + "' is a file, not a directory";
  }
  if (clean && contains(resolved_path(dir), resolved_path(fs::current_path()))) {
    return "--clean-artifacts would empty '" + dir +
           "', which holds the working directory; name a folder of its own with --artifact-dir";
  }
  return "";
}

Status clean_artifact_dir(const std::string& dir) {
  std::error_code error;
  if (!fs::exists(dir, error)) return ok_status();
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    fs::remove_all(entry.path(), error);
    if (error) break;
  }
  if (error) {
    return make_error(ErrorCode::kIo, "--clean-artifacts: cannot empty '", dir,
                      "': ", error.message());
  }
  return ok_status();
}

Result<fs::path> ArtifactLayout::binary_folder(const std::string& path) {
  const std::string file_name = fs::path(path).filename().string();
  const std::string owner = resolved_path(path).string();
  std::string name = file_name;
  for (int suffix = 2;; ++suffix) {
    auto [it, inserted] = owners_.emplace(name, owner);
    if (inserted || it->second == owner) break;
    name = file_name + "_" + std::to_string(suffix);
  }
  if (name != file_name) {
    std::cerr << "warning: " << path << ": artifacts go to '" << name << "' because another '"
              << file_name << "' already uses '" << file_name << "'\n";
  }
  fs::path folder = fs::path(dir_) / name;
  TESSERA_RETURN_IF_ERROR(create_folder(folder));
  std::error_code error;
  fs::copy_file(path, folder / file_name, fs::copy_options::overwrite_existing, error);
  if (error) {
    return make_error(ErrorCode::kIo, "cannot copy '", path, "' to '",
                      (folder / file_name).string(), "': ", error.message());
  }
  return folder;
}

Result<fs::path> program_folder(const fs::path& binary_folder, uint32_t program) {
  fs::path folder = binary_folder / ("program_" + std::to_string(program));
  TESSERA_RETURN_IF_ERROR(create_folder(folder));
  return folder;
}

}  // namespace tessera::tools::run
