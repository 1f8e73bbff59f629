#include "output_checks.h"

#include "shape_text.h"

namespace tessera::tools::run {

ExtraCheck identity_check(uint32_t index, const runtime::TensorInfo& output,
                          std::span<const double> output_values, const runtime::TensorInfo* input,
                          std::span<const double> input_values, Tolerances tolerances) {
  ExtraCheck check{"identity", index, false, ""};
  if (!input) {
    check.detail =
        "output " + std::to_string(index) + " has no input " + std::to_string(index) + " to equal";
    return check;
  }
  if (input->shape != output.shape || input->data_type != output.data_type) {
    check.detail = "output " + std::to_string(index) + " is " + shape_text(output.shape) + " " +
                   std::string(runtime::data_type_name(output.data_type)) + " but input " +
                   std::to_string(index) + " is " + shape_text(input->shape) + " " +
                   std::string(runtime::data_type_name(input->data_type));
    return check;
  }
  tolerances.enforce_allclose = true;
  GoldenComparison comparison = compare_with_golden(output_values, input_values, tolerances);
  check.passed = comparison.passed;
  check.detail = "output " + std::to_string(index) + " against input " + std::to_string(index) +
                 ": " + comparison.message;
  return check;
}

ExtraCheck non_zero_check(uint32_t index, std::span<const double> output_values) {
  uint64_t non_zero = 0;
  for (double value : output_values) non_zero += value != 0;
  ExtraCheck check{"non_zero", index, non_zero > 0, ""};
  check.detail = "output " + std::to_string(index) + ": " + std::to_string(non_zero) + " of " +
                 std::to_string(output_values.size()) + " elements non-zero";
  if (!check.passed) check.detail += " (all zeros)";
  return check;
}

ExtraCheck memory_leak_check(const std::vector<std::string>& leaks) {
  ExtraCheck check{"memory_leak", -1, leaks.empty(), ""};
  check.detail = leaks.empty() ? "no buffers left live"
                               : std::to_string(leaks.size()) + " buffer(s) left live: " + leaks[0];
  return check;
}

}  // namespace tessera::tools::run
