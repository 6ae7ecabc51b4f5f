#pragma once
// The texts of the theorem files a process read, handed to its fresh children of exact decisions
// (verify/engine/exact_decision_in_child.hpp) so that they evaluate exactly those texts, also when
// a file changes after the parent read it.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nb::theorems {

// A theorem file's path as given and its text as read.
using TheoremText = std::pair<std::string, std::string>;

// The argument of a fresh child of exact decisions that the file holding its parent's theorem
// texts follows.
inline constexpr std::string_view kTheoremTexts = "--theorem-texts";

// `texts` in a sealed memory file (no one can change it), which a child reads through
// /proc/PID/fd/N (a text may be larger than an argument can be). Returns its descriptor (close on
// exec). Throws std::system_error when it cannot be made.
int sealed_theorem_texts(const std::vector<TheoremText>& texts);

// The texts in the file at `path` (made by sealed_theorem_texts), in order.
std::vector<TheoremText> read_theorem_texts(const std::string& path);

}  // namespace nb::theorems
