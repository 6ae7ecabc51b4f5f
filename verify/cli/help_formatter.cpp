#include "verify/cli/help_formatter.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <utility>

#include "verify/cli/wrapped_text.hpp"

namespace nb::cli {
namespace {

// Where the text of `line` starts for a continuation: its description's column when it is an
// option's line, else its first non-space column.
std::size_t hanging_indent(const std::string& line, std::size_t description_column) {
  const std::size_t own = std::min(line.find_first_not_of(' '), line.size());
  const bool option_line = own == 2 && description_column > 0 && line.size() > description_column && line[description_column - 1] == ' ' &&
                           line[description_column] != ' ';
  return option_line ? description_column : own;
}

}  // namespace

std::string wrapped_help(const std::string& text, std::size_t width, std::size_t description_column) {
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    // An option's name column stays as it is; what follows it is wrapped into what is left.
    const std::size_t indent = hanging_indent(line, description_column);
    out += hanging_lines(line, width, indent, indent);
  }
  return out;
}

WrappingFormatter::WrappingFormatter(std::size_t width) : width_(width) {
  // Names and their descriptions side by side, the names taking at most a third of the width.
  column_width(std::min<std::size_t>(30, width / 3));
}

std::string WrappingFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const {
  return wrapped_help(CLI::Formatter::make_help(app, std::move(name), mode), width_, get_column_width());
}

std::string WrappingFormatter::make_subcommand(const CLI::App* sub) const {
  // The first sentence: up to a full stop at the end of a line or before a capital ("Figs. 2-4"
  // goes on), its lines joined.
  const std::string& description = sub->get_description();
  std::size_t end = description.size();
  for (std::size_t i = 0; i + 1 < description.size() && end == description.size(); ++i)
    if (description[i] == '.' &&
        (description[i + 1] == '\n' || (description[i + 1] == ' ' && i + 2 < description.size() &&
                                        std::isupper(static_cast<unsigned char>(description[i + 2])) != 0)))
      end = i + 1;
  std::string first = description.substr(0, end);
  std::replace(first.begin(), first.end(), '\n', ' ');
  std::ostringstream out;
  CLI::detail::format_help(out, sub->get_display_name(true), first, get_column_width());
  return out.str();
}

}  // namespace nb::cli
