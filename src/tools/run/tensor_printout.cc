#include "tensor_printout.h"

#include <sstream>

#include "shape_text.h"

namespace tessera::tools::run {

std::string tensor_line(const std::string& label, const runtime::TensorInfo& info,
                        std::span<const double> values) {
  constexpr size_t kEachEnd = 4;
  std::ostringstream line;
  line << label << ": " << shape_text(info.shape) << " " << runtime::data_type_name(info.data_type)
       << " [";
  for (size_t i = 0; i < values.size(); ++i) {
    if (values.size() > 2 * kEachEnd && i == kEachEnd) {
      line << ", ...";
      i = values.size() - kEachEnd;
    }
    line << (i ? ", " : "") << values[i];
  }
  line << "]";
  return line.str();
}

}  // namespace tessera::tools::run
