// Test binaries in the compiler's current TTMetal layout, as JSON written to
// the compiler's conventions (tt-mlir's TTMetal flatbuffer writer):
// - host tensors are SystemBuffer BufferRefs at address 0 whose
//   host_strides and stride are row-major, one per program input;
// - device buffers come from CreateBufferCommand at compiler-assigned
//   addresses: a MetalBuffer in L1, sharded (ShardSpecBuffer plus the N-d
//   BufferDistributionSpec, in pages) with a CircularBufferConfig over the
//   whole worker grid, tiles as element_shape 32x32;
// - the program is written with EnqueueWriteBuffer, one EnqueueProgram
//   (arg_refs, CBRefs by port, three KernelConfigs: two NocConfig data
//   movement kernels on RISCV_1/Noc0 and RISCV_0/Noc1 and a ComputeConfig
//   kernel), HostAlloc of the output, EnqueueReadBuffer, Deallocate and a
//   Return of the host output; one command queue, queue_id 0;
// - goldens live in debug_info.golden_info.golden_map under "input_<i>" and
//   "output_<i>", row-major GoldenTensor bytes for device 0;
// - a private (const-eval) program allocates a constant with HostAlloc data
//   and calls into the binary's dylib with CpuCommand.
// The system descriptor is the simulated wormhole_b0 chip in the current
// layout (what `tessera query --layout current` writes).
#pragma once

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tessera::testing {

using CurrentJson = nlohmann::ordered_json;

// What tt-mlir writes first: its schema's SHA-256 and its git hash.
inline constexpr const char* kCompilerSchemaHash =
    "3f9a1c27d54be80e6a1b9f0c2d7e4a58b1c6093e7f2a4d5c8b0e1f3a6d9c2b74";
inline constexpr const char* kCompilerGitHash = "19c86fca45ae7c3d8f886c0401d8b40a40d2f294";

// The L1 addresses the compiler assigned, above wormhole_b0's unreserved base.
inline constexpr uint64_t kInput0Address = 103712;
inline constexpr uint64_t kInput1Address = 107808;
inline constexpr uint64_t kOutputAddress = 111904;

inline CurrentJson current_dim(int y, int x) {
  return {{"y", y}, {"x", x}};
}

inline CurrentJson current_range(int y, int x, int size_y, int size_x) {
  return {{"loc", current_dim(y, x)}, {"size", current_dim(size_y, size_x)}};
}

// Row-major little-endian float32 bytes.
inline CurrentJson float_bytes(const std::vector<float>& values) {
  CurrentJson bytes = CurrentJson::array();
  for (float value : values) {
    uint8_t raw[4];
    std::memcpy(raw, &value, 4);
    for (uint8_t byte : raw) bytes.push_back(byte);
  }
  return bytes;
}

inline std::vector<float> ramp(size_t count, float start, float step) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = start + step * static_cast<float>(i);
  return values;
}

// The simulated wormhole_b0 chip, current layout.
inline CurrentJson current_wormhole_system_desc() {
  CurrentJson tiles = CurrentJson::array();
  for (auto [y, x] : {std::pair{4, 16}, {16, 16}, {32, 16}, {4, 32}, {16, 32}, {32, 32}}) {
    tiles.push_back(current_dim(y, x));
  }
  CurrentJson chip = {{"arch", "Wormhole_b0"},
                      {"grid_size", current_dim(8, 8)},
                      {"coord_translation_offsets", current_dim(1, 1)},
                      {"l1_size", 1499136},
                      {"num_dram_channels", 12},
                      {"dram_channel_size", 1073741824},
                      {"noc_l1_address_align_bytes", 16},
                      {"pcie_address_align_bytes", 32},
                      {"noc_dram_address_align_bytes", 32},
                      {"l1_unreserved_base", 103712},
                      {"erisc_l1_unreserved_base", 98304},
                      {"dram_unreserved_base", 1920032},
                      {"dram_unreserved_end", 1073741824},
                      {"supported_data_types",
                       {"Float32", "Float16", "BFloat16", "BFP_Float8", "BFP_BFloat8", "UInt32",
                        "UInt16", "UInt8", "Int32"}},
                      {"supported_tile_sizes", tiles},
                      {"dst_physical_size_tiles", 16},
                      {"num_cbs", 32},
                      {"num_compute_threads", 1},
                      {"num_datamovement_threads", 2},
                      {"dram_grid_size", current_dim(1, 12)}};
  return {{"cpu_descs", {{{"role", "Host"}, {"target_triple", "x86_64-pc-linux-gnu"}}}},
          {"chip_descs", {chip}},
          {"chip_desc_indices", {0}},
          {"chip_capabilities", {"HostMMIO"}},
          {"chip_coords", {{{"rack", 0}, {"shelf", 0}, {"y", 0}, {"x", 0}}}}};
}

// A host tensor: SystemBuffer, address 0, row-major.
inline CurrentJson host_buffer(uint32_t id, std::vector<int> shape) {
  std::vector<int> strides(shape.size(), 1);
  int volume = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = volume;
    volume *= shape[i];
  }
  return {{"global_id", id},
          {"desc",
           {{"shape", shape},
            {"host_strides", strides},
            {"host_volume", volume},
            {"element_shape", current_dim(1, 1)},
            {"buffer_detail_type", "SystemBuffer"},
            {"buffer_detail", {{"stride", strides}}}}}};
}

// One 32x32 float32 tile in the L1 of core (0,0) at `address`: the memref
// 1x1x1x1 of tiles on a 1x1 grid, with its CB over the whole worker grid.
inline CurrentJson l1_tile_buffer(uint32_t id, uint64_t address) {
  CurrentJson sharded = {
      {"size", 4096},
      {"page_size", 4096},
      {"shard_spec_buffer",
       {{"shard_spec",
         {{"core_range_set", {current_range(0, 0, 1, 1)}}, {"shard_shape", current_dim(32, 32)}}},
        {"page_shape", current_dim(32, 32)},
        {"tensor_shape_in_pages", current_dim(1, 1)}}},
      {"buffer_distribution_spec",
       {{"tensor_shape_in_pages", {1, 1}},
        {"shard_shape_in_pages", {1, 1}},
        {"cores", {current_dim(0, 0)}}}}};
  CurrentJson metal = {{"buffer_type", "L1"},
                       {"buffer_config_type", "ShardedBufferConfig"},
                       {"buffer_config", sharded},
                       {"circular_buffer_config",
                        {{"core_range_set", {current_range(0, 0, 8, 8)}},
                         {"total_size", 4096},
                         {"page_size", 4096},
                         {"num_buffers", 1}}}};
  return {{"global_id", id},
          {"address", address},
          {"desc",
           {{"shape", {1, 1, 1, 1}},
            {"host_strides", {1, 1, 1, 1}},
            {"host_volume", 1},
            {"element_shape", current_dim(32, 32)},
            {"buffer_detail_type", "MetalBuffer"},
            {"buffer_detail", metal}}}};
}

inline CurrentJson command(const std::string& type, CurrentJson body, const std::string& loc) {
  return {{"type_type", type}, {"type", std::move(body)}, {"loc", loc}};
}

inline CurrentJson kernel_arg(const std::string& kind, CurrentJson body) {
  return {{"arg_type", kind}, {"arg", std::move(body)}};
}

inline CurrentJson operand(uint32_t index) {
  return {{"operand_idx", index}};
}

// Tensors of a program's signature: host row-major float32.
inline CurrentJson tensor_ref(std::vector<int> shape) {
  int volume = 1;
  for (int dim : shape) volume *= dim;
  return {{"size", volume * 4},
          {"desc",
           {{"shape", shape},
            {"mesh_shape", CurrentJson::array()},
            {"layout", {{"memory_desc", CurrentJson::object()}}}}}};
}

inline CurrentJson golden(const std::string& key, std::vector<int> shape,
                          const std::vector<float>& values) {
  return {{"key", key},
          {"value",
           {{{"device", 0},
             {"value",
              {{"name", key},
               {"shape", shape},
               {"stride", {shape.size() > 1 ? shape[1] : 1, 1}},
               {"dtype", "Float32"},
               {"data", float_bytes(values)}}}}}}};
}

inline std::string reader_kernel_source() {
  return "#include <cstdint>\n"
         "#include \"api/dataflow/dataflow_api.h\"\n"
         "void kernel_main() {\n"
         "  uint32_t cb_in0 = get_common_arg_val<uint32_t>(0);\n"
         "  uint32_t cb_in1 = get_common_arg_val<uint32_t>(1);\n"
         "  cb_reserve_back(cb_in0, 1);\n"
         "  cb_push_back(cb_in0, 1);\n"
         "  cb_reserve_back(cb_in1, 1);\n"
         "  cb_push_back(cb_in1, 1);\n"
         "}\n";
}

inline std::string writer_kernel_source() {
  return "#include <cstdint>\n"
         "#include \"api/dataflow/dataflow_api.h\"\n"
         "void kernel_main() {\n"
         "  uint32_t cb_out = get_common_arg_val<uint32_t>(2);\n"
         "  cb_wait_front(cb_out, 1);\n"
         "  cb_pop_front(cb_out, 1);\n"
         "}\n";
}

inline std::string compute_kernel_source() {
  return "#include <cstdint>\n"
         "#include \"api/compute/eltwise_binary.h\"\n"
         "#include \"api/compute/tile_move_copy.h\"\n"
         "void kernel_main() {\n"
         "  uint32_t cb_in0 = get_common_arg_val<uint32_t>(0);\n"
         "  uint32_t cb_in1 = get_common_arg_val<uint32_t>(1);\n"
         "  uint32_t cb_out = get_common_arg_val<uint32_t>(2);\n"
         "  binary_op_init_common(cb_in0, cb_in1, cb_out);\n"
         "  add_tiles_init(cb_in0, cb_in1);\n"
         "  cb_wait_front(cb_in0, 1);\n"
         "  cb_wait_front(cb_in1, 1);\n"
         "  tile_regs_acquire();\n"
         "  add_tiles(cb_in0, cb_in1, 0, 0, 0);\n"
         "  tile_regs_commit();\n"
         "  tile_regs_wait();\n"
         "  cb_reserve_back(cb_out, 1);\n"
         "  pack_tile(0, cb_out);\n"
         "  cb_push_back(cb_out, 1);\n"
         "  tile_regs_release();\n"
         "  cb_pop_front(cb_in0, 1);\n"
         "  cb_pop_front(cb_in1, 1);\n"
         "}\n";
}

inline CurrentJson common_cb_args() {
  return {kernel_arg("KernelArgCBPort", operand(0)), kernel_arg("KernelArgCBPort", operand(1)),
          kernel_arg("KernelArgCBPort", operand(2))};
}

// @add: out = a + b on one 32x32 float32 tile.
inline CurrentJson current_add_program() {
  const std::vector<float> a = ramp(1024, -3.0f, 0.25f);
  const std::vector<float> b = ramp(1024, 1.5f, -0.125f);
  std::vector<float> sum(1024);
  for (size_t i = 0; i < sum.size(); ++i) sum[i] = a[i] + b[i];

  CurrentJson in0 = host_buffer(1, {32, 32});
  CurrentJson in1 = host_buffer(2, {32, 32});
  CurrentJson out_host = host_buffer(9, {32, 32});
  CurrentJson dev0 = l1_tile_buffer(3, kInput0Address);
  CurrentJson dev1 = l1_tile_buffer(4, kInput1Address);
  CurrentJson dev_out = l1_tile_buffer(5, kOutputAddress);
  CurrentJson semaphore = {{"global_id", 6}, {"initial_value", 0}};

  CurrentJson kernels = CurrentJson::array();
  kernels.push_back(
      {{"kernel_type", "KernelSource"},
       {"kernel", {{"source", reader_kernel_source()}}},
       {"core_range_set", {current_range(0, 0, 1, 1)}},
       {"args",
        {{"crt_args", common_cb_args()},
         {"rt_args",
          {kernel_arg("KernelArgBufferAddress", operand(0)),
           kernel_arg("KernelArgLocalSemaphore", operand(3)),
           kernel_arg("KernelArgNamedArgument", {{"name", "num_tiles"}, {"value", 1}})}},
         {"ct_args", {kernel_arg("KernelArgTensorAccessorArgs", operand(0))}}}},
       {"type_type", "NocConfig"},
       {"type", {{"processor", "RISCV_1"}}},
       {"debug_info", "datamovement_kernel0"},
       {"symbol", "datamovement_kernel0"},
       {"loc", "add.reader"}});
  kernels.push_back({{"kernel_type", "KernelSource"},
                     {"kernel", {{"source", writer_kernel_source()}}},
                     {"core_range_set", {current_range(0, 0, 1, 1)}},
                     {"args", {{"crt_args", common_cb_args()}}},
                     {"type_type", "NocConfig"},
                     {"type", {{"noc_index", "Noc1"}}},
                     {"debug_info", "datamovement_kernel1"},
                     {"symbol", "datamovement_kernel1"}});
  kernels.push_back({{"kernel_type", "KernelSource"},
                     {"kernel", {{"source", compute_kernel_source()}}},
                     {"core_range_set", {current_range(0, 0, 1, 1)}},
                     {"args", {{"crt_args", common_cb_args()}}},
                     {"type_type", "ComputeConfig"},
                     {"type",
                      {{"math_fidelity", "HiFi4"},
                       {"fp32_dest_acc_en", true},
                       {"unpack_to_dest_mode", {"Default"}}}},
                     {"debug_info", "compute_kernel2"},
                     {"symbol", "compute_kernel2"}});

  CurrentJson enqueue_program = {
      {"arg_refs_type", {"BufferRef", "BufferRef", "BufferRef", "LocalSemaphoreRef"}},
      {"arg_refs", {dev0, dev1, dev_out, semaphore}},
      {"cbs",
       {{{"buffer_ref", dev0}},
        {{"port", 1}, {"buffer_ref", dev1}},
        {{"port", 2}, {"buffer_ref", dev_out}}}},
      {"program", {{"kernels", kernels}}}};

  CurrentJson commands = CurrentJson::array();
  commands.push_back(command("CreateBufferCommand", {{"ref", dev0}}, "loc(\"add.in0\")"));
  commands.push_back(command("CreateBufferCommand", {{"ref", dev1}}, "loc(\"add.in1\")"));
  commands.push_back(command("CreateBufferCommand", {{"ref", dev_out}}, "loc(\"add.out\")"));
  commands.push_back(
      command("EnqueueWriteBufferCommand", {{"src", in0}, {"dst", dev0}}, "loc(\"add.write0\")"));
  commands.push_back(
      command("EnqueueWriteBufferCommand", {{"src", in1}, {"dst", dev1}}, "loc(\"add.write1\")"));
  commands.push_back(
      command("CreateLocalSemaphoreCommand", {{"ref", semaphore}}, "loc(\"add.sem\")"));
  commands.push_back(command("EnqueueProgramCommand", enqueue_program, "loc(\"add\")"));
  commands.push_back(command("HostAllocCommand", {{"dst", out_host}}, "loc(\"add.alloc\")"));
  commands.push_back(command("EnqueueReadBufferCommand", {{"src", dev_out}, {"dst", out_host}},
                             "loc(\"add.read\")"));
  commands.push_back(command("DeallocateBufferCommand", {{"ref", dev0}}, "loc(\"add.free0\")"));
  commands.push_back(command("DeallocateBufferCommand", {{"ref", dev1}}, "loc(\"add.free1\")"));
  commands.push_back(command("DeallocateBufferCommand", {{"ref", dev_out}}, "loc(\"add.free2\")"));
  commands.push_back(command("ReturnCommand", {{"results", {out_host}}}, "loc(\"add.return\")"));

  return {{"name", "add"},
          {"inputs", {tensor_ref({32, 32}), tensor_ref({32, 32})}},
          {"outputs", {tensor_ref({32, 32})}},
          {"device_programs",
           {{{"inputs", {in0, in1}},
             {"outputs", {out_host}},
             {"command_queues", {{{"name", "add"}, {"commands", commands}}}},
             {"mesh", {{"mesh_shape", {1, 1}}}}}}},
          {"debug_info",
           {{"golden_info",
             {{"golden_map",
               {golden("input_0", {32, 32}, a), golden("input_1", {32, 32}, b),
                golden("output_0", {32, 32}, sum)}}}}}},
          {"mesh_shape", current_dim(1, 1)}};
}

// A hoisted const-eval function: a 2x2 constant and a CPU call on it.
inline CurrentJson current_const_eval_program() {
  CurrentJson constant = host_buffer(1, {2, 2});
  CurrentJson result = host_buffer(2, {2, 2});
  CurrentJson commands = CurrentJson::array();
  commands.push_back(command("HostAllocCommand",
                             {{"dst", constant}, {"data", float_bytes({1.0f, 2.0f, 0.5f, -4.0f})}},
                             "loc(\"const\")"));
  commands.push_back(
      command("CpuCommand",
              {{"ins", {constant}}, {"outs", {result}}, {"func_name", "cpu_hoisted_const_eval_0"}},
              "loc(\"cpu\")"));
  commands.push_back(command("ReturnCommand", {{"results", {result}}}, "loc(\"ret\")"));
  return {{"name", "const_eval_0"},
          {"outputs", {tensor_ref({2, 2})}},
          {"device_programs",
           {{{"outputs", {result}},
             {"command_queues", {{{"name", "const_eval_0"}, {"commands", commands}}}},
             {"mesh", {{"mesh_shape", {1, 1}}}}}}},
          {"private", true},
          {"mesh_shape", current_dim(1, 1)}};
}

// A few bytes standing in for the shared object the compiler embeds: an
// ELF header's start. Nothing here loads it.
inline CurrentJson dylib_bytes() {
  CurrentJson bytes = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  for (int i = 0; i < 56; ++i) bytes.push_back(i * 7 % 251);
  return bytes;
}

inline CurrentJson current_add_binary_json() {
  return {{"version", {{"major", 0}, {"minor", 0}, {"patch", 5123}}},
          {"schema_hash", kCompilerSchemaHash},
          {"ttmlir_git_hash", kCompilerGitHash},
          {"system_desc", current_wormhole_system_desc()},
          {"mlir", {{"name", "ttmetal"}, {"source", "module {\n  func.func @add() \n}\n"}}},
          {"programs", {current_add_program(), current_const_eval_program()}},
          {"dylibs", {{{"raw_file", dylib_bytes()}}}}};
}

}  // namespace tessera::testing
