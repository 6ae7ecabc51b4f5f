#include "reports/latex_report.hpp"

#include <sstream>

#include "reports/decimal_text.hpp"
#include "reports/latex_escape.hpp"
#include "reports/pgfplots_plot.hpp"

namespace nb::reports {
namespace {

// A longtable whose header row repeats on every page.
void table(std::ostream& out, const Table& t) {
  out << "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{";
  for (const Column& c : t.columns)
    out << (c.numeric ? "r"
            : c.width_cm > 0 ? ">{\\raggedright\\arraybackslash}p{" + fixed_text(c.width_cm, 1) + "cm}"
                             : "l");
  out << "}\n\\toprule\n";
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const std::string h = latex_escape(t.columns[i].header);
    out << (i ? " & " : "") << (t.columns[i].rotated_header ? "\\rotatebox{90}{" + h + "}" : h);
  }
  out << " \\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n";
  for (const auto& row : t.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out << (i ? " & " : "") << latex_rich(row[i]);
    out << " \\\\\n";
  }
  out << "\\end{longtable}}\n\n";
}

void block(std::ostream& out, const Block& b, int level) {
  if (!b.heading.empty()) out << (level == 1 ? "\\subsection*{" : "\\subsubsection*{") << latex_rich(b.heading) << "}\n\n";
  for (const RichText& p : b.paragraphs) out << latex_rich(p) << "\n\n";
  if (!b.display_math.empty()) out << "\\statement{" << b.display_math << "}\n\n";
  if (!b.list.empty()) {
    out << "\\begin{itemize}\n";
    for (const ListItem& item : b.list) {
      out << "\\item " << latex_rich(item.text) << "\n";
      if (item.details.empty()) continue;
      out << "\\begin{itemize}\n";
      for (const RichText& d : item.details) out << "\\item " << latex_rich(d) << "\n";
      out << "\\end{itemize}\n";
    }
    out << "\\end{itemize}\n\n";
  }
  if (b.table) table(out, *b.table);
  if (b.figure)
    out << "\\noindent\\begin{minipage}{\\linewidth}\n\\centering\n"
        << pgfplots_figure(*b.figure) << "\\captionof{figure}{" << latex_rich(b.figure->caption) << "}\\label{fig:"
        << b.figure->name << "}\n\\end{minipage}\n\\bigskip\n\n";
}

}  // namespace

std::string latex_report(const Document& document) {
  std::ostringstream out;
  out << "\\documentclass[10pt,a4paper]{article}\n"
      << "\\usepackage[margin=2cm]{geometry}\n"
      << "\\usepackage{amsmath,amssymb}\n"
      << "\\usepackage{array,booktabs,longtable}\n"
      << "\\usepackage{graphicx}\n"
      << "\\usepackage{caption}\n"
      << pgfplots_preamble()
      << "\\title{" << latex_escape(document.title) << "}\n"
      << "\\author{" << latex_rich(document.author) << "}\n"
      << "\\date{" << latex_rich(document.date) << "}\n"
      // A statement wider than the text is scaled down to the text width rather than overflowing.
      << "\\newsavebox{\\nbstatement}\n"
      << "\\newcommand{\\statement}[1]{\\sbox{\\nbstatement}{$\\displaystyle #1$}\\begin{center}"
         "\\ifdim\\wd\\nbstatement>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox{\\nbstatement}}"
         "\\else\\usebox{\\nbstatement}\\fi\\end{center}}\n"
      << "\\begin{document}\n"
      // Code runs (typewriter, no stretchable spaces) wrap at their break points: ragged lines.
      << "\\raggedright\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{0.5\\baselineskip}\n"
      << "\\maketitle\n\n"
      << latex_rich(document.introduction) << " Contents:";
  bool first = true;
  for (const Part& p : document.parts)
    if (p.level == 1) {
      out << (first ? " " : ", ") << latex_escape(p.title) << " (Section~\\ref{sec:" << p.anchor << "})";
      first = false;
    }
  out << ".\n\n";
  for (const Part& p : document.parts) {
    out << (p.level == 1 ? "\\section{" : "\\subsection{") << latex_escape(p.title) << "}\\label{sec:" << p.anchor
        << "}\n\n";
    for (const Block& b : p.blocks) block(out, b, p.level);
  }
  out << "\\end{document}\n";
  return out.str();
}

}  // namespace nb::reports
