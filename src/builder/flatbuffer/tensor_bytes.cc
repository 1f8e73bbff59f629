// Encoding reference values as row-major tensor bytes and back.
#include "tessera/builder/tensor_bytes.h"

#include "reference/reference_ops.h"
#include "tessera/format/data_type_codec.h"

namespace tessera::builder {

using tt::target::DataType;

Result<std::vector<uint8_t>> encode_reference_values(std::span<const double> values,
                                                     DataType type) {
  std::vector<double> rounded(values.begin(), values.end());
  for (double& value : rounded) value = reference::round_value(value, type);
  return format::encode_values(type, rounded);
}

Result<RefTensor> decode_reference_tensor(std::span<const uint8_t> bytes,
                                          std::vector<int64_t> shape, DataType type) {
  const int64_t count = reference::element_count(shape);
  auto size = format::host_element_size(type);
  if (!size.ok() || bytes.size() != static_cast<size_t>(count) * *size) {
    return make_error(ErrorCode::kInvalidArgument, bytes.size(), " bytes do not hold ", count,
                      " elements of ", tt::target::EnumNameDataType(type));
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<double> values, format::decode_values(type, bytes));
  return RefTensor{std::move(shape), std::move(values)};
}

Result<RefTensor> decode_golden(const tt::target::GoldenTensor& golden) {
  std::vector<int64_t> shape;
  if (golden.shape()) shape.assign(golden.shape()->begin(), golden.shape()->end());
  std::span<const uint8_t> data;
  if (golden.data()) data = {golden.data()->data(), golden.data()->size()};
  return decode_reference_tensor(data, std::move(shape), golden.data_type());
}

}  // namespace tessera::builder
