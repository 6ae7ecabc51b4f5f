#pragma once
// Help text that fits the terminal: CLI11's own layout (options in a column, their descriptions
// beside), with every line longer than the width broken at spaces, a continuation starting where
// the line's text did (under the description for an option, under the first word otherwise).
#include <cstddef>
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

// `text` with each line of more than `width` columns broken at spaces. A continuation is indented
// to `description_column` when the line has an option's description there (two spaces, a name,
// spaces up to the column, text), else to the line's own indentation. A word wider than what is
// left keeps a line of its own, whole.
std::string wrapped_help(const std::string& text, std::size_t width, std::size_t description_column);

// CLI11's formatter with its output passed through wrapped_help at `width`, and each subcommand
// in a list of them described by the first sentence of its description (its examples and details
// are in its own help).
class WrappingFormatter : public CLI::Formatter {
 public:
  explicit WrappingFormatter(std::size_t width);
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;
  std::string make_subcommand(const CLI::App* sub) const override;

 private:
  std::size_t width_;
};

}  // namespace nb::cli
