// Every wire data type tessera holds, in one list. Sizes, tile formats and
// the host codec all expand it (format/data_types.cc, data_type_codec.cc);
// a type that is not listed is an error wherever a size or codec is asked.
//
// TESSERA_DATA_TYPE(Type, element_bytes, tile_bytes, tile_format, codec):
//   Type           the schema's DataType enumerator (types.fbs);
//   element_bytes  bytes per row-major element; 0 for block floats, which
//                  exist only as whole tiles;
//   tile_bytes     bytes of one 32x32 tile (a block float's 1024 mantissa
//                  bytes and 64 shared exponents);
//   tile_format    tt-metal's tt::DataFormat code of its device tiles;
//   codec          the host element codec (data_type_codec.h), or
//                  NoHostCodec for types hosts cannot hold.
#pragma once

#define TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)                 \
  TESSERA_DATA_TYPE(Float32, 4, 4096, 0, Float32Codec)            \
  TESSERA_DATA_TYPE(Float16, 2, 2048, 1, Float16Codec)            \
  TESSERA_DATA_TYPE(BFloat16, 2, 2048, 5, BFloat16Codec)          \
  TESSERA_DATA_TYPE(BFP_BFloat8, 0, 1088, 6, NoHostCodec)         \
  TESSERA_DATA_TYPE(UInt32, 4, 4096, 24, UnsignedCodec<uint32_t>) \
  TESSERA_DATA_TYPE(UInt16, 2, 2048, 9, UnsignedCodec<uint16_t>)  \
  TESSERA_DATA_TYPE(UInt8, 1, 1024, 30, UnsignedCodec<uint8_t>)   \
  TESSERA_DATA_TYPE(Int32, 4, 4096, 8, SignedCodec<int32_t>)
