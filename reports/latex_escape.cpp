#include "reports/latex_escape.hpp"

#include <cctype>
#include <cstdio>

namespace nb::reports {
namespace {

std::string hex_code(const char* format, unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// Length of the UTF-8 sequence starting with `lead`, 0 if `lead` cannot start one.
std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// The LaTeX for ASCII character `c` in running text (`typewriter` false) or in \texttt. The
// typewriter font has glyphs for \ { } < > | _ ^ ~ " at their ASCII codes, so \char gives the
// real character there (copyable); the roman font lacks them and needs the text commands.
std::string ascii(char c, bool typewriter) {
  switch (c) {
    case '$': return "\\$";
    case '&': return "\\&";
    case '#': return "\\#";
    case '%': return "\\%";
    case '-': return "-{}";  // no -- or --- ligatures
    case '\n':
    case '\r':
    case '\t': return " ";
    case '\\':
    case '{':
    case '}':
    case '<':
    case '>':
    case '|':
    case '_':
    case '^':
    case '~':
    case '"':
      if (typewriter) return "{\\char" + std::to_string(static_cast<int>(c)) + "}";
      switch (c) {
        case '\\': return "\\textbackslash{}";
        case '{': return "\\{";
        case '}': return "\\}";
        case '<': return "\\textless{}";
        case '>': return "\\textgreater{}";
        case '|': return "\\textbar{}";
        case '_': return "\\_";
        case '^': return "\\textasciicircum{}";
        case '~': return "\\textasciitilde{}";
        default: return "{\\ttfamily\\char34}";  // OT1 has no straight quote but in the typewriter font
      }
    default: return std::string(1, c);
  }
}

// Whether text[i] has a letter or digit on both sides: a hyphen inside a word ("kebab-case"), where
// a break is natural, unlike after the "-" of "--option", of a negative number or of "e-7".
bool inside_word(const std::string& text, std::size_t i) {
  const auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  const bool exponent = i > 0 && (text[i - 1] == 'e' || text[i - 1] == 'E') && i + 1 < text.size() &&
                        std::isdigit(static_cast<unsigned char>(text[i + 1]));  // 1.5e-7
  return i > 0 && i + 1 < text.size() && alnum(text[i - 1]) && alnum(text[i + 1]) && !exponent;
}

// The few non-ASCII symbols generated report text uses, as math-mode commands of the default
// fonts; nullptr for every other character.
const char* math_symbol(unsigned code_point) {
  switch (code_point) {
    case 0x2248: return "$\\approx$";
    case 0x2016: return "$\\|$";
    case 0x2212: return "$-$";
    case 0x221A: return "$\\surd$";
    case 0x03B5: return "$\\varepsilon$";
    case 0x2264: return "$\\le$";
    case 0x2265: return "$\\ge$";
    case 0x2260: return "$\\neq$";
    case 0x2192: return "$\\to$";
    case 0x00B7: return "$\\cdot$";
    case 0x2082: return "${}_2$";
    default: return nullptr;
  }
}

// Escapes `text`, allowing a line break after a word-inner / (paths in prose: a pinned case's file);
// in \texttt (`typewriter`) also after / , = and word-inner -, after every 16 letters or digits in a row,
// and after each replaced non-ASCII character, where long paths and commands may wrap.
std::string escape(const std::string& text, bool typewriter) {
  std::string out;
  std::size_t run = 0;  // alphanumeric characters since the last break point
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    // Other control characters print as their code, like invalid bytes: the file stays plain text.
    const bool control = (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7F;
    if (c < 0x80 && !control) {
      out += ascii(static_cast<char>(c), typewriter);
      run = std::isalnum(c) ? run + 1 : 0;
      // Long unbroken runs (SHA-256 digests, long numbers) may break every 16 characters.
      if ((typewriter && (c == '/' || c == ',' || c == '=' || (c == '-' && inside_word(text, i)) || run == 16)) ||
          (c == '/' && inside_word(text, i))) {
        out += "\\allowbreak{}";
        run = 0;
      }
      continue;
    }
    run = 0;
    const std::size_t n = control ? 0 : utf8_length(c);
    bool valid = n > 0 && i + n <= text.size();
    unsigned code_point = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (std::size_t k = 1; valid && k < n; ++k) {
      const unsigned char cont = static_cast<unsigned char>(text[i + k]);
      valid = (cont & 0xC0) == 0x80;
      code_point = (code_point << 6) | (cont & 0x3F);
    }
    if (const char* math = valid ? math_symbol(code_point) : nullptr) {
      out += math;
      i += n - 1;
      continue;
    }
    out += ascii('<', typewriter) + (valid ? hex_code("U+%04X", code_point) : hex_code("0x%02X", c)) +
           ascii('>', typewriter);
    if (valid) i += n - 1;
    if (typewriter) out += "\\allowbreak{}";
  }
  return out;
}

}  // namespace

std::string latex_escape(const std::string& text) { return escape(text, false); }

std::string latex_code(const std::string& text) { return "\\texttt{" + escape(text, true) + "}"; }

std::string latex_rich(const RichText& text) {
  std::string out;
  for (const TextRun& run : text) {
    switch (run.style) {
      case TextStyle::Plain: out += latex_escape(run.text); break;
      case TextStyle::Code: out += latex_code(run.text); break;
      case TextStyle::Strong: out += "\\textbf{" + latex_escape(run.text) + "}"; break;
    }
  }
  return out;
}

}  // namespace nb::reports
