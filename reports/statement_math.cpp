#include "reports/statement_math.hpp"

#include <algorithm>
#include <iterator>
#include <cctype>
#include <cstring>
#include <string_view>
#include <vector>

namespace nb::reports {
namespace {

// Math-mode commands of LaTeX, amsmath and amssymb that only typeset (sorted, for binary search).
constexpr std::string_view kMathCommands[] = {
    "Big",       "Bigg",      "Bigl",       "Bigr",        "Delta",     "Gamma",       "Lambda",     "Leftarrow",
    "Leftrightarrow", "Longrightarrow", "Omega", "Phi",     "Pi",        "Psi",         "Rightarrow", "Sigma",
    "Theta",     "Upsilon",   "Xi",         "aleph",       "alpha",     "approx",      "arccos",     "arcsin",
    "arctan",    "arg",       "ast",        "bar",         "beta",      "big",         "bigcap",     "bigcup",
    "bigg",      "biggl",     "biggr",      "bigl",        "bigr",      "binom",       "bmod",       "boldsymbol",
    "bot",       "breve",     "bullet",     "cap",         "cdot",      "cdots",       "check",      "chi",
    "circ",      "colon",     "cong",       "cos",         "cosh",      "cot",         "cup",        "dagger",
    "dbinom",    "ddot",      "ddots",      "deg",         "delta",     "det",         "dfrac",      "diamond",
    "dim",       "displaystyle", "div",     "dot",         "dots",      "dotsb",       "dotsc",      "downarrow",
    "ell",       "emptyset",  "epsilon",    "equiv",       "eta",       "exists",      "exp",        "forall",
    "frac",      "gamma",     "gcd",        "ge",          "geq",       "gg",          "grave",      "hat",
    "hbar",      "iff",       "implies",    "in",          "inf",       "infty",       "int",        "iota",
    "kappa",     "ker",       "lVert",      "lambda",      "land",      "langle",      "lceil",      "ldots",
    "le",        "left",      "leftarrow",  "leftrightarrow", "leq",    "lfloor",      "lg",         "lim",
    "liminf",    "limsup",    "ll",         "ln",          "log",       "lor",         "lvert",      "mapsto",
    "mathbb",    "mathbf",    "mathcal",    "mathit",      "mathrm",    "mathsf",      "mathtt",     "max",
    "mid",       "min",       "mp",         "mu",          "nabla",     "ne",          "neg",        "neq",
    "ni",        "not",       "notin",      "nu",          "odot",      "oint",        "omega",      "ominus",
    "operatorname", "oplus",  "otimes",     "overline",    "overset",   "parallel",    "partial",    "perp",
    "phi",       "pi",        "pm",         "pmod",        "prime",     "prod",        "propto",     "psi",
    "qquad",     "quad",      "rVert",      "rangle",      "rceil",     "rfloor",      "rho",        "right",
    "rightarrow", "rvert",    "scriptscriptstyle", "scriptstyle", "sec", "setminus",   "sigma",      "sim",
    "simeq",     "sin",       "sinh",       "sqrt",        "star",      "subset",      "subseteq",   "sum",
    "sup",       "supset",    "supseteq",   "tan",         "tanh",      "tau",         "text",       "textstyle",
    "tfrac",     "theta",     "tilde",      "times",       "to",        "top",         "triangle",   "underline",
    "underset",  "uparrow",   "upsilon",    "varepsilon",  "varphi",    "varpi",       "varrho",     "varsigma",
    "vartheta",  "vec",       "vee",        "vert",        "wedge",     "widehat",     "widetilde",  "xi",
    "zeta",      "lbrace",    "rbrace"};

bool math_command(std::string_view name) {
  static const std::vector<std::string_view> sorted = [] {
    std::vector<std::string_view> s(std::begin(kMathCommands), std::end(kMathCommands));
    std::sort(s.begin(), s.end());
    return s;
  }();
  return std::binary_search(sorted.begin(), sorted.end(), name);
}

bool letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::string statement_math(const std::string& statement) {
  std::string out;
  std::size_t depth = 0;  // open braces
  for (std::size_t i = 0; i < statement.size(); ++i) {
    const char c = statement[i];
    const unsigned char byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      std::size_t end = i + 1;
      while (end < statement.size() && letter(statement[end])) ++end;
      if (end > i + 1) {  // a control word
        const std::string_view name(statement.data() + i + 1, end - i - 1);
        out += math_command(name) ? "\\" + std::string(name) : "\\backslash\\mathtt{" + std::string(name) + "}";
        i = end - 1;
      } else if (end < statement.size() && std::strchr(",;:!{}|%#&$_ \\", statement[end]) != nullptr &&
                 statement[end] != '\0') {  // a control symbol: spacing or an escaped character
        out += statement.substr(i, 2);
        ++i;
      } else {
        out += "\\backslash{}";
      }
    } else if (c == '%' || c == '#' || c == '&' || c == '$') {
      out += std::string("\\") + c;
    } else if (c == '^' && i > 0 && statement[i - 1] == '^') {
      out += "{\\wedge}";
    } else if (c == '{') {
      ++depth;
      out += c;
    } else if (c == '}') {
      if (depth == 0) {
        out += "\\}";
      } else {
        --depth;
        out += c;
      }
    } else if (byte == 0xC2 && i + 1 < statement.size() && static_cast<unsigned char>(statement[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(statement[i + 1]) <= 0x9F) {
      ++i;  // a C1 control character (U+0080 to U+009F), left out
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';
    } else if (byte >= 0x20 && byte != 0x7F) {
      out += c;
    }
  }
  return out + std::string(depth, '}');
}

}  // namespace nb::reports
