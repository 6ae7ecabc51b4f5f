#include "reports/rich_text.hpp"

namespace nb::reports {

std::string plain_text(const RichText& text) {
  std::string s;
  for (const TextRun& run : text) s += run.text;
  return s;
}

}  // namespace nb::reports
