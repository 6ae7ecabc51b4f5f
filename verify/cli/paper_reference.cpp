#include "verify/cli/paper_reference.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>
#include <tuple>
#include <utility>

#include "theorems/registry.hpp"
#include "verify/io/errors.hpp"

namespace nb::cli {
namespace {

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::string lower_case(const std::string& text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The kind spelled at `at` of lower-case `text`, and where its spelling ends; nothing when no kind
// word starts there.
std::optional<std::pair<std::string, std::size_t>> kind_at(const std::string& text, std::size_t at) {
  static constexpr std::array<std::pair<const char*, const char*>, 17> kSpellings{
      {{"corollary", "Corollary"}, {"cor.", "Corollary"}, {"theorem", "Theorem"}, {"thm.", "Theorem"},
       {"lemma", "Lemma"}, {"lem.", "Lemma"}, {"section", "Section"}, {"sec.", "Section"}, {"\xC2\xA7", "Section"},
       {"figure", "Figure"}, {"fig.", "Figure"}, {"equation", "Equation"}, {"eq.", "Equation"},
       {"proposition", "Proposition"}, {"prop.", "Proposition"}, {"algorithm", "Algorithm"}, {"alg.", "Algorithm"}}};
  if (at > 0 && is_letter(text[at - 1])) return std::nullopt;
  for (const auto& [spelling, kind] : kSpellings) {
    const std::size_t end = at + std::char_traits<char>::length(spelling);
    // A whole word: "sections" is no kind.
    if (text.compare(at, end - at, spelling) == 0 && !(end < text.size() && is_letter(text[end]) && is_letter(text[end - 1])))
      return std::make_pair(std::string(kind), end);
  }
  return std::nullopt;
}

// The reference that starts at `at` of lower-case `text` ("corollary 2(ii)"), and where it ends.
std::optional<std::pair<PaperReference, std::size_t>> reference_at(const std::string& text, std::size_t at) {
  const auto kind = kind_at(text, at);
  if (!kind) return std::nullopt;
  std::size_t i = kind->second;
  while (i < text.size() && text[i] == ' ') ++i;
  const std::size_t start = i;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < text.size() && is_digit(text[i])) ++i;
    return i > from;
  };
  if (!digits()) return std::nullopt;
  while (i + 1 < text.size() && text[i] == '.' && is_digit(text[i + 1])) {
    ++i;
    digits();
  }
  if (i < text.size() && is_letter(text[i]) && !(i + 1 < text.size() && is_letter(text[i + 1]))) ++i;  // "Fig. 2b"
  if (i < text.size() && text[i] == '(') {  // "Corollary 2(ii)"
    std::size_t close = i + 1;
    while (close < text.size() && is_letter(text[close])) ++close;
    if (close > i + 1 && close < text.size() && text[close] == ')') i = close + 1;
  }
  if (i < text.size() && (is_letter(text[i]) || is_digit(text[i]))) return std::nullopt;
  return std::make_pair(PaperReference{kind->first, text.substr(start, i - start)}, i);
}

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

bool is_kind_alone(const std::string& value) {
  const std::string text = lower_case(trimmed(value));
  const auto kind = kind_at(text, 0);
  return kind && kind->second == text.size();
}

// "Corollary 1, Corollary 2(ii), ..., Theorem 2": what `sources` cite, by kind, then by number.
std::string references_listed(const std::vector<std::string>& sources) {
  std::vector<PaperReference> all;
  for (const auto& source : sources)
    for (PaperReference& r : references_cited(source))
      if (std::find(all.begin(), all.end(), r) == all.end()) all.push_back(std::move(r));
  const auto order = [](const PaperReference& r) {
    return std::make_tuple(r.kind, std::stoul(r.number), r.number);  // a number starts with digits
  };
  std::sort(all.begin(), all.end(), [&](const auto& a, const auto& b) { return order(a) < order(b); });
  std::string out;
  for (const auto& r : all) out += (out.empty() ? "" : ", ") + r.text();
  return out;
}

// Where a source sits in the paper's order (in_paper_order): the first part of the paper it cites.
struct PaperPlace {
  int none = 1;  // 0 where the source cites a part of the paper
  int kind = 0;  // Section, Lemma, Theorem, Corollary, then any other kind
  std::vector<unsigned long> numbers;  // "2.3": 2, 3
  std::string rest;                    // what follows them: an item "(ii)", a panel "b"
  int beside = 0;                      // 1 where the source does not name the part directly
};

PaperPlace paper_place(const std::string& source) {
  static constexpr std::array<const char*, 4> kRanked{"Section", "Lemma", "Theorem", "Corollary"};
  const std::string text = lower_case(source.substr(0, source.find(';')));
  for (std::size_t at = 0; at < text.size(); ++at) {
    const auto read = reference_at(text, at);
    if (!read) continue;
    PaperPlace place;
    place.none = 0;
    place.kind = static_cast<int>(std::find(kRanked.begin(), kRanked.end(), read->first.kind) - kRanked.begin());
    const std::string& number = read->first.number;
    std::size_t i = 0;
    while (i < number.size() && is_digit(number[i])) {
      unsigned long n = 0;
      for (; i < number.size() && is_digit(number[i]); ++i)  // saturating: a source is a user's text
        n = n > (std::numeric_limits<unsigned long>::max() - 9) / 10 ? std::numeric_limits<unsigned long>::max()
                                                                     : n * 10 + static_cast<unsigned long>(number[i] - '0');
      place.numbers.push_back(n);
      if (i + 1 < number.size() && number[i] == '.' && is_digit(number[i + 1])) ++i;
      else break;
    }
    place.rest = number.substr(i);
    // "arXiv 2508.17821, Corollary 3" names it; "..., beside Corollary 3" does not.
    const std::size_t clause = text.rfind(',', at);
    const std::size_t words = text.find_first_not_of(' ', clause == std::string::npos ? 0 : clause + 1);
    place.beside = words < at ? 1 : 0;
    return place;
  }
  return {};
}

}  // namespace

std::optional<PaperReference> paper_reference(const std::string& text) {
  const std::string lower = lower_case(trimmed(text));
  const auto read = reference_at(lower, 0);
  if (!read || read->second != lower.size()) return std::nullopt;
  return read->first;
}

std::vector<PaperReference> references_cited(const std::string& source) {
  const std::string text = lower_case(source.substr(0, source.find(';')));
  std::vector<PaperReference> out;
  for (std::size_t at = 0; at < text.size();) {
    if (const auto read = reference_at(text, at)) {
      out.push_back(read->first);
      at = read->second;
    } else {
      ++at;
    }
  }
  return out;
}

bool cites(const std::string& source, const PaperReference& reference) {
  const auto within = [&](const PaperReference& cited) {
    if (cited.kind != reference.kind || !cited.number.starts_with(reference.number)) return false;
    if (cited.number.size() == reference.number.size()) return true;
    const char next = cited.number[reference.number.size()];
    return is_letter(next) || next == '(';  // a panel or an item of it, not "30" or "3.1"
  };
  const std::vector<PaperReference> cited = references_cited(source);
  return std::any_of(cited.begin(), cited.end(), within);
}

bool SourceSelection::selects(const std::string& source) const {
  const std::string lower = lower_case(source);
  return std::any_of(parts.begin(), parts.end(), [&](const PaperReference& r) { return cites(source, r); }) ||
         std::any_of(quoted.begin(), quoted.end(),
                     [&](const std::string& q) { return lower.find(lower_case(q)) != std::string::npos; });
}

SourceSelection source_selection(const std::vector<std::string>& values, const std::vector<std::string>& sources) {
  const auto refused = [&](const std::string& why) {
    return UsageError(why + "; the parts of the paper the theorems cite: " + references_listed(sources));
  };
  SourceSelection out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::optional<PaperReference> reference = paper_reference(values[i]);
    if (!reference && is_kind_alone(values[i]) && i + 1 < values.size()) {
      reference = paper_reference(values[i] + " " + values[i + 1]);
      if (reference) ++i;
    }
    if (!reference) {
      const std::string text = trimmed(values[i]);
      const bool quoted = std::any_of(text.begin(), text.end(), is_letter) && !is_kind_alone(text) &&
                          std::any_of(sources.begin(), sources.end(), [&](const std::string& s) {
                            return lower_case(s).find(lower_case(text)) != std::string::npos;
                          });
      if (quoted) {
        out.quoted.push_back(text);
        continue;
      }
      if (is_kind_alone(values[i])) throw refused("--paper-ref '" + values[i] + "' names no number: say which one");
      if (paper_reference("Corollary " + values[i]))
        throw refused("--paper-ref '" + values[i] + "' is a number without its kind: say which part of the paper (e.g. 'Corollary " +
                      text + "')");
      throw refused("--paper-ref '" + values[i] +
                    "' is neither a part of the paper (a kind and its number, e.g. 'Corollary 3') nor text a "
                    "theorem's source quotes (e.g. 'arXiv 2508.17821')");
    }
    if (std::none_of(sources.begin(), sources.end(), [&](const std::string& s) { return cites(s, *reference); }))
      throw refused("no registered theorem matches --paper-ref '" + reference->text() + "': none cites it");
    out.parts.push_back(std::move(*reference));
  }
  return out;
}

std::vector<const Theorem*> in_paper_order(std::vector<const Theorem*> theorems) {
  const auto key = [](const Theorem* t) {
    const TheoremInfo& i = t->info();
    PaperPlace p = paper_place(i.source);
    return std::make_tuple(p.none, p.kind, std::move(p.numbers), std::move(p.rest), p.beside,
                           static_cast<int>(i.fidelity), i.id);
  };
  std::vector<std::pair<decltype(key(nullptr)), const Theorem*>> keyed;
  for (const Theorem* t : theorems) keyed.emplace_back(key(t), t);
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t k = 0; k < keyed.size(); ++k) theorems[k] = keyed[k].second;
  return theorems;
}

std::vector<const Theorem*> registered_in_paper_order() {
  std::vector<const Theorem*> all;
  for (const auto& t : theorems::all()) all.push_back(t.get());
  return in_paper_order(std::move(all));
}

std::vector<const Theorem*> theorems_citing(const std::vector<std::string>& references,
                                            const std::vector<std::string>& fidelities) {
  std::vector<std::string> sources;
  for (const auto& t : theorems::all()) sources.push_back(t->info().source);
  const SourceSelection selection = source_selection(references, sources);
  std::vector<const Theorem*> out;
  for (const Theorem* t : registered_in_paper_order()) {
    const TheoremInfo& i = t->info();
    const bool citing = references.empty() || selection.selects(i.source);
    const bool tagged = fidelities.empty() || std::find(fidelities.begin(), fidelities.end(),
                                                        fidelity_name(i.fidelity)) != fidelities.end();
    if (citing && tagged) out.push_back(t);
  }
  return out;
}

}  // namespace nb::cli
