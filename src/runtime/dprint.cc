#include "tessera/runtime/dprint.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "api_boundary.h"

namespace tessera::runtime {
namespace {

constexpr DprintRisc kAllRiscs[] = {DprintRisc::kBR, DprintRisc::kNC, DprintRisc::kTR0,
                                    DprintRisc::kTR1, DprintRisc::kTR2};

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

Error bad_cores(std::string_view spec, std::string_view why) {
  return make_error(ErrorCode::kInvalidArgument, "DPRINT core selection '", spec, "': ", why,
                    " (expected all, x,y, (x1,y1),(x2,y2) or (x1,y1)-(x2,y2))");
}

Result<uint32_t> parse_number(std::string_view text, std::string_view spec) {
  text = trim(text);
  uint32_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return bad_cores(spec, "'" + std::string(text) + "' is not a core coordinate");
  }
  return value;
}

// "x,y" (the parentheses already removed).
Result<DprintCoreRange> parse_core(std::string_view text, std::string_view spec) {
  const size_t comma = text.find(',');
  if (comma == std::string_view::npos) return bad_cores(spec, "a core needs x,y");
  TESSERA_ASSIGN_OR_RETURN(uint32_t x, parse_number(text.substr(0, comma), spec));
  TESSERA_ASSIGN_OR_RETURN(uint32_t y, parse_number(text.substr(comma + 1), spec));
  return DprintCoreRange{x, y, x, y};
}

// "(x,y)" at the start of `text`; `text` moves past it.
Result<DprintCoreRange> take_parenthesised_core(std::string_view& text, std::string_view spec) {
  text = trim(text);
  const size_t close = text.find(')');
  if (text.empty() || text.front() != '(' || close == std::string_view::npos) {
    return bad_cores(spec, "expected (x,y)");
  }
  auto core = parse_core(text.substr(1, close - 1), spec);
  text.remove_prefix(close + 1);
  return core;
}

}  // namespace

const char* dprint_risc_name(DprintRisc risc) {
  switch (risc) {
    case DprintRisc::kBR:
      return "BR";
    case DprintRisc::kNC:
      return "NC";
    case DprintRisc::kTR0:
      return "TR0";
    case DprintRisc::kTR1:
      return "TR1";
    case DprintRisc::kTR2:
      return "TR2";
  }
  return "?";
}

std::string format_dprint_line(const DprintLine& line) {
  return std::to_string(line.device_id) + ":(x=" + std::to_string(line.core_x) +
         ",y=" + std::to_string(line.core_y) + "):" + dprint_risc_name(line.risc) + ": " +
         line.text;
}

Result<std::vector<DprintCoreRange>> parse_dprint_cores(std::string_view spec) {
  return at_api_boundary("parse_dprint_cores", [&]() -> Result<std::vector<DprintCoreRange>> {
    std::string_view text = trim(spec);
    if (text == "all" || text == "worker") return std::vector<DprintCoreRange>{};
    if (text.empty()) return bad_cores(spec, "it is empty");
    if (text.front() != '(') {
      TESSERA_ASSIGN_OR_RETURN(DprintCoreRange core, parse_core(text, spec));
      return std::vector<DprintCoreRange>{core};
    }
    std::vector<DprintCoreRange> ranges;
    while (true) {
      TESSERA_ASSIGN_OR_RETURN(DprintCoreRange core, take_parenthesised_core(text, spec));
      text = trim(text);
      if (!text.empty() && text.front() == '-') {
        text.remove_prefix(1);
        TESSERA_ASSIGN_OR_RETURN(DprintCoreRange end, take_parenthesised_core(text, spec));
        core = {std::min(core.x0, end.x0), std::min(core.y0, end.y0), std::max(core.x0, end.x0),
                std::max(core.y0, end.y0)};
        text = trim(text);
      }
      ranges.push_back(core);
      if (text.empty()) return ranges;
      if (text.front() != ',') return bad_cores(spec, "expected ',' between cores");
      text.remove_prefix(1);
    }
  });
}

Result<std::vector<DprintRisc>> parse_dprint_riscs(std::string_view spec) {
  return at_api_boundary("parse_dprint_riscs", [&]() -> Result<std::vector<DprintRisc>> {
    std::vector<DprintRisc> riscs;
    std::string_view text = trim(spec);
    if (text == "all") return riscs;
    while (!text.empty()) {
      const size_t comma = text.find(',');
      const std::string_view name = trim(text.substr(0, comma));
      auto found = std::find_if(std::begin(kAllRiscs), std::end(kAllRiscs),
                                [&](DprintRisc risc) { return name == dprint_risc_name(risc); });
      if (found == std::end(kAllRiscs)) {
        return make_error(ErrorCode::kInvalidArgument, "DPRINT RISC selection '", spec, "': '",
                          name, "' is not a RISC (expected a subset of BR,NC,TR0,TR1,TR2, or all)");
      }
      riscs.push_back(*found);
      if (comma == std::string_view::npos) break;
      text.remove_prefix(comma + 1);
    }
    if (riscs.empty()) {
      return make_error(ErrorCode::kInvalidArgument, "DPRINT RISC selection '", spec,
                        "' names no RISC");
    }
    return riscs;
  });
}

bool dprint_selects(const DprintOptions& options, uint32_t x, uint32_t y, DprintRisc risc) {
  const bool core_selected =
      options.cores.empty() ||
      std::any_of(options.cores.begin(), options.cores.end(), [&](const DprintCoreRange& range) {
        return x >= range.x0 && x <= range.x1 && y >= range.y0 && y <= range.y1;
      });
  const bool risc_selected =
      options.riscs.empty() ||
      std::find(options.riscs.begin(), options.riscs.end(), risc) != options.riscs.end();
  return core_selected && risc_selected;
}

}  // namespace tessera::runtime
