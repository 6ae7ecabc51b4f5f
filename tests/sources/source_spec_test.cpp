// Spec and option errors: every malformed request is a UsageError before any file is read.
#include <gtest/gtest.h>

#include "models/sources/load_source.hpp"
#include "models/sources/selection.hpp"
#include "verify/io/errors.hpp"

namespace nb::sources {
namespace {

SourceRequest request(const std::string& spec) {
  SourceRequest r;
  r.spec = spec;
  return r;
}

TEST(SourceSpec, RejectsMalformedSpecs) {
  for (const char* spec : {"random", "", "gpt2", "gpt2:", "file:", "bogus:x", "attention:x"})
    EXPECT_THROW(load_source(request(spec)), UsageError) << spec;
}

TEST(SourceSpec, RejectsBadOptions) {
  auto rows = request("file:/nonexistent.json");
  rows.rows = "0";
  EXPECT_THROW(load_source(rows), UsageError);
  rows.rows = "first";
  EXPECT_THROW(load_source(rows), UsageError);
  auto vectors = request("file:/nonexistent.json");
  vectors.vectors = "logits";
  EXPECT_THROW(load_source(vectors), UsageError);
  auto text = request("attention-dump:/nonexistent");
  text.text_string = "hello";
  EXPECT_THROW(load_source(text), UsageError);
  auto tokens = request("gpt2-positions:/nonexistent");
  tokens.max_tokens = 0;
  EXPECT_THROW(load_source(tokens), UsageError);
}

TEST(SourceSpec, MissingFileIsAnInputError) {
  EXPECT_THROW(load_source(request("file:/nonexistent.json")), InputError);
}

TEST(Selection, RowsAreEvenlySpacedAndEndAtTheLast) {
  EXPECT_EQ(select_rows("last", 5), (std::vector<int>{4}));
  EXPECT_EQ(select_rows("all", 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(select_rows("2", 8), (std::vector<int>{3, 7}));
  EXPECT_EQ(select_rows("4", 8), (std::vector<int>{1, 3, 5, 7}));
  EXPECT_EQ(select_rows("10", 3), (std::vector<int>{0, 1, 2}));
}

TEST(Selection, IndicesOutOfRangeAreUsageErrors) {
  EXPECT_EQ(select_indices({}, 3, "head"), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(select_indices({2, 0}, 3, "head"), (std::vector<int>{2, 0}));
  EXPECT_THROW(select_indices({3}, 3, "head"), UsageError);
  EXPECT_THROW(select_indices({-1}, 3, "layer"), UsageError);
}

}  // namespace
}  // namespace nb::sources
