#include "npy_reader.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

namespace tessera::tools::run {
namespace {

constexpr uint8_t kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

// The value text after `'key':` in the header dictionary, up to the next
// top-level comma or closing brace.
Result<std::string> header_value(const std::string& header, const std::string& key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos) at = header.find("\"" + key + "\"");
  if (at == std::string::npos) {
    return make_error(ErrorCode::kInvalidArgument, "the header has no '", key, "' entry");
  }
  size_t colon = header.find(':', at);
  if (colon == std::string::npos) {
    return make_error(ErrorCode::kInvalidArgument, "the header's '", key, "' entry has no value");
  }
  size_t begin = header.find_first_not_of(' ', colon + 1);
  size_t end = begin;
  int depth = 0;
  for (; end < header.size(); ++end) {
    char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
  }
  if (begin == std::string::npos || end > header.size() || depth != 0) {
    return make_error(ErrorCode::kInvalidArgument, "the header's '", key, "' entry is malformed");
  }
  return header.substr(begin, end - begin);
}

Result<std::string> parse_descr(const std::string& value) {
  if (value.size() < 3 || (value.front() != '\'' && value.front() != '"') ||
      value.back() != value.front()) {
    return make_error(ErrorCode::kInvalidArgument, "descr ", value, " is not a quoted type string");
  }
  return value.substr(1, value.size() - 2);
}

// "(32, 64)", "(5,)" or "()".
Result<std::vector<int64_t>> parse_shape(const std::string& value) {
  if (value.size() < 2 || value.front() != '(' || value.back() != ')') {
    return make_error(ErrorCode::kInvalidArgument, "shape ", value, " is not a tuple");
  }
  std::vector<int64_t> shape;
  std::string body = value.substr(1, value.size() - 2);
  size_t at = 0;
  while (at < body.size()) {
    size_t comma = body.find(',', at);
    std::string item = body.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    size_t first = item.find_first_not_of(' ');
    if (first != std::string::npos) {
      item = item.substr(first, item.find_last_not_of(' ') - first + 1);
      if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos ||
          item.size() > 18) {
        return make_error(ErrorCode::kInvalidArgument, "shape ", value,
                          " has a dimension that is not a non-negative integer");
      }
      shape.push_back(std::stoll(item));
    }
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return shape;
}

// Element size of a little-endian (or byte-sized) numeric type string.
Result<uint32_t> item_size_of(const std::string& descr) {
  if (descr.size() < 3 || (descr[0] != '<' && descr[0] != '|' && descr[0] != '=')) {
    return make_error(ErrorCode::kUnimplemented, "dtype '", descr,
                      "' is not little-endian; save the array with a '<' dtype");
  }
  if (descr[1] != 'f' && descr[1] != 'i' && descr[1] != 'u' && descr[1] != 'b') {
    return make_error(ErrorCode::kUnimplemented, "dtype '", descr,
                      "' is not a numeric type (float, int, uint or bool)");
  }
  std::string digits = descr.substr(2);
  if (digits != "1" && digits != "2" && digits != "4" && digits != "8") {
    return make_error(ErrorCode::kUnimplemented, "dtype '", descr, "' has an unsupported size");
  }
  return static_cast<uint32_t>(std::stoul(digits));
}

Result<NpyArray> parse(std::span<const uint8_t> bytes) {
  if (bytes.size() < 10 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    return make_error(ErrorCode::kInvalidArgument, "not a .npy file (no \\x93NUMPY magic)");
  }
  const uint8_t major = bytes[6];
  if (major < 1 || major > 3) {
    return make_error(ErrorCode::kUnimplemented, ".npy format version ", int{major},
                      " is not supported (1, 2 and 3 are)");
  }
  const size_t length_bytes = major == 1 ? 2 : 4;
  const size_t prefix = 8 + length_bytes;
  if (bytes.size() < prefix) {
    return make_error(ErrorCode::kInvalidArgument, "the file ends inside its header length");
  }
  uint64_t header_length = 0;
  for (size_t i = 0; i < length_bytes; ++i) header_length |= uint64_t{bytes[8 + i]} << (8 * i);
  if (header_length > bytes.size() - prefix) {
    return make_error(ErrorCode::kInvalidArgument, "the header claims ", header_length,
                      " bytes but the file has ", bytes.size() - prefix, " after the prefix");
  }
  std::string header(reinterpret_cast<const char*>(bytes.data() + prefix), header_length);
  TESSERA_ASSIGN_OR_RETURN(std::string order, header_value(header, "fortran_order"));
  if (order != "False") {
    return make_error(ErrorCode::kUnimplemented,
                      "the array is in Fortran order; save it in C order (np.ascontiguousarray)");
  }
  NpyArray array;
  TESSERA_ASSIGN_OR_RETURN(std::string descr_text, header_value(header, "descr"));
  TESSERA_ASSIGN_OR_RETURN(array.descr, parse_descr(descr_text));
  TESSERA_ASSIGN_OR_RETURN(array.item_size, item_size_of(array.descr));
  TESSERA_ASSIGN_OR_RETURN(std::string shape_text, header_value(header, "shape"));
  TESSERA_ASSIGN_OR_RETURN(array.shape, parse_shape(shape_text));
  uint64_t elements = 1;
  for (int64_t dim : array.shape) {
    if (dim != 0 && elements > std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(dim)) {
      return make_error(ErrorCode::kInvalidArgument, "shape ", shape_text, " overflows");
    }
    elements *= static_cast<uint64_t>(dim);
  }
  const uint64_t data_bytes = bytes.size() - prefix - header_length;
  if (elements > data_bytes / array.item_size || elements * array.item_size != data_bytes) {
    return make_error(ErrorCode::kInvalidArgument, "shape ", shape_text, " of '", array.descr,
                      "' needs ", elements, " elements but the file holds ", data_bytes,
                      " data bytes");
  }
  const uint8_t* data = bytes.data() + prefix + header_length;
  array.data.assign(data, data + data_bytes);
  return array;
}

}  // namespace

Result<NpyArray> parse_npy(std::span<const uint8_t> bytes, const std::string& name) {
  auto array = parse(bytes);
  if (!array.ok()) return std::move(array).error().add_context(name);
  return array;
}

Result<NpyArray> read_npy(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    return make_error(ErrorCode::kInvalidArgument, path, ": is a directory, not a .npy file");
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) return make_error(ErrorCode::kIo, path, ": cannot open the file");
  std::vector<uint8_t> bytes;
  // A stream buffer reports a failed read (EIO, a special file) by throwing.
  try {
    bytes.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure&) {
    return make_error(ErrorCode::kIo, path, ": cannot read the file");
  }
  if (file.bad()) return make_error(ErrorCode::kIo, path, ": cannot read the file");
  return parse_npy(bytes, path);
}

}  // namespace tessera::tools::run
