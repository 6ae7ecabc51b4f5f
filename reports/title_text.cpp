#include "reports/title_text.hpp"

#include <array>
#include <cctype>
#include <utility>

namespace nb::reports {

namespace {

// Whether `title` at `at` holds a number or a single letter: what "sqrt " stands before in a title.
bool symbol_argument(const std::string& title, std::size_t at) {
  std::size_t end = at;
  while (end < title.size() && (std::isalnum(static_cast<unsigned char>(title[end])) || title[end] == '.')) ++end;
  if (end == at) return false;
  const std::string token = title.substr(at, end - at);
  return token.size() == 1 || token.find_first_not_of("0123456789.") == std::string::npos;
}

}  // namespace

std::string title_text(const std::string& title) {
  static constexpr std::array<std::pair<const char*, const char*>, 5> kSymbols{
      {{"<=", "\u2264"}, {">=", "\u2265"}, {"!=", "\u2260"}, {"->", "\u2192"}, {"sqrt ", "\u221A"}}};
  std::string out;
  for (std::size_t i = 0; i < title.size();) {
    bool replaced = false;
    for (const auto& [ascii, symbol] : kSymbols) {
      const std::string a = ascii;
      if (title.compare(i, a.size(), a) != 0) continue;
      // "sqrt" only as a word before a number or a one-letter symbol ("sqrt 2", "sqrt L"), not inside
      // another word or before one ("sqrt stays").
      if (a == "sqrt " && ((i > 0 && std::isalpha(static_cast<unsigned char>(title[i - 1]))) || !symbol_argument(title, i + a.size())))
        continue;
      out += symbol;
      i += a.size();
      replaced = true;
      break;
    }
    if (!replaced) out += title[i++];
  }
  return out;
}

}  // namespace nb::reports
