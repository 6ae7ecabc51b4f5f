#include "reports/markdown_text.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace nb::reports {
namespace {

// `text` on one line and without control characters, which a terminal showing the file would
// obey: line breaks and tabs become spaces, other C0 and C1 controls (ESC, CSI U+009B) "<0x1B>",
// "<U+009B>".
std::string one_line(const std::string& text) {
  std::string s;
  char code[16];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n' || c == '\r' || c == '\t') {
      s += ' ';
    } else if (c < 0x20 || c == 0x7F) {
      std::snprintf(code, sizeof code, "<0x%02X>", c);
      s += code;
    } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      std::snprintf(code, sizeof code, "<U+%04X>", static_cast<unsigned char>(text[++i]));
      s += code;
    } else {
      s += static_cast<char>(c);
    }
  }
  return s;
}

}  // namespace

std::string markdown_escape(const std::string& text) {
  std::string out;
  for (char c : one_line(text)) {
    if (c != '\0' && std::strchr("\\`*_[]<>|~$", c) != nullptr) out += '\\';
    out += c;
  }
  return out;
}

std::string markdown_code(const std::string& text, bool in_table) {
  std::string body = one_line(text);
  if (in_table) {
    std::string escaped;
    for (char c : body) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
    body = escaped;
  }
  std::size_t longest = 0, run = 0;
  for (char c : body) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string markdown_paragraph(const RichText& text) {
  std::string s = markdown_rich(text);
  // A line starting with # + - > or "1." / "1)" would open a heading, list or quote; only ASCII
  // punctuation can be backslash-escaped, so "1." becomes "1\.".
  const std::size_t digits = s.find_first_not_of("0123456789");
  if (digits > 0 && digits != std::string::npos && (s[digits] == '.' || s[digits] == ')')) return s.insert(digits, "\\");
  if (!s.empty() && std::strchr("#+->", s[0]) != nullptr) return s.insert(0, "\\");
  return s;
}

std::string markdown_rich(const RichText& text, bool in_table) {
  std::string out;
  for (const TextRun& run : text) {
    switch (run.style) {
      case TextStyle::Plain: out += markdown_escape(run.text); break;
      case TextStyle::Code: out += markdown_code(run.text, in_table); break;
      case TextStyle::Strong: out += "**" + markdown_escape(run.text) + "**"; break;
    }
  }
  return out;
}

}  // namespace nb::reports
