#include "verify/formula/vocabulary/vocabulary.hpp"

#include <algorithm>

namespace nb::formula {
namespace {

const std::vector<const std::vector<VocabularyEntry>*>& families() {
  static const std::vector<const std::vector<VocabularyEntry>*> all = {&linear_algebra_entries(), &normalizer_entries(),
                                                                             &sign_split_entries(),
                                                                             &separation_entries(),
                                                                             &integer_entries(),
                                                                             &normalizer_kernel_entries()};
  return all;
}

}  // namespace

const VocabularyEntry* vocabulary_entry(const std::string& name) {
  for (const auto* family : families())
    for (const VocabularyEntry& e : *family)
      if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::string> vocabulary_names() {
  std::vector<std::string> names;
  for (const auto* family : families())
    for (const VocabularyEntry& e : *family) names.push_back(e.name);
  std::sort(names.begin(), names.end());
  return names;
}

const std::vector<std::string>& choice_words() { return normalizer_kernel_words(); }

}  // namespace nb::formula
