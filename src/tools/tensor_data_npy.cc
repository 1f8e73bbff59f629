#include "tensor_data_npy.h"

#include "run/npy_reader.h"
#include "run/npy_writer.h"
#include "run/shape_text.h"
#include "tensor_data_summary.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"

namespace tessera::tools {
namespace {

namespace fs = std::filesystem;
using tt::target::DataType;

std::string type_text(DataType type) {
  auto descr = run::npy_descr(type);
  return std::string(tt::target::EnumNameDataType(type)) + " (npy dtype '" +
         (descr.ok() ? *descr : std::string("none")) + "')";
}

// The tensor type an array's dtype is the host form of.
Result<DataType> type_of_array(const run::NpyArray& array, const std::string& path) {
  for (DataType type : {DataType::Float32, DataType::Float16, DataType::UInt32, DataType::UInt16,
                        DataType::UInt8, DataType::Int32}) {
    if (*run::npy_descr(type) == array.descr) return type;
  }
  return make_error(ErrorCode::kInvalidArgument, path, ": dtype '", array.descr,
                    "' is none a tensor holds (<f4, <f2, <u4, <u2, |u1, <i4)");
}

// The tensor's data type: the JSON's, which the file must match, or the
// file's, written into the JSON.
Result<DataType> settle_data_type(const TensorDataField& field, const run::NpyArray& array,
                                  const std::string& path) {
  if (!field.data_type()) {
    TESSERA_ASSIGN_OR_RETURN(DataType type, type_of_array(array, path));
    (*field.tensor)[field.golden_type_key()] = tt::target::EnumNameDataType(type);
    return type;
  }
  std::optional<DataType> type = parse_data_type(field.data_type());
  if (!type) {
    return make_error(ErrorCode::kInvalidArgument, field.data_type_where(), " ",
                      field.data_type()->dump(), " is not a data type");
  }
  auto descr = run::npy_descr(*type);
  if (!descr.ok() || *descr != array.descr) {
    return make_error(ErrorCode::kInvalidArgument, path, ": ", field.data_type_where(), " is ",
                      type_text(*type), " but the file holds '", array.descr, "'");
  }
  return *type;
}

Result<std::vector<int64_t>> json_shape(const TensorDataField& field) {
  std::vector<int64_t> shape;
  const Json& value = *field.shape();
  if (value.is_array()) {
    for (const Json& dim : value) {
      if (!dim.is_number_integer()) break;
      shape.push_back(dim.get<int64_t>());
    }
    if (shape.size() == value.size()) return shape;
  }
  return make_error(ErrorCode::kInvalidArgument, field.shape_where(), " ", value.dump(),
                    " is not a list of integers");
}

// The JSON's shape must be the file's; an absent one becomes the file's.
Status settle_shape(const TensorDataField& field, const run::NpyArray& array,
                    const std::string& path) {
  if (!field.shape()) {
    (*field.tensor)["shape"] = array.shape;
    return ok_status();
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> shape, json_shape(field));
  if (shape != array.shape) {
    return make_error(ErrorCode::kInvalidArgument, path, ": ", field.shape_where(), " is ",
                      run::shape_text(shape), " but the file holds ", run::shape_text(array.shape));
  }
  return ok_status();
}

// The tensor's bytes; bfloat16, which NumPy lacks, arrives as float32 and is
// rounded to nearest even.
Result<std::vector<uint8_t>> tensor_bytes(DataType type, run::NpyArray array) {
  if (type != DataType::BFloat16) return std::move(array.data);
  TESSERA_ASSIGN_OR_RETURN(std::vector<double> values,
                           format::decode_values(DataType::Float32, array.data));
  return format::encode_values(DataType::BFloat16, values);
}

Result<std::string> npy_reference(const TensorDataField& field) {
  const Json& data = field.data();
  if (data.is_object() && data.contains(kSummarisedKey)) {
    const bool takes_npy = field.is_golden() || field.kind == TensorDataKind::kConstant;
    return make_error(ErrorCode::kInvalidArgument, field.data_where(),
                      " is a summary that `tessera read` printed, not the data: read the binary "
                      "with `tessera read --full` for JSON that builds",
                      takes_npy ? ", or name a file with {\"npy\": \"FILE.npy\"}" : "");
  }
  if (data.is_object() && data.size() == 1 && data.contains("npy") && data["npy"].is_string()) {
    return data["npy"].get<std::string>();
  }
  return make_error(ErrorCode::kInvalidArgument, field.data_where(),
                    " must be a byte array or {\"npy\": \"FILE.npy\"}, not ", data.dump());
}

// constant_data holds the tensor's bytes in its page order. For a row-major
// tensor (1x1 tiles) that is the array's own order; tiled data would need the
// device's tile and face layout, so it stays a byte array. Its shape and type
// are the tensor's, which the JSON must give.
Status check_row_major(const TensorDataField& field) {
  const Json* layout = field.tensor->contains("layout") ? &(*field.tensor)["layout"] : nullptr;
  const Json* memory =
      layout && layout->contains("memory_desc") ? &(*layout)["memory_desc"] : nullptr;
  if (memory && memory->contains("tile_shape")) {
    const Json& tile = (*memory)["tile_shape"];
    if (tile.value("y", 1) != 1 || tile.value("x", 1) != 1) {
      return make_error(ErrorCode::kUnimplemented, field.data_where(),
                        ": .npy data is taken for row-major constants (tile_shape 1x1); this "
                        "tensor is tiled ",
                        tile.dump(), ", so give its constant_data as bytes in tile order");
    }
  }
  if (!field.shape() || !field.data_type()) {
    return make_error(ErrorCode::kInvalidArgument, field.data_where(),
                      ": a constant from .npy needs the tensor's shape and ",
                      field.data_type_where(), " in the JSON");
  }
  return ok_status();
}

// .npy files stand for tensors; a host buffer's or a shared object's bytes
// are given as bytes.
Status check_takes_npy(const TensorDataField& field) {
  if (field.is_golden() || field.kind == TensorDataKind::kConstant) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, field.data_where(),
                    ": .npy files are taken for golden tensors and constants; give ",
                    field.kind == TensorDataKind::kRawBytes ? "a shared object's" : "host data's",
                    " bytes as a byte array");
}

Status load_field(const TensorDataField& field, const fs::path& json_folder) {
  if (field.data().is_array()) return ok_status();
  TESSERA_ASSIGN_OR_RETURN(std::string name, npy_reference(field));
  TESSERA_RETURN_IF_ERROR(check_takes_npy(field));
  if (field.kind == TensorDataKind::kConstant) TESSERA_RETURN_IF_ERROR(check_row_major(field));
  const fs::path path = fs::path(name).is_absolute() ? fs::path(name) : json_folder / name;
  auto array = run::read_npy(path.string());
  if (!array.ok()) return std::move(array).error().add_context(field.data_where());
  TESSERA_ASSIGN_OR_RETURN(DataType type, settle_data_type(field, *array, path.string()));
  TESSERA_RETURN_IF_ERROR(settle_shape(field, *array, path.string()));
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, tensor_bytes(type, std::move(*array)));
  field.data() = bytes;
  return ok_status();
}

}  // namespace

Status load_tensor_data(Json& root, const fs::path& json_folder) {
  Status status;
  for_each_tensor_data(root, [&](const TensorDataField& field) {
    if (status.ok()) status = load_field(field, json_folder);
  });
  return status;
}

}  // namespace tessera::tools
