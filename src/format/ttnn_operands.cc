#include "tessera/format/ttnn_operands.h"

#include "tessera/format/generated.h"
#include "tessera/format/ttnn_op_list.h"

namespace tessera::format {
namespace {

namespace fb = ::tt::target;
namespace fbn = ::tt::target::ttnn;
using Refs = std::vector<const fb::TensorRef*>;

void add(Refs& refs, const fb::TensorRef* ref) {
  if (ref != nullptr) refs.push_back(ref);
}

void add(Refs& refs, const flatbuffers::Vector<flatbuffers::Offset<fb::TensorRef>>* list) {
  if (list == nullptr) return;
  for (const fb::TensorRef* ref : *list) add(refs, ref);
}

template <typename Op, typename... Fields>
void add_fields(Refs& refs, const Op& op, Fields... fields) {
  (add(refs, (op.*fields)()), ...);
}

}  // namespace

// A list entry's field names, e.g. (in0, in1), become member pointers
// `, &Op::in0, &Op::in1` (up to four fields; none gives nothing).
#define TESSERA_UNPAREN(...) __VA_ARGS__
#define TESSERA_APPLY(macro, ...) macro(__VA_ARGS__)
#define TESSERA_MEMBERS(T, ...) __VA_OPT__(TESSERA_MEMBERS1(T, __VA_ARGS__))
#define TESSERA_MEMBERS1(T, a, ...) , &T::a __VA_OPT__(TESSERA_MEMBERS2(T, __VA_ARGS__))
#define TESSERA_MEMBERS2(T, a, ...) , &T::a __VA_OPT__(TESSERA_MEMBERS3(T, __VA_ARGS__))
#define TESSERA_MEMBERS3(T, a, ...) , &T::a __VA_OPT__(TESSERA_MEMBERS4(T, __VA_ARGS__))
#define TESSERA_MEMBERS4(T, a) , &T::a
#define TESSERA_FIELDS(T, fields) TESSERA_APPLY(TESSERA_MEMBERS, fbn::T, TESSERA_UNPAREN fields)

TtnnOperands ttnn_operands(const fbn::Operation& op) {
  TtnnOperands operands;
  switch (op.type_type()) {
#define TESSERA_TTNN_OP(T, name, in_fields, out_fields)                  \
  case fbn::OpType::T:                                                   \
    if (const fbn::T* body = op.type_as_##T()) {                         \
      add_fields(operands.inputs, *body TESSERA_FIELDS(T, in_fields));   \
      add_fields(operands.outputs, *body TESSERA_FIELDS(T, out_fields)); \
    }                                                                    \
    break;
    TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP
    default:
      break;
  }
  return operands;
}

bool is_listed_ttnn_op(fbn::OpType type) {
  switch (type) {
#define TESSERA_TTNN_OP(T, name, in_fields, out_fields) case fbn::OpType::T:
    TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP
    return true;
    default:
      return false;
  }
}

}  // namespace tessera::format
