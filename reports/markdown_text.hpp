#pragma once
// Escaping for GitHub-flavoured Markdown, so that case labels, ids and claims print as written.
#include <string>

#include "reports/rich_text.hpp"

namespace nb::reports {

// `text` with every character Markdown could take as inline markup backslash-escaped
// (\ ` * _ [ ] < > | ~ $), line breaks and tabs turned into spaces and other control characters
// into "<0x1B>" ("<U+009B>" for C1 controls): renders as `text` on one line wherever inline text
// stands (not at the start of a line: see markdown_paragraph), and drives no terminal.
std::string markdown_escape(const std::string& text);

// `text` as an inline code span: delimited by one more backtick than its longest backtick run,
// padded with spaces when it starts or ends with a backtick; line breaks become spaces and control
// characters "<0x1B>" as in markdown_escape. In a table
// cell pass `in_table`, which escapes '|' (GitHub requires it even inside code spans).
std::string markdown_code(const std::string& text, bool in_table = false);

// Plain runs escaped, code runs as code spans, strong runs in **.
std::string markdown_rich(const RichText& text, bool in_table = false);

// markdown_rich(text) as the start of a line: a leading # + - > or the dot of "1." / "1)" is
// escaped too, so that the line stays a paragraph.
std::string markdown_paragraph(const RichText& text);

}  // namespace nb::reports
