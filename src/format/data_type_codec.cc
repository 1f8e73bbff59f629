#include "tessera/format/data_type_codec.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "tessera/base/bfloat16.h"
#include "tessera/base/float16.h"
#include "tessera/format/data_type_list.h"
#include "types_generated.h"

namespace tessera::format {
namespace {

using tt::target::DataType;

struct Float32Codec {
  using Stored = float;
  static Stored encode(double value) { return static_cast<float>(value); }
  static double decode(Stored stored) { return stored; }
};

struct Float16Codec {
  using Stored = uint16_t;
  static Stored encode(double value) { return float_to_half_bits(static_cast<float>(value)); }
  static double decode(Stored stored) { return half_bits_to_float(stored); }
};

struct BFloat16Codec {
  using Stored = uint16_t;
  static Stored encode(double value) { return float_to_bfloat16_bits(static_cast<float>(value)); }
  static double decode(Stored stored) { return bfloat16_bits_to_float(stored); }
};

// Round to nearest even and saturate to [0, max]; NaN becomes 0.
template <typename T>
struct UnsignedCodec {
  using Stored = T;
  static Stored encode(double value) {
    if (std::isnan(value) || value <= 0) return 0;
    const double max = static_cast<double>(std::numeric_limits<T>::max());
    if (value >= max) return std::numeric_limits<T>::max();
    return static_cast<T>(std::nearbyint(value));
  }
  static double decode(Stored stored) { return stored; }
};

// Round to nearest even and saturate to [min, max]; NaN becomes 0.
template <typename T>
struct SignedCodec {
  using Stored = T;
  static Stored encode(double value) {
    if (std::isnan(value)) return 0;
    const double min = static_cast<double>(std::numeric_limits<T>::min());
    const double max = static_cast<double>(std::numeric_limits<T>::max());
    if (value <= min) return std::numeric_limits<T>::min();
    if (value >= max) return std::numeric_limits<T>::max();
    return static_cast<T>(std::nearbyint(value));
  }
  static double decode(Stored stored) { return stored; }
};

struct NoHostCodec {};

Status no_host_form(DataType type) {
  return make_error(ErrorCode::kUnimplemented, "host tensors of data type ",
                    tt::target::EnumNameDataType(type),
                    " are not supported (block floats live only on the device)");
}

// Calls `run(std::type_identity<Codec>{})` with the type's host codec, or
// returns why hosts cannot hold the type. One switch over the list.
template <typename Run>
auto with_host_codec(DataType type, Run&& run)
    -> decltype(run(std::type_identity<Float32Codec>{})) {
  switch (type) {
#define TESSERA_DATA_TYPE(T, element_bytes, tile_bytes, tile_format, codec) \
  case DataType::T:                                                         \
    if constexpr (std::is_same_v<codec, NoHostCodec>) {                     \
      return no_host_form(type);                                            \
    } else {                                                                \
      return run(std::type_identity<codec>{});                              \
    }
    TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
    default:
      return no_host_form(type);
  }
}

}  // namespace

Result<uint32_t> host_element_size(DataType type) {
  return with_host_codec(type, []<typename Codec>(std::type_identity<Codec>) -> Result<uint32_t> {
    return static_cast<uint32_t>(sizeof(typename Codec::Stored));
  });
}

Result<std::vector<double>> decode_values(DataType type, std::span<const uint8_t> bytes) {
  return with_host_codec(
      type, [&]<typename Codec>(std::type_identity<Codec>) -> Result<std::vector<double>> {
        using Stored = typename Codec::Stored;
        if (bytes.size() % sizeof(Stored) != 0) {
          return make_error(ErrorCode::kInvalidArgument, bytes.size(),
                            " bytes are not a whole number of ", tt::target::EnumNameDataType(type),
                            " elements");
        }
        std::vector<double> values(bytes.size() / sizeof(Stored));
        for (size_t i = 0; i < values.size(); ++i) {
          Stored stored;
          std::memcpy(&stored, bytes.data() + i * sizeof(Stored), sizeof(Stored));
          values[i] = Codec::decode(stored);
        }
        return values;
      });
}

Result<std::vector<uint8_t>> encode_values(DataType type, std::span<const double> values) {
  return with_host_codec(
      type, [&]<typename Codec>(std::type_identity<Codec>) -> Result<std::vector<uint8_t>> {
        using Stored = typename Codec::Stored;
        std::vector<uint8_t> bytes(values.size() * sizeof(Stored));
        for (size_t i = 0; i < values.size(); ++i) {
          const Stored stored = Codec::encode(values[i]);
          std::memcpy(bytes.data() + i * sizeof(Stored), &stored, sizeof(Stored));
        }
        return bytes;
      });
}

}  // namespace tessera::format
