#include "npy_tensors.h"

#include "npy_reader.h"
#include "npy_writer.h"
#include "shape_text.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::tools::run {
namespace {

using tt::target::DataType;

// The tensor type whose bytes an array's data are (bfloat16 arrives as float32).
Result<DataType> stored_type(const NpyArray& array, const std::string& path) {
  for (DataType type : {DataType::Float32, DataType::Float16, DataType::UInt32, DataType::UInt16,
                        DataType::UInt8, DataType::Int32}) {
    if (*npy_descr(type) == array.descr) return type;
  }
  return make_error(ErrorCode::kUnimplemented, path, ": dtype '", array.descr,
                    "' is none tessera tensors hold (<f4, <f2, <u4, <u2, |u1, <i4)");
}

std::string dtype_text(DataType type) {
  auto descr = npy_descr(type);
  return std::string(tt::target::EnumNameDataType(type)) + " ('" +
         (descr.ok() ? *descr : std::string("?")) + "')";
}

}  // namespace

Result<std::vector<double>> npy_input_values(const std::string& path, uint32_t index,
                                             const runtime::TensorInfo& input) {
  TESSERA_ASSIGN_OR_RETURN(NpyArray array, read_npy(path));
  auto descr = npy_descr(runtime::to_wire(input.data_type));
  if (!descr.ok()) return std::move(descr).error().add_context("input " + std::to_string(index));
  if (array.descr != *descr || array.shape != input.shape) {
    return make_error(ErrorCode::kInvalidArgument, "--input ", path, ": input ", index, " is ",
                      shape_text(input.shape), " ", dtype_text(runtime::to_wire(input.data_type)),
                      " but the file holds ", shape_text(array.shape), " '", array.descr, "'");
  }
  TESSERA_ASSIGN_OR_RETURN(DataType stored, stored_type(array, path));
  return format::decode_values(stored, array.data);
}

Result<GoldenValues> npy_expected_output(const std::string& path,
                                         const runtime::TensorInfo& output) {
  TESSERA_ASSIGN_OR_RETURN(NpyArray array, read_npy(path));
  GoldenValues golden;
  golden.name = path;
  golden.shape = array.shape;
  TESSERA_ASSIGN_OR_RETURN(DataType stored, stored_type(array, path));
  // A float32 array is the form a bfloat16 output is written in.
  auto output_descr = npy_descr(runtime::to_wire(output.data_type));
  golden.data_type = output_descr.ok() && *output_descr == array.descr
                         ? output.data_type
                         : *runtime::from_wire(stored);  // one of the npy types
  TESSERA_ASSIGN_OR_RETURN(golden.values, format::decode_values(stored, array.data));
  return golden;
}

}  // namespace tessera::tools::run
