#include "models/gpt2/tokenizer.hpp"

#include "models/files/file_bytes.hpp"
#include "models/files/json_file.hpp"
#include "models/gpt2/bpe_merges.hpp"
#include "models/gpt2/byte_symbols.hpp"
#include "models/gpt2/utf8.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

// The bytes a token string stands for, or std::nullopt if it contains a character that is not a
// GPT-2 byte symbol. `token` is valid UTF-8 (nlohmann::json validates strings).
std::optional<std::string> symbols_to_bytes(const std::string& token) {
  std::string bytes;
  for (std::size_t i = 0; i < token.size();) {
    const auto byte = symbol_byte(decode_utf8(token, i));
    if (!byte) return std::nullopt;
    bytes += static_cast<char>(*byte);
  }
  return bytes;
}

std::string_view next_line(std::string_view& text) {
  const auto end = text.find('\n');
  const auto line = text.substr(0, end);
  text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  return line;
}

}  // namespace

Gpt2Tokenizer Gpt2Tokenizer::load(const std::filesystem::path& vocab_json, const std::filesystem::path& merges_txt) {
  const auto merges = files::read_file_bytes(merges_txt);
  return parse(files::read_json_file(vocab_json),
               std::string_view(reinterpret_cast<const char*>(merges.data()), merges.size()),
               vocab_json.string() + " + " + merges_txt.string());
}

Gpt2Tokenizer Gpt2Tokenizer::load_directory(const std::filesystem::path& directory) {
  return load(directory / "vocab.json", directory / "merges.txt");
}

Gpt2Tokenizer Gpt2Tokenizer::parse(const nlohmann::json& vocab, std::string_view merges, const std::string& source) {
  auto fail = [&](const std::string& rule) { return InputError(source + ": " + rule); };
  if (!vocab.is_object()) throw fail("vocabulary is not a JSON object");
  Gpt2Tokenizer tokenizer;
  tokenizer.token_bytes_.resize(vocab.size());
  std::vector<bool> seen(vocab.size(), false);
  for (const auto& [token, id_json] : vocab.items()) {
    if (!id_json.is_number_integer()) throw fail("token '" + token + "' has a non-integer id");
    const auto id = id_json.get<std::int64_t>();
    if (id < 0 || id >= static_cast<std::int64_t>(vocab.size()) || seen[static_cast<std::size_t>(id)]) {
      throw fail("token '" + token + "' has id " + std::to_string(id) + "; ids must be 0.." +
                 std::to_string(vocab.size() - 1) + ", each used once");
    }
    auto bytes = symbols_to_bytes(token);
    if (!bytes) throw fail("token '" + token + "' contains a character that is not a GPT-2 byte symbol");
    seen[static_cast<std::size_t>(id)] = true;
    tokenizer.token_bytes_[static_cast<std::size_t>(id)] = std::move(*bytes);
    tokenizer.ids_.emplace(token, static_cast<int>(id));
  }
  for (const auto& symbol : byte_symbols()) {
    if (!tokenizer.ids_.count(symbol)) throw fail("vocabulary lacks the single-byte token '" + symbol + "'");
  }
  if (const auto it = tokenizer.ids_.find(std::string(kEndOfText)); it != tokenizer.ids_.end()) {
    tokenizer.end_of_text_ = it->second;
  }

  std::size_t line_number = 0;
  while (!merges.empty()) {
    std::string_view line = next_line(merges);
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if ((line_number == 1 && line.starts_with("#version")) || line.empty()) continue;
    const auto space = line.find(' ');
    if (space == 0 || space == std::string_view::npos || space + 1 == line.size() ||
        line.find(' ', space + 1) != std::string_view::npos) {
      throw fail("merges line " + std::to_string(line_number) + " is not two tokens separated by one space");
    }
    const std::string left(line.substr(0, space)), right(line.substr(space + 1));
    if (!tokenizer.ids_.count(left + right)) {
      throw fail("merges line " + std::to_string(line_number) + " makes '" + left + right + "', which is not a token");
    }
    const int rank = static_cast<int>(tokenizer.merge_ranks_.size());
    if (!tokenizer.merge_ranks_.emplace(std::string(line), rank).second) {
      throw fail("merges line " + std::to_string(line_number) + " repeats an earlier merge");
    }
  }
  return tokenizer;
}

std::vector<int> Gpt2Tokenizer::encode(std::string_view text, SpecialTokens mode) const {
  std::vector<int> ids;
  if (mode == SpecialTokens::plain) {
    encode_ordinary(text, ids);
    return ids;
  }
  while (true) {
    const auto special = text.find(kEndOfText);
    encode_ordinary(text.substr(0, special), ids);
    if (special == std::string_view::npos) return ids;
    if (!end_of_text_) throw InputError("text contains <|endoftext|> but the vocabulary has no such token");
    ids.push_back(*end_of_text_);
    text.remove_prefix(special + kEndOfText.size());
  }
}

void Gpt2Tokenizer::encode_ordinary(std::string_view text, std::vector<int>& ids) const {
  for (const auto word : pretokenizer_.split(text)) encode_word(word, ids);
}

void Gpt2Tokenizer::encode_word(std::string_view word, std::vector<int>& ids) const {
  std::vector<std::string> parts;
  parts.reserve(word.size());
  for (const char byte : word) parts.push_back(byte_symbols()[static_cast<unsigned char>(byte)]);
  const auto rank = [&](const std::string& left, const std::string& right) -> std::optional<int> {
    const auto it = merge_ranks_.find(left + ' ' + right);
    if (it == merge_ranks_.end()) return std::nullopt;
    return it->second;
  };
  // Every part is a single-byte token or the result of a merge; parse() checked both are tokens.
  for (const auto& part : merge_parts(std::move(parts), rank, MergeOrder::whole_rank)) ids.push_back(ids_.at(part));
}

const std::string& Gpt2Tokenizer::token_bytes(int id) const {
  if (id < 0 || id >= size()) {
    throw InputError("token id " + std::to_string(id) + " is outside the vocabulary [0, " + std::to_string(size()) + ")");
  }
  return token_bytes_[static_cast<std::size_t>(id)];
}

std::string Gpt2Tokenizer::decode(std::span<const int> ids) const {
  std::string text;
  for (const int id : ids) text += token_bytes(id);
  return text;
}

}  // namespace nb::gpt2
