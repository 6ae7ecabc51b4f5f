#include "reports/cited_works.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace nb::reports {

std::string work_cited(const std::string& source) {
  const std::string work = source.substr(0, source.find_first_of(",;"));
  const std::size_t first = work.find_first_not_of(' '), last = work.find_last_not_of(' ');
  return first == std::string::npos ? std::string() : work.substr(first, last - first + 1);
}

std::string part_cited(const std::string& source) {
  static constexpr std::array<const char*, 11> kKinds{"Section", "Lemma",     "Theorem",   "Corollary",
                                                      "Proposition", "Definition", "Assumption", "Algorithm",
                                                      "Equation", "Figure",     "Fig."};
  const std::size_t comma = source.find_first_of(",;");
  if (comma == std::string::npos || source[comma] == ';') return "";
  const std::string rest = source.substr(comma + 1, source.find(';') == std::string::npos ? std::string::npos
                                                                                           : source.find(';') - comma - 1);
  std::size_t at = std::string::npos;
  for (const char* kind : kKinds)
    for (std::size_t i = rest.find(kind); i != std::string::npos; i = rest.find(kind, i + 1)) {
      const std::size_t end = i + std::char_traits<char>::length(kind);
      // A whole word followed by its number: "Theorem 2", not "Theorems" or "Theorem of".
      const bool word = (i == 0 || !std::isalpha(static_cast<unsigned char>(rest[i - 1]))) && end + 1 < rest.size() &&
                        rest[end] == ' ' && std::isdigit(static_cast<unsigned char>(rest[end + 1]));
      if (word) {
        at = std::min(at, i);
        break;
      }
    }
  if (at == std::string::npos) return "";
  // The kind, its number and a panel or item: "Corollary 2(ii)", "Section 3.3", "Fig. 2b".
  const auto letter_or_digit = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::size_t end = rest.find(' ', at) + 1;
  while (end < rest.size() && (letter_or_digit(rest[end]) || (rest[end] == '.' && end + 1 < rest.size() &&
                                                              std::isdigit(static_cast<unsigned char>(rest[end + 1])))))
    ++end;
  if (end < rest.size() && rest[end] == '(') {
    std::size_t close = end + 1;
    while (close < rest.size() && std::isalpha(static_cast<unsigned char>(rest[close]))) ++close;
    if (close > end + 1 && close < rest.size() && rest[close] == ')') end = close + 1;
  }
  return rest.substr(at, end - at);
}

std::vector<std::string> works_cited(const std::vector<std::string>& sources) {
  std::vector<std::string> works;
  for (const std::string& source : sources) {
    std::string work = work_cited(source);
    if (!work.empty() && std::find(works.begin(), works.end(), work) == works.end()) works.push_back(std::move(work));
  }
  return works;
}

std::string works_phrase(const std::vector<std::string>& works) {
  constexpr std::size_t kNamed = 3;
  if (works.size() > kNamed) return works[0] + ", " + works[1] + " and " + std::to_string(works.size() - 2) + " other works";
  std::string phrase;
  for (std::size_t i = 0; i < works.size(); ++i)
    phrase += (i == 0 ? "" : i + 1 == works.size() ? " and " : ", ") + works[i];
  return phrase;
}

}  // namespace nb::reports
