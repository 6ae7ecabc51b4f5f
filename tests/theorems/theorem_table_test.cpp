// The theorem table of docs/theorems.md must match the registry: same ids, fidelity tags and expectations, and
// a paper-regime column that says "not run" and "also in the default suite" exactly where
// TheoremInfo::shapes does.
#include <fstream>
#include <map>
#include <regex>

#include <gtest/gtest.h>

#include "theorems/registry.hpp"

namespace nb {
namespace theorem_table_test {

TEST(TheoremTable, MatchesTheRegistry) {
  std::ifstream in(NORMBOUND_SOURCE_DIR "/docs/theorems.md");
  ASSERT_TRUE(in) << "docs/theorems.md not found";
  // Rows look like: | `id` | fidelity | expect | source | statement | exact form | paper regime |
  const std::regex row(R"(^\| `([a-z0-9-]+)` \| (\w+) \| (\w+) \|.*\| ([^|]*) \|$)");
  struct Row {
    std::string fidelity, expect, regime;
  };
  std::map<std::string, Row> table;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row)) table[m[1]] = {m[2], m[3], m[4]};
  }
  for (const auto& t : theorems::all()) {
    const TheoremInfo& i = t->info();
    auto it = table.find(i.id);
    if (it == table.end()) {
      ADD_FAILURE() << "docs/theorems.md has no row for " << i.id;
      continue;
    }
    const Row& r = it->second;
    EXPECT_EQ(r.fidelity, fidelity_name(i.fidelity)) << i.id;
    EXPECT_EQ(r.expect, expect_name(i.expect)) << i.id;
    EXPECT_EQ(r.regime.rfind("not run", 0) == 0, !i.shapes.any()) << i.id << ": " << r.regime;
    EXPECT_EQ(r.regime.find("also in the default suite") != std::string::npos, i.shapes.in_default_suite)
        << i.id << ": " << r.regime;
    table.erase(it);
  }
  for (const auto& [id, row] : table) ADD_FAILURE() << "docs/theorems.md lists " << id << ", which is not registered";
}

}  // namespace theorem_table_test
}  // namespace nb
