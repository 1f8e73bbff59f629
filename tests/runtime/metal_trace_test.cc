// Trace spans of TTM0 submits (SubmitOptions::collect_trace): one program
// span, one span per command, one span per kernel per core, nested in time.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "../support/example_binaries.h"
#include "../support/metal_program_builder.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;
using testing::MetalProgramBuilder;
using testing::TensorSpec;

Tensor float_input(const TensorInfo& info, float value) {
  std::vector<float> data(info.size_bytes / sizeof(float), value);
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(data.data()),
                                 data.size() * sizeof(float));
  return *Tensor::create_from_bytes(info, bytes, Runtime::kTtmetal);
}

std::vector<const TraceSpan*> of_category(const std::vector<TraceSpan>& spans,
                                          const std::string& category) {
  std::vector<const TraceSpan*> found;
  for (const TraceSpan& span : spans) {
    if (span.category == category) found.push_back(&span);
  }
  return found;
}

bool contains(const TraceSpan& outer, const TraceSpan& inner) {
  return inner.start_ns >= outer.start_ns &&
         inner.start_ns + inner.duration_ns <= outer.start_ns + outer.duration_ns;
}

class MetalTraceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DeviceOptions options;
    options.num_hw_command_queues = 2;
    auto opened = open_device(options);
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device = *opened;
  }
  void TearDown() override { ASSERT_TRUE(close_device(device).ok()); }

  Device device;
};

TEST_F(MetalTraceTest, KernelProgramSpansAreNamedAndNested) {
  auto binary = Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal),
      "eltwise_multiply.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto infos = binary->program_inputs(0);
  ASSERT_TRUE(infos.ok());
  std::vector<Tensor> inputs = {float_input((*infos)[0], 2), float_input((*infos)[1], 3)};
  SubmitOptions options;
  options.collect_trace = true;
  auto result = submit(device, *binary, 0, inputs, options);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  const std::vector<TraceSpan>& spans = result->spans;

  // The submit's own span comes first and holds everything else.
  ASSERT_FALSE(spans.empty());
  const TraceSpan& program = spans.front();
  EXPECT_EQ(program.category, "program");
  EXPECT_EQ(program.name, "eltwise_multiply");
  EXPECT_EQ(program.detail, "eltwise_multiply.ttm");
  EXPECT_EQ(of_category(spans, "program").size(), 1u);
  for (const TraceSpan& span : spans) {
    EXPECT_TRUE(contains(program, span)) << span.category << " " << span.name;
  }

  // One span per command, in order, named by type, with its operands.
  auto commands = of_category(spans, "command");
  ASSERT_EQ(commands.size(), 17u);
  for (size_t i = 0; i < commands.size(); ++i) {
    EXPECT_EQ(commands[i]->index, static_cast<int32_t>(i));
    EXPECT_EQ(commands[i]->queue, 0);
    EXPECT_GE(commands[i]->duration_ns, 0);
    if (i > 0) {
      EXPECT_GE(commands[i]->start_ns, commands[i - 1]->start_ns);
    }
  }
  EXPECT_EQ(commands[0]->name, "CreateBufferCommand");
  EXPECT_THAT(commands[0]->detail, HasSubstr("buffer "));
  EXPECT_THAT(commands[0]->detail, HasSubstr(" at 0x"));
  EXPECT_EQ(commands[3]->name, "EnqueueWriteBufferCommand");
  EXPECT_THAT(commands[3]->detail, HasSubstr("host "));
  EXPECT_THAT(commands[3]->detail, HasSubstr(" -> buffer "));
  EXPECT_EQ(commands[9]->name, "EnqueueReadBufferCommand");
  EXPECT_EQ(commands[16]->name, "FinishCommand");
  const TraceSpan& enqueue_program = *commands[8];
  EXPECT_EQ(enqueue_program.name, "EnqueueProgramCommand");
  EXPECT_THAT(enqueue_program.detail, HasSubstr("kernel(s)"));

  // Kernels: each one on each of its cores, inside the EnqueueProgram span.
  auto kernels = of_category(spans, "kernel");
  ASSERT_FALSE(kernels.empty());
  std::set<std::string> names;
  for (const TraceSpan* kernel : kernels) {
    names.insert(kernel->name);
    EXPECT_EQ(kernel->queue, 0);
    EXPECT_EQ(kernel->index, 8);
    EXPECT_GE(kernel->core_x, 0);
    EXPECT_GE(kernel->core_y, 0);
    EXPECT_FALSE(kernel->name.empty());
    EXPECT_TRUE(contains(enqueue_program, *kernel))
        << kernel->name << " [" << kernel->start_ns << ", +" << kernel->duration_ns
        << "] is outside its command [" << enqueue_program.start_ns << ", +"
        << enqueue_program.duration_ns << "]";
  }
  EXPECT_GE(names.size(), 3u);  // reader, compute, writer
}

TEST_F(MetalTraceTest, QueuedCommandsOnTwoQueuesEndWhenTheyRan) {
  TensorSpec in{.id = 1, .shape = {64, 64}};
  TensorSpec buffer{.id = 2, .address = 0x200000, .shape = {64, 64}};
  TensorSpec out{.id = 3, .shape = {64, 64}};
  MetalProgramBuilder program;
  // Queue 1 reads what queue 0 writes; queue 0 frees the buffer once queue
  // 1 has read it (event 8).
  program.create_event(1, 8);
  program.wait_for_event(1, 7);
  program.read(1, buffer, out.host());
  program.record_event(1, 8);
  program.finish(1);
  program.create_event(0, 7);
  program.create_buffer(0, buffer);
  program.write(0, in.host(), buffer);
  program.record_event(0, 7);
  program.event_synchronize(0, 8);
  program.deallocate(0, buffer);
  auto binary = Binary::load_memory(program.build({in}, {out}), "two_queues.ttm");
  ASSERT_TRUE(binary.ok());
  auto infos = binary->program_inputs(0);
  ASSERT_TRUE(infos.ok());
  std::vector<Tensor> inputs = {float_input((*infos)[0], 1)};
  SubmitOptions options;
  options.collect_trace = true;
  auto result = submit(device, *binary, 0, inputs, options);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  auto commands = of_category(result->spans, "command");
  ASSERT_EQ(commands.size(), 11u);
  std::vector<std::string> queue0, queue1;
  for (const TraceSpan* span : commands) {
    (span->queue == 0 ? queue0 : queue1).push_back(span->name);
    EXPECT_TRUE(contains(result->spans.front(), *span));
  }
  EXPECT_EQ(queue0,
            (std::vector<std::string>{"CreateEventCommand", "CreateBufferCommand",
                                      "EnqueueWriteBufferCommand", "EnqueueRecordEventCommand",
                                      "EventSynchronizeCommand", "DeallocateBufferCommand"}));
  EXPECT_EQ(queue1, (std::vector<std::string>{"CreateEventCommand", "EnqueueWaitForEventCommand",
                                              "EnqueueReadBufferCommand",
                                              "EnqueueRecordEventCommand", "FinishCommand"}));
  for (const TraceSpan* span : commands) {
    if (span->name == "EnqueueWaitForEventCommand") {
      EXPECT_EQ(span->detail, "event 7");
    }
    if (span->name == "EventSynchronizeCommand") {
      EXPECT_EQ(span->detail, "event 8");
    }
    if (span->name == "EnqueueReadBufferCommand") {
      EXPECT_EQ(span->detail, "buffer 2 (DeviceDRAM at 0x200000, 16384 bytes) -> host 3");
    }
  }
  EXPECT_TRUE(result->leaks.empty());
  EXPECT_TRUE(of_category(result->spans, "kernel").empty());
}

TEST_F(MetalTraceTest, NoSpansUnlessAskedFor) {
  MetalProgramBuilder program;
  program.create_buffer(0, {.id = 1, .address = 0x200000});
  program.deallocate(0, {.id = 1, .address = 0x200000});
  auto binary = Binary::load_memory(program.build({}, {}), "plain.ttm");
  ASSERT_TRUE(binary.ok());
  auto result = submit(device, *binary, 0, {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(result->spans.empty());
}

}  // namespace
}  // namespace tessera::runtime
