#include "tessera/sim/jit/kernel_translation_unit.h"

#include <cctype>
#include <sstream>

namespace tessera::sim {

namespace {

// A C string literal for `text` (names end up in #line and arg maps).
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

const char* processor_define(KernelProcessor processor) {
  switch (processor) {
    case KernelProcessor::kDataMovement0:
      return "COMPILE_FOR_BRISC";
    case KernelProcessor::kDataMovement1:
      return "COMPILE_FOR_NCRISC";
    case KernelProcessor::kCompute:
      return "COMPILE_FOR_TRISC";
  }
  return "COMPILE_FOR_UNKNOWN";
}

std::string arch_define(const std::string& arch) {
  if (arch == "grayskull") return "ARCH_GRAYSKULL";
  if (arch == "blackhole") return "ARCH_BLACKHOLE";
  return "ARCH_WORMHOLE";
}

bool is_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

Status check_defines(const KernelBuildSpec& spec, const char* kind,
                     const std::vector<std::pair<std::string, std::string>>& defines) {
  for (const auto& [name, value] : defines) {
    if (!is_identifier(name)) {
      return make_error(ErrorCode::kInvalidArgument, "kernel '", spec.name, "': ", kind,
                        " define name '", name, "' is not an identifier");
    }
    if (value.find('\n') != std::string::npos) {
      return make_error(ErrorCode::kInvalidArgument, "kernel '", spec.name, "': ", kind, " define ",
                        name, " has a multi-line value");
    }
  }
  return ok_status();
}

}  // namespace

Status validate_kernel_build_spec(const KernelBuildSpec& spec) {
  TESSERA_RETURN_IF_ERROR(check_defines(spec, "kernel", spec.defines));
  TESSERA_RETURN_IF_ERROR(check_defines(spec, "toolchain", spec.toolchain_defines));
  for (const auto& [path, content] : spec.headers) {
    const bool relative = !path.empty() && path[0] != '/' && path.find("..") == std::string::npos &&
                          path.find('\n') == std::string::npos &&
                          path.find('\\') == std::string::npos;
    if (!relative) {
      return make_error(ErrorCode::kInvalidArgument, "kernel '", spec.name, "': header '", path,
                        "' must be a relative path inside the kernel's directory");
    }
  }
  for (const auto& [name, value] : spec.named_compile_args) {
    if (name.empty() || name.find('\n') != std::string::npos) {
      return make_error(ErrorCode::kInvalidArgument, "kernel '", spec.name,
                        "': named compile-time arg '", name, "' must be a non-empty single line");
    }
  }
  return ok_status();
}

std::string make_kernel_translation_unit(const KernelBuildSpec& spec) {
  std::ostringstream unit;
  unit << "// tessera kernel " << quoted(spec.name) << " for " << processor_name(spec.processor)
       << "\n";
  unit << "#define TESSERA_KERNEL 1\n";
  unit << "#define " << processor_define(spec.processor) << " 1\n";
  unit << "#define " << arch_define(spec.arch) << " 1\n";
  unit << "#define NOC_INDEX " << static_cast<unsigned>(spec.noc_index) << "\n";
  unit << "#define KERNEL_COMPILE_TIME_ARGS";
  for (std::size_t i = 0; i < spec.compile_args.size(); ++i) {
    unit << (i == 0 ? " " : ",") << spec.compile_args[i] << "u";
  }
  unit << "\n#define KERNEL_COMPILE_TIME_ARG_MAP";
  for (std::size_t i = 0; i < spec.named_compile_args.size(); ++i) {
    const auto& [name, value] = spec.named_compile_args[i];
    unit << (i == 0 ? " " : ", ") << "{" << quoted(name) << ", " << value << "u}";
  }
  unit << "\n";
  // Each define gets a #line of its own, so an error in its value cites
  // "<define NAME>" rather than the unit's temporary file.
  for (const auto& [name, value] : spec.toolchain_defines) {
    unit << "#line 1 " << quoted("<define " + name + ">") << "\n";
    unit << "#define " << name << " " << value << "\n";
  }
  for (const auto& [name, value] : spec.defines) {
    unit << "#line 1 " << quoted("<define " + name + ">") << "\n";
    unit << "#define " << name << " " << value << "\n";
  }
  // tt-metal's kernel build includes the dataflow API (and the profiler
  // header) before every data-movement kernel, so their sources may use it
  // without an include.
  if (spec.processor != KernelProcessor::kCompute) {
    unit << "#line 1 \"<tessera kernel prelude>\"\n#include \"api/dataflow/dataflow_api.h\"\n"
         << "#include \"tools/profiler/kernel_profiler.hpp\"\n";
  }
  unit << "#line 1 " << quoted(spec.name) << "\n" << spec.source;
  unit << "\n#line 1 \"<tessera kernel entry>\"\n#include \"tessera_kernel_entry.h\"\n";
  return unit.str();
}

}  // namespace tessera::sim
