// MeshShardCommand: splits a host tensor over a device mesh, or gathers it
// back. tessera runs a 1x1 mesh, where every shard type is the identity
// (the one device holds the whole tensor, or its one replica); a shard
// shape that cuts the tensor needs more devices and is an error.
#include <cstring>

#include "../command_handlers.h"
#include "../host_buffer_info.h"

namespace tessera::runtime::metal_backend::current {

Status execute_mesh_shard(const cm::MeshShardCommand& command, QueueContext& queue) {
  if (!command.src() || !command.dst()) {
    return make_error(ErrorCode::kInvalidArgument, "needs both src and dst buffers");
  }
  if (command.shard_type() == tt::target::current::MeshShardType::Devices &&
      command.shard_shape()) {
    for (int64_t parts : *command.shard_shape()) {
      if (parts != 1) {
        return make_error(ErrorCode::kUnimplemented, "shard shape splits a dim in ", parts,
                          " parts across devices; tessera runs a 1x1 mesh");
      }
    }
  }
  TESSERA_ASSIGN_OR_RETURN(TensorInfo dst_info, host_buffer_info(*command.dst()));
  TESSERA_ASSIGN_OR_RETURN(Tensor * src, queue.state.host_buffer(command.src()->global_id()));
  if (src->bytes().size() != dst_info.size_bytes) {
    return make_error(ErrorCode::kInvalidArgument, "src holds ", src->bytes().size(),
                      " bytes but dst ", command.dst()->global_id(), " is ", dst_info.size_bytes,
                      " on a 1x1 mesh, where a shard is the whole tensor");
  }
  TESSERA_ASSIGN_OR_RETURN(
      Tensor copy, Tensor::create_from_bytes(std::move(dst_info), src->bytes(), Runtime::kTtmetal));
  return queue.state.add_host_buffer(command.dst()->global_id(), std::move(copy));
}

}  // namespace tessera::runtime::metal_backend::current
