#include "verify/cli/terminal_style.hpp"

#include "verify/cli/output_width.hpp"
#include "verify/cli/terminal_colour.hpp"
#include "verify/cli/terminal_text.hpp"
#include "verify/cli/wrapped_text.hpp"

namespace nb::cli {

TerminalStyle terminal_style_of(int fd, bool wide) {
  return {wide ? std::nullopt : output_width_of(fd), colour_wanted_for(fd)};
}

std::string styled(std::string_view text, const TerminalStyle& style) {
  std::string safe = terminal_safe(text);
  if (style.width) safe = fitted_lines(safe, *style.width);
  return style.colour ? coloured_verdicts(safe) : safe;
}

}  // namespace nb::cli
