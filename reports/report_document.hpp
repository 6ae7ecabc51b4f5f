#pragma once
// The report as a document: parts (sections) of blocks holding headings, paragraphs, display math,
// lists and tables, all wording included. Built once from the report content; the Markdown and
// LaTeX renderers only translate this structure into their markup, so both say the same things
// in the same order.
#include <optional>
#include <string>
#include <vector>

#include "reports/figure_data.hpp"
#include "reports/report_content.hpp"
#include "reports/rich_text.hpp"

namespace nb::reports {

struct Column {
  std::string header;
  bool numeric = false;      // right-aligned
  double width_cm = 0;       // LaTeX wraps the column's text at this width (0: natural width)
  bool rotated_header = false;  // LaTeX sets the header sideways (narrow count columns)
};

struct Table {
  std::vector<Column> columns;
  std::vector<std::vector<RichText>> rows;  // one cell per column
  // Heading rows spanning every column: (i, text) sets `text` before rows[i]; in order of i.
  std::vector<std::pair<std::size_t, RichText>> groups;
  RichText caption;  // numbered "Table N." in document order, above the table
  // LaTeX keeps the table whole, with its caption, on one page (scaled down to the line where it is
  // wider) when its rows and headings fit one; a longer one breaks across pages like the others.
  bool whole = false;
};

struct ListItem {
  RichText text;
  std::vector<RichText> details;  // a nested list
};

struct Block {
  RichText heading;                 // empty: none (rendered one level below its part)
  std::vector<RichText> paragraphs;
  std::string display_math;         // LaTeX math (a theorem statement), "" for none
  std::vector<std::string> definitions;  // LaTeX math "name = formula" each, set under it after "where"
  std::vector<ListItem> list;
  std::optional<Table> table;
  // Figures with their captions, numbered in document order: a row of small multiples, which LaTeX
  // sets side by side (two at most) and Markdown one below the other. One figure in a block with a
  // table: LaTeX sets the table (short: it does not break across pages) beside the figure.
  std::vector<const Figure*> figures;
};

struct Part {
  int level = 1;       // 1: section, 2: subsection
  std::string title;
  std::string anchor;  // a label unique in the document ("summary"), "" for none
  std::vector<Block> blocks;
};

struct Document {
  std::string title;  // ReportOptions::title, or one naming the works the theorems cite
  RichText author, date, introduction;
  // The body: Run, Summary (one row per theorem), Findings. A theorem adds a row and a paragraph
  // here; everything else it brings goes to the appendix, so that the body stays a few pages.
  std::vector<Part> parts;
  // The appendix after the body, its subject `appendix_title` ("per-theorem detail"): Theorems
  // (how to read the strip plots, then one part per theorem: statement, source and verdicts,
  // witness with the fewest input values, tightest cases beside the strip plot, figures),
  // Statistical violations, Undecided cases.
  std::string appendix_title;
  std::vector<Part> appendix;
};

// The document of `content`; refers into `content` (figures), which must outlive it.
Document report_document(const ReportContent& content);

}  // namespace nb::reports
