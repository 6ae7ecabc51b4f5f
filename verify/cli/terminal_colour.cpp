#include "verify/cli/terminal_colour.hpp"

#include <array>
#include <cctype>
#include <cstdlib>
#include <utility>

#include <unistd.h>

#include "verify/cli/shown_descriptor.hpp"

namespace nb::cli {
namespace {

bool word_character(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_'; }

// Longer words first, so that NEAR-TIGHT is found before TIGHT.
constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kColours{{
    {"INCONCLUSIVE", "\x1b[35m"},
    {"NEAR-TIGHT", "\x1b[33m"},
    {"UNEXPECTED", "\x1b[1;31m"},
    {"UNDECIDED", "\x1b[35m"},
    {"VIOLATED", "\x1b[31m"},
    {"PROVEN", "\x1b[32m"},
    {"HOLDS", "\x1b[32m"},
    {"EQUAL", "\x1b[33m"},
    {"TIGHT", "\x1b[33m"},
}};
constexpr std::string_view kReset = "\x1b[0m";

}  // namespace

bool colour_wanted(bool terminal, const char* no_color, const char* term) {
  if (!terminal) return false;
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return term == nullptr || std::string_view(term) != "dumb";
}

bool colour_wanted_for(int fd) {
  const ShownDescriptor shown(fd);
  return colour_wanted(::isatty(shown.get()) != 0, std::getenv("NO_COLOR"), std::getenv("TERM"));
}

std::string coloured_verdicts(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    bool matched = false;
    if (i == 0 || !word_character(text[i - 1]))
      for (const auto& [word, colour] : kColours) {
        const std::size_t end = i + word.size();
        if (text.compare(i, word.size(), word) != 0 || (end < text.size() && word_character(text[end]))) continue;
        out.append(colour).append(word).append(kReset);
        i = end;
        matched = true;
        break;
      }
    if (!matched) out += text[i++];
  }
  return out;
}

}  // namespace nb::cli
