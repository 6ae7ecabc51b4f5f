#include "reports/markdown_report.hpp"

#include <sstream>

#include "reports/markdown_text.hpp"
#include "reports/svg_plot.hpp"

namespace nb::reports {
namespace {

void pipe_table(std::ostream& out, const Table& t, std::size_t& number) {
  if (!t.caption.empty()) out << "*Table " << ++number << ".* " << markdown_rich(t.caption) << "\n\n";
  out << "|";
  for (const Column& c : t.columns) out << " " << markdown_escape(c.header) << " |";
  out << "\n|";
  for (const Column& c : t.columns) out << (c.numeric ? " ---: |" : " --- |");
  out << "\n";
  auto group = t.groups.begin();
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    // A heading row: its text in the first cell, the others empty.
    for (; group != t.groups.end() && group->first == r; ++group) {
      out << "| *" << markdown_rich(group->second, true) << "* |";
      for (std::size_t i = 1; i < t.columns.size(); ++i) out << " |";
      out << "\n";
    }
    out << "|";
    for (const RichText& cell : row) out << " " << markdown_rich(cell, true) << " |";
    out << "\n";
  }
  out << "\n";
}

struct Numbers {
  std::size_t tables = 0, figures = 0;
};

// `level` is the Markdown heading level of the block's part ("##" is 2).
void block(std::ostream& out, const Block& b, int level, Numbers& numbers) {
  if (!b.heading.empty()) out << std::string(static_cast<std::size_t>(level + 1), '#') << " " << markdown_rich(b.heading) << "\n\n";
  for (const RichText& p : b.paragraphs) out << markdown_paragraph(p) << "\n\n";
  if (!b.display_math.empty()) out << "$$\n" << b.display_math << "\n$$\n\n";
  if (!b.definitions.empty()) out << "where\n\n";
  for (const std::string& d : b.definitions) out << "$$\n" << d << "\n$$\n\n";
  for (const ListItem& item : b.list) {
    out << "- " << markdown_rich(item.text) << "\n";
    for (const RichText& d : item.details) out << "  - " << markdown_rich(d) << "\n";
  }
  if (!b.list.empty()) out << "\n";
  if (b.table) pipe_table(out, *b.table, numbers.tables);
  for (const Figure* f : b.figures)
    out << "![" << markdown_escape(f->title.unicode) << "](" << svg_file_name(*f) << ")\n\n"
        << "*Figure " << ++numbers.figures << ".* " << markdown_rich(f->caption) << "\n\n";
}

// The parts, a section's heading at `section_level` and a subsection's one below.
void parts(std::ostream& out, const std::vector<Part>& parts, int section_level, Numbers& numbers) {
  for (const Part& p : parts) {
    const int level = section_level + p.level - 1;
    out << std::string(static_cast<std::size_t>(level), '#') << " " << markdown_escape(p.title) << "\n\n";
    for (const Block& b : p.blocks) block(out, b, level, numbers);
  }
}

}  // namespace

std::string markdown_report(const Document& document) {
  std::ostringstream out;
  out << "# " << markdown_escape(document.title) << "\n\n" << markdown_paragraph(document.introduction) << "\n\n";
  Numbers numbers;
  parts(out, document.parts, 2, numbers);
  // Markdown has no lettered appendix: one heading holds the appendix's parts, a level down.
  out << "## Appendix: " << markdown_escape(document.appendix_title) << "\n\n";
  parts(out, document.appendix, 3, numbers);
  std::string s = out.str();
  s.pop_back();  // end in one newline, not a blank line
  return s;
}

}  // namespace nb::reports
