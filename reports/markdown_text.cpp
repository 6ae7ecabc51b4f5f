#include "reports/markdown_text.hpp"

#include <algorithm>
#include <cstring>

namespace nb::reports {
namespace {

std::string one_line(const std::string& text) {
  std::string s = text;
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::replace(s.begin(), s.end(), '\r', ' ');
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
