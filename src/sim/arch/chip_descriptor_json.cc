// The JSON form of a chip descriptor (the built-in data files use it).
#include <nlohmann/json.hpp>

#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::sim {

namespace {

using nlohmann::json;

class JsonReader {
 public:
  JsonReader(const json& root, std::string_view source) : root_(root), source_(source) {}

  Result<uint64_t> number(const char* key) const {
    auto it = root_.find(key);
    if (it == root_.end() || !it->is_number_unsigned()) {
      return error(key, "is missing or not an unsigned integer");
    }
    return it->get<uint64_t>();
  }

  Result<uint32_t> number32(const char* key) const {
    TESSERA_ASSIGN_OR_RETURN(uint64_t value, number(key));
    if (value > UINT32_MAX) return error(key, "does not fit in 32 bits");
    return static_cast<uint32_t>(value);
  }

  Result<std::string> string(const char* key) const {
    auto it = root_.find(key);
    if (it == root_.end() || !it->is_string()) return error(key, "is missing or not a string");
    return it->get<std::string>();
  }

  Result<std::vector<uint32_t>> numbers(const char* key) const {
    auto it = root_.find(key);
    if (it == root_.end() || !it->is_array()) return error(key, "is missing or not an array");
    std::vector<uint32_t> values;
    for (const json& item : *it) {
      if (!item.is_number_unsigned()) return error(key, "holds a non-integer");
      values.push_back(item.get<uint32_t>());
    }
    return values;
  }

  // An array of [a, b] pairs.
  Result<std::vector<std::pair<uint32_t, uint32_t>>> pairs(const char* key) const {
    auto it = root_.find(key);
    if (it == root_.end() || !it->is_array()) return error(key, "is missing or not an array");
    std::vector<std::pair<uint32_t, uint32_t>> values;
    for (const json& item : *it) {
      if (!item.is_array() || item.size() != 2 || !item[0].is_number_unsigned() ||
          !item[1].is_number_unsigned()) {
        return error(key, "holds an entry that is not a pair of integers");
      }
      values.emplace_back(item[0].get<uint32_t>(), item[1].get<uint32_t>());
    }
    return values;
  }

  Result<std::vector<std::string>> strings(const char* key) const {
    auto it = root_.find(key);
    if (it == root_.end() || !it->is_array()) return error(key, "is missing or not an array");
    std::vector<std::string> values;
    for (const json& item : *it) {
      if (!item.is_string()) return error(key, "holds a non-string");
      values.push_back(item.get<std::string>());
    }
    return values;
  }

  Error error(std::string_view key, std::string_view why) const {
    return make_error(ErrorCode::kInvalidArgument, "chip descriptor ", source_, ": field '", key,
                      "' ", why);
  }

 private:
  const json& root_;
  std::string_view source_;
};

std::vector<CoreCoord> to_coords(const std::vector<std::pair<uint32_t, uint32_t>>& pairs) {
  std::vector<CoreCoord> coords;
  for (auto [x, y] : pairs) coords.push_back({x, y});
  return coords;
}

Result<ChipDataFormat> data_format_from_name(const JsonReader& reader, const std::string& name) {
  if (auto format = chip_data_format_from_name(name)) return *format;
  return reader.error("supported_data_formats", "names unknown data format '" + name + "'");
}

}  // namespace

Result<ChipDescriptor> chip_descriptor_from_json(std::string_view text, std::string_view source) {
  json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object()) {
    return make_error(ErrorCode::kInvalidArgument, "chip descriptor ", source,
                      " is not a JSON object");
  }
  JsonReader reader(root, source);
  ChipDescriptor chip;
  TESSERA_ASSIGN_OR_RETURN(std::string arch, reader.string("arch"));
  auto parsed_arch = arch_from_name(arch);
  if (!parsed_arch) return reader.error("arch", "names unknown architecture '" + arch + "'");
  chip.arch = *parsed_arch;
  TESSERA_ASSIGN_OR_RETURN(chip.product, reader.string("product"));
  auto grid = root.find("grid");
  if (grid == root.end() || !grid->is_object()) return reader.error("grid", "is missing");
  JsonReader grid_reader(*grid, source);
  TESSERA_ASSIGN_OR_RETURN(chip.grid.x, grid_reader.number32("x"));
  TESSERA_ASSIGN_OR_RETURN(chip.grid.y, grid_reader.number32("y"));
  TESSERA_ASSIGN_OR_RETURN(chip.l1_size, reader.number("l1_size"));
  TESSERA_ASSIGN_OR_RETURN(chip.num_dram_channels, reader.number32("num_dram_channels"));
  TESSERA_ASSIGN_OR_RETURN(chip.dram_channel_size, reader.number("dram_channel_size"));
  TESSERA_ASSIGN_OR_RETURN(chip.noc_l1_address_align,
                           reader.number32("noc_l1_address_align_bytes"));
  TESSERA_ASSIGN_OR_RETURN(chip.pcie_address_align, reader.number32("pcie_address_align_bytes"));
  TESSERA_ASSIGN_OR_RETURN(chip.noc_dram_address_align,
                           reader.number32("noc_dram_address_align_bytes"));
  TESSERA_ASSIGN_OR_RETURN(chip.l1_unreserved_base, reader.number32("l1_unreserved_base"));
  TESSERA_ASSIGN_OR_RETURN(chip.erisc_l1_unreserved_base,
                           reader.number32("erisc_l1_unreserved_base"));
  TESSERA_ASSIGN_OR_RETURN(chip.dram_unreserved_base, reader.number32("dram_unreserved_base"));

  // The usable worker grid is columns x rows of the NoC grid.
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint32_t> columns, reader.numbers("noc_worker_columns"));
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint32_t> rows, reader.numbers("noc_worker_rows"));
  if (columns.size() != chip.grid.x || rows.size() != chip.grid.y) {
    return reader.error("grid", "disagrees with noc_worker_columns/noc_worker_rows (" +
                                    std::to_string(columns.size()) + " columns, " +
                                    std::to_string(rows.size()) + " rows)");
  }
  for (uint32_t row : rows) {
    for (uint32_t column : columns) chip.worker_cores.push_back({column, row});
  }
  TESSERA_ASSIGN_OR_RETURN(auto dram, reader.pairs("dram_cores"));
  chip.dram_cores = to_coords(dram);
  TESSERA_ASSIGN_OR_RETURN(auto eth, reader.pairs("eth_cores"));
  chip.eth_cores = to_coords(eth);
  TESSERA_ASSIGN_OR_RETURN(std::vector<std::string> formats,
                           reader.strings("supported_data_formats"));
  for (const std::string& name : formats) {
    TESSERA_ASSIGN_OR_RETURN(ChipDataFormat format, data_format_from_name(reader, name));
    chip.supported_data_formats.push_back(format);
  }
  TESSERA_ASSIGN_OR_RETURN(auto tiles, reader.pairs("supported_tile_sizes"));
  for (auto [height, width] : tiles) chip.supported_tile_shapes.push_back({height, width});

  if (Status valid = chip.validate(); !valid.ok()) {
    Error error = std::move(valid).error();
    error.add_context("chip descriptor " + std::string(source));
    return error;
  }
  return chip;
}

}  // namespace tessera::sim
