#include "npy_writer.h"

#include <cstring>
#include <fstream>

#include "tessera/base/bfloat16.h"
#include "tessera/format/generated.h"

namespace tessera::tools::run {

using tt::target::DataType;

Result<std::string> npy_descr(DataType type) {
  switch (type) {
    case DataType::Float32:
    case DataType::BFloat16:  // widened to float32
      return std::string("<f4");
    case DataType::Float16:
      return std::string("<f2");
    case DataType::UInt32:
      return std::string("<u4");
    case DataType::UInt16:
      return std::string("<u2");
    case DataType::UInt8:
      return std::string("|u1");
    case DataType::Int32:
      return std::string("<i4");
    default:
      return make_error(ErrorCode::kUnimplemented, "no .npy form for data type ",
                        tt::target::EnumNameDataType(type));
  }
}

namespace {

std::vector<uint8_t> widen_bfloat16(std::span<const uint8_t> data) {
  std::vector<uint8_t> out(data.size() * 2);
  for (size_t i = 0; i + 1 < data.size(); i += 2) {
    uint16_t bits;
    std::memcpy(&bits, data.data() + i, 2);
    float value = tessera::bfloat16_bits_to_float(bits);
    std::memcpy(out.data() + i * 2, &value, 4);
  }
  return out;
}

}  // namespace

std::string npy_header(const std::string& descr, std::span<const int64_t> shape) {
  std::string text = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < shape.size(); ++i) {
    text += std::to_string(shape[i]);
    // A one-element tuple needs its trailing comma: (5,).
    if (shape.size() == 1 || i + 1 < shape.size()) text += ",";
    if (i + 1 < shape.size()) text += " ";
  }
  text += "), }";
  // magic (6) + version (2) + length (2) + header + '\n' is a multiple of 64.
  size_t unpadded = 10 + text.size() + 1;
  text.append((64 - unpadded % 64) % 64, ' ');
  text += '\n';
  return text;
}

std::vector<uint8_t> npy_file(const std::string& descr, std::span<const int64_t> shape,
                              std::span<const uint8_t> data) {
  std::string header = npy_header(descr, shape);
  std::vector<uint8_t> file = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
  file.push_back(static_cast<uint8_t>(header.size() & 0xff));
  file.push_back(static_cast<uint8_t>(header.size() >> 8));
  file.insert(file.end(), header.begin(), header.end());
  file.insert(file.end(), data.begin(), data.end());
  return file;
}

Status write_npy(const std::string& path, DataType type, std::span<const int64_t> shape,
                 std::span<const uint8_t> data) {
  TESSERA_ASSIGN_OR_RETURN(std::string descr, npy_descr(type));
  std::vector<uint8_t> widened;
  if (type == DataType::BFloat16) {
    widened = widen_bfloat16(data);
    data = widened;
  }
  std::vector<uint8_t> bytes = npy_file(descr, shape, data);
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (!file) return make_error(ErrorCode::kIo, "cannot write '", path, "'");
  return ok_status();
}

}  // namespace tessera::tools::run
