#pragma once
// Text generated from data (findings, table cells, headings) that every format renders: plain,
// code (ids, labels, numbers, commands) and strong runs, which each format marks up and escapes
// its own way.
#include <string>
#include <vector>

namespace nb::reports {

enum class TextStyle { Plain, Code, Strong };

struct TextRun {
  std::string text;
  TextStyle style = TextStyle::Plain;
};

using RichText = std::vector<TextRun>;

inline TextRun plain(std::string text) { return {std::move(text), TextStyle::Plain}; }
inline TextRun code(std::string text) { return {std::move(text), TextStyle::Code}; }
inline TextRun strong(std::string text) { return {std::move(text), TextStyle::Strong}; }

// The text without markup: what the JSON report shows.
std::string plain_text(const RichText& text);

}  // namespace nb::reports
