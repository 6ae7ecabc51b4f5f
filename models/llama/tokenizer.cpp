#include "models/llama/tokenizer.hpp"

#include <cstdio>

#include "models/files/json_file.hpp"
#include "models/gpt2/bpe_merges.hpp"
#include "models/gpt2/utf8.hpp"
#include "verify/io/errors.hpp"

namespace nb::llama {
namespace {

using nlohmann::json;

const std::string kSpace = "\xE2\x96\x81";  // U+2581, sentencepiece's mark of a space

// Whether `value` is absent-like: null, false, or an empty string (fields whose default is "off").
bool off(const json& object, const char* key) {
  if (!object.contains(key)) return true;
  const auto& v = object.at(key);
  return v.is_null() || (v.is_boolean() && !v.get<bool>()) || (v.is_string() && v.get<std::string>().empty());
}

// The Llama normalizer: Sequence [Prepend "▁", Replace " " -> "▁"].
bool is_llama_normalizer(const json& n) {
  const json expected = {{"type", "Sequence"},
                         {"normalizers",
                          {{{"type", "Prepend"}, {"prepend", kSpace}},
                           {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", kSpace}}}}};
  return n == expected;
}

// A token named in tokenizer_config.json: a string or {"content": ...}.
std::optional<std::string> token_text(const json& config, const char* key) {
  if (!config.is_object() || !config.contains(key) || config.at(key).is_null()) return std::nullopt;
  const auto& v = config.at(key);
  if (v.is_string()) return v.get<std::string>();
  if (v.is_object() && v.contains("content") && v.at("content").is_string()) return v.at("content").get<std::string>();
  return std::nullopt;
}

}  // namespace

LlamaTokenizer LlamaTokenizer::load_directory(const std::filesystem::path& directory) {
  const auto config_path = directory / "tokenizer_config.json";
  const json config = std::filesystem::exists(config_path) ? files::read_json_file(config_path) : json();
  return parse(files::read_json_file(directory / "tokenizer.json"), config, (directory / "tokenizer.json").string());
}

LlamaTokenizer LlamaTokenizer::parse(const json& tokenizer, const json& config, const std::string& source) {
  const auto fail = [&](const std::string& rule) { return InputError(source + ": " + rule); };
  if (!tokenizer.is_object() || !tokenizer.contains("model") || !tokenizer.at("model").is_object())
    throw fail("'model' is missing or not an object");
  const json& model = tokenizer.at("model");
  if (model.value("type", json()) != "BPE")
    throw fail("model.type is " + model.value("type", json()).dump() + "; normbound reads BPE tokenizers only");
  for (const char* key : {"dropout", "continuing_subword_prefix", "end_of_word_suffix", "ignore_merges"})
    if (!off(model, key)) throw fail(std::string("model.") + key + " is " + model.at(key).dump() + "; normbound implements it unset only");
  const json normalizer = tokenizer.value("normalizer", json());
  if (!is_llama_normalizer(normalizer))
    throw fail("normalizer is " + normalizer.dump().substr(0, 200) +
               "; normbound implements the Llama normalizer only (Prepend \"\u2581\", Replace \" \" by \"\u2581\")");
  if (!tokenizer.value("pre_tokenizer", json()).is_null())
    throw fail("pre_tokenizer is " + tokenizer.at("pre_tokenizer").dump().substr(0, 200) +
               "; normbound implements the Llama tokenizer's (none) only");

  LlamaTokenizer t;
  const json& vocab = model.value("vocab", json());
  if (!vocab.is_object() || vocab.empty()) throw fail("model.vocab is missing or not a non-empty object");
  t.pieces_.resize(vocab.size());
  std::vector<bool> seen(vocab.size(), false);
  for (const auto& [piece, id_json] : vocab.items()) {
    const auto id = id_json.is_number_integer() ? id_json.get<std::int64_t>() : -1;
    if (id < 0 || id >= static_cast<std::int64_t>(vocab.size()) || seen[static_cast<std::size_t>(id)])
      throw fail("model.vocab gives '" + piece + "' the id " + id_json.dump() + "; ids must be 0.." +
                 std::to_string(vocab.size() - 1) + ", each used once");
    seen[static_cast<std::size_t>(id)] = true;
    t.pieces_[static_cast<std::size_t>(id)] = piece;
    t.ids_.emplace(piece, static_cast<int>(id));
  }

  const json& merges = model.value("merges", json::array());
  if (!merges.is_array()) throw fail("model.merges is not an array");
  for (std::size_t rank = 0; rank < merges.size(); ++rank) {
    const json& m = merges[rank];
    std::string left, right;
    if (m.is_string()) {
      const auto text = m.get<std::string>();
      const auto space = text.find(' ');
      if (space == std::string::npos || text.find(' ', space + 1) != std::string::npos)
        throw fail("model.merges[" + std::to_string(rank) + "] \"" + text + "\" is not two tokens separated by one space");
      left = text.substr(0, space);
      right = text.substr(space + 1);
    } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
      left = m[0].get<std::string>();
      right = m[1].get<std::string>();
    } else {
      throw fail("model.merges[" + std::to_string(rank) + "] is " + m.dump() + ", not \"a b\" or [\"a\", \"b\"]");
    }
    for (const auto& part : {left, right, left + right})
      if (!t.ids_.count(part))
        throw fail("model.merges[" + std::to_string(rank) + "] uses or makes '" + part + "', which is not in model.vocab");
    if (!t.ranks_[left].emplace(right, static_cast<int>(rank)).second)
      throw fail("model.merges[" + std::to_string(rank) + "] repeats an earlier merge");
  }

  t.byte_fallback_ = !off(model, "byte_fallback");
  t.fuse_unk_ = !off(model, "fuse_unk");
  if (model.contains("unk_token") && !model.at("unk_token").is_null()) {
    const auto unk = model.at("unk_token");
    if (!unk.is_string() || !t.ids_.count(unk.get<std::string>()))
      throw fail("model.unk_token is " + unk.dump() + ", not a token of model.vocab");
    t.unk_ = t.ids_.at(unk.get<std::string>());
  }

  const json& added = tokenizer.value("added_tokens", json::array());
  if (!added.is_array()) throw fail("added_tokens is not an array");
  for (const auto& token : added) {
    if (!token.is_object() || !token.contains("content") || !token.at("content").is_string() || !token.contains("id") ||
        !token.at("id").is_number_integer())
      throw fail("added_tokens holds " + token.dump() + ", not an object with a content string and an integer id");
    const auto content = token.at("content").get<std::string>();
    const auto id = token.at("id").get<std::int64_t>();
    for (const char* flag : {"normalized", "lstrip", "rstrip", "single_word"})
      if (!off(token, flag))
        throw fail("added token '" + content + "' has " + flag + " " + token.at(flag).dump() + "; normbound implements false only");
    if (content.empty()) throw fail("added_tokens holds an empty content");
    if (id < 0 || id >= static_cast<std::int64_t>(t.pieces_.size()) || t.pieces_[static_cast<std::size_t>(id)] != content)
      throw fail("added token '" + content + "' has id " + std::to_string(id) + ", which model.vocab gives " +
                 (id >= 0 && id < static_cast<std::int64_t>(t.pieces_.size()) ? "'" + t.pieces_[static_cast<std::size_t>(id)] + "'" : "no token"));
    t.special_.emplace_back(content, static_cast<int>(id));
  }

  // Without a tokenizer_config.json, LlamaTokenizer's defaults: <s> added, </s> not.
  const auto named_id = [&](const char* key, const char* fallback) {
    const auto text = config.is_object() ? token_text(config, key) : std::optional<std::string>(fallback);
    if (!text) throw fail(std::string("tokenizer_config.json names no ") + key + " to add");
    const auto it = t.ids_.find(*text);
    if (it == t.ids_.end()) throw fail(std::string("the ") + key + " '" + *text + "' is not a token");
    return it->second;
  };
  const auto flag = [&](const char* key, bool fallback) {
    if (!config.is_object() || !config.contains(key) || config.at(key).is_null()) return fallback;
    if (!config.at(key).is_boolean())
      throw fail(std::string("tokenizer_config.json's ") + key + " is " + config.at(key).dump() + ", not a boolean");
    return config.at(key).get<bool>();
  };
  if (flag("add_bos_token", true)) t.bos_ = named_id("bos_token", "<s>");
  if (flag("add_eos_token", false)) t.eos_ = named_id("eos_token", "</s>");
  return t;
}

std::vector<int> LlamaTokenizer::encode(std::string_view text) const {
  if (const auto bad = gpt2::invalid_utf8_offset(text); bad != std::string_view::npos)
    throw InputError("text is not valid UTF-8 at byte " + std::to_string(bad));
  std::vector<int> ids;
  if (bos_) ids.push_back(*bos_);
  // The added tokens are cut out first, leftmost, the longest at a position; the text between them is encoded on its own.
  while (!text.empty()) {
    std::size_t at = std::string_view::npos, length = 0;
    int id = -1;
    for (const auto& [content, token] : special_) {
      const auto found = text.find(content);
      if (found != std::string_view::npos && (found < at || (found == at && content.size() > length))) {
        at = found;
        length = content.size();
        id = token;
      }
    }
    encode_segment(text.substr(0, at), ids);
    if (at == std::string_view::npos) break;
    ids.push_back(id);
    text.remove_prefix(at + length);
  }
  if (eos_) ids.push_back(*eos_);
  return ids;
}

void LlamaTokenizer::encode_segment(std::string_view text, std::vector<int>& ids) const {
  if (text.empty()) return;
  std::string normalized = kSpace;
  for (const char c : text) normalized += c == ' ' ? kSpace : std::string(1, c);
  std::vector<std::string> parts;
  std::optional<std::size_t> unk_at;  // the part that is an unknown token, to fuse the next one into
  for (std::size_t i = 0; i < normalized.size();) {
    const std::size_t start = i;
    gpt2::decode_utf8(normalized, i);
    const std::string character = normalized.substr(start, i - start);
    if (ids_.count(character)) {
      parts.push_back(character);
      unk_at.reset();
      continue;
    }
    if (byte_fallback_) {
      std::vector<std::string> bytes;
      for (const char byte : character) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", static_cast<unsigned char>(byte));
        if (ids_.count(name)) bytes.emplace_back(name);
      }
      if (bytes.size() == character.size()) {
        parts.insert(parts.end(), bytes.begin(), bytes.end());
        unk_at.reset();
        continue;
      }
    }
    if (!unk_) throw InputError("text holds '" + character + "', which has no token, no byte tokens and no unknown token");
    if (!(fuse_unk_ && unk_at)) {
      unk_at = parts.size();
      parts.push_back(pieces_[static_cast<std::size_t>(*unk_)]);
    }
  }
  const auto rank = [&](const std::string& left, const std::string& right) -> std::optional<int> {
    const auto l = ranks_.find(left);
    if (l == ranks_.end()) return std::nullopt;
    const auto r = l->second.find(right);
    if (r == l->second.end()) return std::nullopt;
    return r->second;
  };
  for (const auto& part : gpt2::merge_parts(std::move(parts), rank, gpt2::MergeOrder::one_pair)) ids.push_back(ids_.at(part));
}

const std::string& LlamaTokenizer::piece(int id) const {
  if (id < 0 || id >= size())
    throw InputError("token id " + std::to_string(id) + " is outside the vocabulary [0, " + std::to_string(size()) + ")");
  return pieces_[static_cast<std::size_t>(id)];
}

}  // namespace nb::llama
