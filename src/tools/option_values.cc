#include "option_values.h"

#include <string>

namespace tessera::tools {
namespace {

CLI::Validator not_an_option() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.rfind("--", 0) != 0) return "";
        return "'" + value +
               "' looks like an option, not a value (an option value may not start with --; "
               "did you leave the value out?)";
      },
      "", "NOT_AN_OPTION");
}

void add_to_options(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_positional() || option->get_type_size() == 0) continue;
    option->check(not_an_option());
  }
  for (CLI::App* subcommand : app.get_subcommands([](CLI::App*) { return true; })) {
    add_to_options(*subcommand);
  }
}

}  // namespace

void reject_option_like_values(CLI::App& app) {
  add_to_options(app);
}

}  // namespace tessera::tools
