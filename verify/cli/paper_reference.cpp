#include "verify/cli/paper_reference.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "theorems/registry.hpp"

namespace nb::cli {
namespace {

// Lower case, abbreviations spelled out, runs of spaces as one.
std::string normalized(const std::string& text) {
  static constexpr std::array<std::pair<const char*, const char*>, 7> kAbbreviations{
      {{"cor.", "corollary"}, {"thm.", "theorem"}, {"lem.", "lemma"}, {"sec.", "section"}, {"\xC2\xA7", "section "},
       {"eq.", "equation"}, {"prop.", "proposition"}}};
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [abbreviation, word] : kAbbreviations)
    for (std::size_t at = lower.find(abbreviation); at != std::string::npos; at = lower.find(abbreviation, at))
      lower.replace(at, std::char_traits<char>::length(abbreviation), word);
  std::string out;
  for (char c : lower)
    if (!(c == ' ' && (out.empty() || out.back() == ' '))) out += c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

bool cites(const std::string& source, const std::string& reference) {
  const std::string s = normalized(source), r = normalized(reference);
  if (r.empty()) return false;
  for (std::size_t at = s.find(r); at != std::string::npos; at = s.find(r, at + 1)) {
    const std::size_t end = at + r.size();
    const bool number_continues = std::isdigit(static_cast<unsigned char>(r.back())) && end < s.size() &&
                                  (std::isdigit(static_cast<unsigned char>(s[end])) ||
                                   (s[end] == '.' && end + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[end + 1]))));
    if (!number_continues) return true;
  }
  return false;
}

std::vector<const Theorem*> theorems_citing(const std::vector<std::string>& references,
                                            const std::vector<std::string>& fidelities) {
  std::vector<const Theorem*> out;
  for (const auto& t : theorems::all()) {
    const TheoremInfo& i = t->info();
    const bool cited = references.empty() || std::any_of(references.begin(), references.end(),
                                                          [&](const std::string& r) { return cites(i.source, r); });
    const bool tagged = fidelities.empty() || std::find(fidelities.begin(), fidelities.end(),
                                                        fidelity_name(i.fidelity)) != fidelities.end();
    if (cited && tagged) out.push_back(t.get());
  }
  return out;
}

}  // namespace nb::cli
