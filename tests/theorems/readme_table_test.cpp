// README.md's theorem table must match the registry: same ids, fidelity tags and expectations.
#include <fstream>
#include <map>
#include <regex>

#include <gtest/gtest.h>

#include "theorems/registry.hpp"

namespace nb {
namespace {

TEST(Readme, TheoremTableMatchesTheRegistry) {
  std::ifstream in(NORMBOUND_SOURCE_DIR "/README.md");
  ASSERT_TRUE(in) << "README.md not found";
  // Rows look like: | `id` | fidelity | expect | source | statement |
  const std::regex row(R"(^\| `([a-z0-9-]+)` \| (\w+) \| (\w+) \|.*)");
  std::map<std::string, std::pair<std::string, std::string>> table;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row)) table[m[1]] = {m[2], m[3]};
  }
  for (const auto& t : theorems::all()) {
    const TheoremInfo& i = t->info();
    auto it = table.find(i.id);
    if (it == table.end()) {
      ADD_FAILURE() << "README.md has no row for " << i.id;
      continue;
    }
    EXPECT_EQ(it->second.first, fidelity_name(i.fidelity)) << i.id;
    EXPECT_EQ(it->second.second, expect_name(i.expect)) << i.id;
    table.erase(it);
  }
  for (const auto& [id, row] : table) ADD_FAILURE() << "README.md lists " << id << ", which is not registered";
}

}  // namespace
}  // namespace nb
