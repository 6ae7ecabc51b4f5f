#include "reports/latex_report.hpp"

#include <array>
#include <sstream>

#include "reports/decimal_text.hpp"
#include "reports/latex_escape.hpp"
#include "reports/pgfplots_plot.hpp"

namespace nb::reports {
namespace {

// The column specification of `t` ("rp{4.6cm}l..."), its header between rules, and its rows.
std::string column_spec(const Table& t) {
  std::string spec;
  for (const Column& c : t.columns)
    spec += c.numeric ? "r"
            : c.width_cm > 0 ? ">{\\raggedright\\arraybackslash}p{" + fixed_text(c.width_cm, 1) + "cm}"
                             : "l";
  return spec;
}
std::string header_rows(const Table& t) {
  std::string header = "\\toprule\n";
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const std::string h = latex_escape(t.columns[i].header);
    header += (i ? " & " : "") + (t.columns[i].rotated_header ? "\\rotatebox{90}{" + h + "}" : h);
  }
  return header + " \\\\\n\\midrule\n";
}
// The rows, the last labelled `last` (where the table ends: nb:tab:N:last).
std::string body_rows(const Table& t, const std::string& last) {
  std::string rows;
  auto group = t.groups.begin();
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    for (; group != t.groups.end() && group->first == r; ++group)
      rows += "\\multicolumn{" + std::to_string(t.columns.size()) + "}{l}{\\textit{" + latex_rich(group->second) + "}} \\\\\n";
    const auto& row = t.rows[r];
    for (std::size_t i = 0; i < row.size(); ++i) rows += (i ? " & " : "") + latex_rich(row[i]);
    if (r + 1 == t.rows.size() && !last.empty()) rows += "\\label{" + last + "}";
    rows += " \\\\\n";
  }
  return rows;
}

// A longtable whose header row repeats on every page, numbered and captioned above.
void longtable(std::ostream& out, const Table& t, std::size_t& number) {
  out << "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{" << column_spec(t) << "}\n";
  const std::string header = header_rows(t);
  // The caption (and its label) only on the first page; the header row on every page.
  if (!t.caption.empty()) out << "\\caption{" << latex_rich(t.caption) << "}\\label{nb:tab:" << ++number << "}\\\\\n";
  out << header << "\\endfirsthead\n" << header << "\\endhead\n\\bottomrule\n\\endfoot\n"
      << body_rows(t, t.caption.empty() ? "" : "nb:tab:" + std::to_string(number) + ":last") << "\\end{longtable}}\n\n";
}

// Lines of rows and headings a Table::whole table may have to be set whole: with its sideways
// headers and caption it then takes at most about 0.9 of the report's page, and of a default
// article's once scaled to its narrower line.
constexpr std::size_t kWholeTableLines = 56;

// A table with its caption in one box, which does not break across pages, scaled down to the line
// where it is wider (a paper's appendix is narrower than the report).
void whole_table(std::ostream& out, const Table& t, std::size_t& number) {
  out << "\\noindent\\begin{minipage}{\\linewidth}\\centering\\captionsetup{hypcap=false}\n";
  if (!t.caption.empty()) out << "\\captionof{table}{" << latex_rich(t.caption) << "}\\label{nb:tab:" << ++number << "}\n";
  out << "\\nbfit{\\footnotesize\\setlength{\\tabcolsep}{3pt}\\begin{tabular}{" << column_spec(t) << "}\n"
      << header_rows(t) << body_rows(t, t.caption.empty() ? "" : "nb:tab:" + std::to_string(number) + ":last")
      << "\\bottomrule\n\\end{tabular}}\n\\end{minipage}\n\\medskip\n\n";
}

// One figure in a minipage of `width` (its plot's widths are fractions of it), captioned below.
// hypcap=false: a caption outside a float has no float start for hyperref's anchor; small captions
// close to their plot keep the appendix, where the figures are, short.
void figure_minipage(std::ostream& out, const Figure& f, const std::string& width, bool narrow) {
  out << "\\begin{minipage}[t]{" << width << "}\\vspace{0pt}\n\\centering\\captionsetup{hypcap=false, font=small, skip=4pt}\n"
      << "\\nbfit{" << pgfplots_figure(f, narrow) << "}\\captionof{figure}{" << latex_rich(f.caption)
      << "}\\label{nb:fig:" << f.name << "}\n\\end{minipage}";
}

// A short table (a tabular, which does not break across pages) in the left half of the line,
// captioned above, beside `figure` in the right: a row that costs the page space of the figure alone.
void table_beside_figure(std::ostream& out, const Table& t, const Figure& figure, std::size_t& number) {
  out << "\\noindent\\begin{minipage}[t]{0.57\\linewidth}\\vspace{0pt}\n\\centering"
         "\\captionsetup{hypcap=false, font=small, skip=4pt}\n";
  if (!t.caption.empty()) out << "\\captionof{table}{" << latex_rich(t.caption) << "}\\label{nb:tab:" << ++number << "}\n";
  // Its columns have fixed widths for the report's text width; in a narrower document (an
  // appendix) the table is scaled down to its half line rather than overflowing it.
  out << "\\nbfit{\\footnotesize\\setlength{\\tabcolsep}{3pt}\\begin{tabular}{" << column_spec(t) << "}\n"
      << header_rows(t) << body_rows(t, "") << "\\bottomrule\n\\end{tabular}}\n\\end{minipage}\\hfill";
  figure_minipage(out, figure, "0.41\\linewidth", true);
  out << "\n\\medskip\n\n";
}

// Where the output goes: a standalone document, whose appendix starts on a page of its own
// (\appendix, lettered sections), or a fragment that another document puts in its appendix, under
// one of its sections: the fragment opens with a subsection, so it takes no letter of its own.
enum class Destination { Standalone, Fragment };

// LaTeX's sectioning commands from the top. A standalone document's parts of level 1 are sections;
// a fragment's are subsubsections under its title's subsection. A block's heading is a level below
// its part's, unnumbered.
constexpr std::array<const char*, 5> kSectioning{"section", "subsection", "subsubsection", "paragraph", "subparagraph"};
std::size_t part_depth(Destination d, int level) { return static_cast<std::size_t>(level - 1) + (d == Destination::Fragment ? 2 : 0); }

void block(std::ostream& out, const Block& b, std::size_t heading_depth, std::size_t& table_number) {
  if (!b.heading.empty()) out << "\\" << kSectioning[heading_depth] << "*{" << latex_rich(b.heading) << "}\n\n";
  for (const RichText& p : b.paragraphs) out << latex_rich(p) << "\n\n";
  if (!b.display_math.empty()) out << "\\nbstatement{" << b.display_math << "}\n\n";
  if (!b.definitions.empty()) {
    out << "where\n";
    for (const std::string& d : b.definitions) out << "\\nbdefinition{" << d << "}\n";
    out << "\n";
  }
  if (!b.list.empty()) {
    // Items as close as lines of a paragraph: the run's settings and a witness's details are short.
    out << "\\begin{itemize}\\setlength{\\itemsep}{0pt}\\setlength{\\parskip}{0pt}\n";
    for (const ListItem& item : b.list) {
      out << "\\item " << latex_rich(item.text) << "\n";
      if (item.details.empty()) continue;
      out << "\\begin{itemize}\\setlength{\\itemsep}{0pt}\\setlength{\\parskip}{0pt}\n";
      for (const RichText& d : item.details) out << "\\item " << latex_rich(d) << "\n";
      out << "\\end{itemize}\n";
    }
    out << "\\end{itemize}\n\n";
  }
  if (b.table && b.figures.size() == 1) {
    table_beside_figure(out, *b.table, *b.figures.front(), table_number);
    return;
  }
  if (b.table && b.table->whole && b.table->rows.size() + b.table->groups.size() <= kWholeTableLines)
    whole_table(out, *b.table, table_number);
  else if (b.table)
    longtable(out, *b.table, table_number);
  if (!b.figures.empty()) {
    // Side by side, each in a minipage of its share of the line.
    const std::string width = b.figures.size() == 1 ? "\\linewidth" : "0.49\\linewidth";
    out << "\\noindent";
    for (std::size_t i = 0; i < b.figures.size(); ++i) {
      if (i) out << "\\hfill";
      figure_minipage(out, *b.figures[i], width, b.figures.size() > 1);
    }
    out << "\n\\medskip\n\n";
  }
}

// Definitions the body needs beyond its packages: the statement box (a statement or figure wider
// than the text is scaled down to the text width rather than overflowing) and pgfplots' colours.
std::string body_definitions() {
  return "\\ifdefined\\nbstatementbox\\else\\newsavebox{\\nbstatementbox}\\fi\n"
         // A figure wider than its line (a narrow column, half a line beside another figure: tick
         // labels and legends do not shrink with the plot) is scaled down to the line.
         "\\providecommand{\\nbfit}[1]{\\sbox{\\nbstatementbox}{#1}\\ifdim\\wd\\nbstatementbox>\\linewidth"
         "\\resizebox{\\linewidth}{!}{\\usebox{\\nbstatementbox}}\\else\\usebox{\\nbstatementbox}\\fi}\n"
         "\\providecommand{\\nbstatement}[1]{\\sbox{\\nbstatementbox}{$\\displaystyle #1$}\\begin{center}"
         "\\ifdim\\wd\\nbstatementbox>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox{\\nbstatementbox}}"
         "\\else\\usebox{\\nbstatementbox}\\fi\\end{center}}\n"
         // A definition under a statement: display math on a line of its own, flush left.
         "\\providecommand{\\nbdefinition}[1]{\\par\\nbfit{$\\displaystyle #1$}\\par}\n" +
         pgfplots_settings();
}

// `title` escaped for a heading. Math in it (a title's ≤ is $\le$) cannot go into the PDF's
// bookmarks: those get the symbol's ASCII stand-in (\texorpdfstring), other math left out.
std::string heading_text(const std::string& title) {
  static constexpr std::array<std::pair<const char*, const char*>, 5> kBookmark{
      {{"$\\le$", "\\textless{}="}, {"$\\ge$", "\\textgreater{}="}, {"$\\neq$", "!="}, {"$\\to$", "-{}\\textgreater{}"},
       {"$\\surd$", "sqrt "}}};
  const std::string escaped = latex_escape(title);
  if (escaped.find('$') == std::string::npos) return escaped;
  std::string bookmark;
  for (std::size_t i = 0; i < escaped.size();) {
    if (escaped[i] != '$') {
      bookmark += escaped[i++];
      continue;
    }
    const std::size_t close = escaped.find('$', i + 1);
    const std::string math = escaped.substr(i, close - i + 1);
    for (const auto& [symbol, ascii] : kBookmark)
      if (math == symbol) bookmark += ascii;
    i = close + 1;  // latex_escape closes every $ it opens
  }
  return "\\texorpdfstring{" + escaped + "}{" + bookmark + "}";
}

void parts(std::ostream& out, const std::vector<Part>& parts, Destination destination, std::size_t& tables) {
  for (const Part& p : parts) {
    const std::size_t depth = part_depth(destination, p.level);
    out << "\\" << kSectioning[depth] << "{" << heading_text(p.title) << "}\\label{nb:sec:" << p.anchor << "}\n\n";
    for (const Block& b : p.blocks) block(out, b, depth + 1, tables);
  }
}

// " Run (Section~1), Summary (Section~2)": the sections among `parts`, each referenced as `word`.
std::string section_references(const std::vector<Part>& parts, const std::string& word) {
  std::string references;
  for (const Part& p : parts)
    if (p.level == 1)
      references += (references.empty() ? " " : ", ") + latex_escape(p.title) + " (" + word + "~\\ref{nb:sec:" + p.anchor + "})";
  return references;
}

// The introduction with links to each section, the body, then the appendix. The standalone
// document labels its appendix's first page nb:appendix: the pages before it are the body. A
// fragment opens with its title, a subsection labelled nb:appendix.
std::string body(const Document& document, Destination destination) {
  const bool standalone = destination == Destination::Standalone;
  std::ostringstream out;
  if (!standalone) out << "\\subsection{" << heading_text(document.title) << "}\\label{nb:appendix}\n\n";
  out << latex_rich(document.introduction) << " Contents:" << section_references(document.parts, "Section") << "; "
      << latex_escape(document.appendix_title) << ":"
      << section_references(document.appendix, standalone ? "Appendix" : "Section") << ".\n\n";
  std::size_t tables = 0;
  parts(out, document.parts, destination, tables);
  if (standalone) out << "\\clearpage\n\\appendix\\label{nb:appendix}\n\n";
  parts(out, document.appendix, destination, tables);
  return out.str();
}

}  // namespace

std::string latex_report(const Document& document) {
  std::ostringstream out;
  out << "\\documentclass[10pt,a4paper]{article}\n"
      << "\\usepackage[margin=1.8cm]{geometry}\n"
      << latex_packages() << "\\hypersetup{colorlinks, linkcolor=blue!50!black}\n"
      << "\\title{" << latex_escape(document.title) << "}\n"
      << "\\author{" << latex_rich(document.author) << "}\n"
      << "\\date{" << latex_rich(document.date) << "}\n"
      << "\\begin{document}\n"
      << body_definitions()
      // Code runs (typewriter, no stretchable spaces) wrap at their break points: ragged lines.
      << "\\raggedright\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{0.3\\baselineskip}\n"
      << "\\maketitle\n\n"
      << body(document, Destination::Standalone) << "\\end{document}\n";
  return out.str();
}

std::string latex_packages() {
  return "\\usepackage{amsmath,amssymb}\n"
         "\\usepackage{array,booktabs,longtable}\n"
         "\\usepackage{graphicx}\n"
         "\\usepackage{caption}\n"
         "\\usepackage{pgfplots}\\pgfplotsset{compat=1.18}\n"
         "\\usepackage{hyperref}\n";
}

std::string latex_appendix(const Document& document) {
  std::ostringstream out;
  // (The title, which a user may give, only in the LaTeX below: a line break in it would end a comment.)
  out << "% A report of normbound as a fragment for \\input in a document's appendix, under one of its\n"
      << "% sections: it opens with a \\subsection, its parts are subsubsections (no preamble).\n"
      << "% It needs these packages in the preamble:\n";
  std::istringstream packages(latex_packages());
  for (std::string line; std::getline(packages, line);) out << "%   " << line << "\n";
  out << "% (each line above, without its \"%   \", in the preamble).\n";
  out << "% Labels start with nb: (nb:appendix, its title; nb:sec:findings, nb:tab:1, nb:fig:slack-ID).\n"
      << "\\begingroup\n" << body_definitions()
      << "\\raggedright\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{0.3\\baselineskip}\n\n"
      << body(document, Destination::Fragment) << "\\endgroup\n";
  return out.str();
}

}  // namespace nb::reports
