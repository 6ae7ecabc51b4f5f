#include "tokenizer_corpus.hpp"

#include <random>

#include "models/gpt2/utf8.hpp"

namespace nb::test {
namespace {

const std::vector<std::string>& fixed_texts() {
  static const std::vector<std::string> texts{
      // Prose and contractions.
      "Hello world",
      "The quick brown fox jumps over the lazy dog.",
      "It's a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.",
      "I'm sure you'll agree we've done what they'd've wanted; isn't it so? YOU'RE RIGHT, it'S fine.",
      "\"Quoted,\" she said -- and then: 'single quotes' (parentheses) [brackets] {braces}.",
      "Data visualization empowers users to",
      "Mr. Smith went to Washington D.C. on Jan. 5th, 2021; he arrived at 3:45 p.m.",
      "rock'n'roll isn't dead, y'all",
      "  leading spaces and trailing spaces   ",
      "ALL CAPS SENTENCE WITH NUMBERS 123 AND SYMBOLS #@!",
      // Code.
      "int main(int argc, char** argv) {\n    return argc > 1 ? 0 : 1;\n}\n",
      "def f(x):\n\tif x == 0:\n\t\treturn 1\n\treturn x * f(x - 1)\n",
      "for (auto& [k, v] : map) std::cout << k << \"=\" << v << '\\n';",
      "{\"name\": \"normbound\", \"version\": [0, 1, 0], \"flags\": {\"a\": true, \"b\": null}}",
      "[{\"a\":1},{\"b\":2},{\"c\":3}]",
      "\",\",\",\",\",\"",
      "x = [1,2,3,,,4];; y = {},{},{};",
      "SELECT id, name FROM users WHERE age >= 18 ORDER BY name DESC;",
      "<div class=\"main\"><p>Hello &amp; welcome</p></div>",
      "$ ls -la | grep '\\.cpp$' && echo \"done\" > /dev/null 2>&1",
      "#include <vector>\n#define MAX(a,b) ((a)>(b)?(a):(b))",
      "https://example.com/path/to/page?query=1&x=y#anchor",
      "user.name+tag@example.co.uk",
      "**bold** _italic_ `code` ~~strike~~ > quote\n- item\n1. item",
      "if(a&&b||!c){a^=b<<2>>1;}",
      // Numbers.
      "3.14159265358979323846",
      "1,000,000 and 1.000.000 and 1 000 000",
      "2025-08-17T12:34:56Z",
      "0x1F 0b1010 0o777 1e-5 6.02e23 -0.0",
      "12345678901234567890123456789",
      "Version 10.2.3-beta+build.45",
      "$99.99 €5 £3 ¥100 ₹50 50%",
      // Whitespace runs.
      "a  b   c    d",
      "tab\tseparated\t\tvalues",
      "line1\nline2\n\nline4\n\n\n",
      "windows\r\nline\r\nendings\r\n",
      " \t \n \t\n  \n",
      "        ",
      "\n",
      "word\n    indented\n        more",
      "x \u00a0y\u3000z",
      // Accents and Latin extensions.
      "café naïve résumé façade jalapeño",
      "Ångström Øresund Æsir straße Œuvre",
      "Zażółć gęślą jaźń",
      "Tiếng Việt có dấu",
      "e\u0301 decomposed accent and a\u0308 umlaut",
      "ǅungla ǈ ǋ titlecase digraphs",
      // CJK.
      "日本語のテキストです。",
      "中文文本，包含标点符号。",
      "한국어 텍스트입니다",
      "混合text与English単語",
      "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ　１２３",
      // Emoji.
      "I love it 😀😀😀!",
      "👍🏽 thumbs up with skin tone",
      "Family: 👨‍👩‍👧‍👦 and flag 🇫🇷",
      "🎉🎊✨🔥💯",
      "emoji:😀,😁;😂.",
      // Other scripts.
      "Ελληνικά γράμματα",
      "Русский текст с цифрами 123",
      "العربية نص",
      "עברית טקסט",
      "हिन्दी पाठ",
      "ภาษาไทย",
      "Ⅻ ½ ² ٣٤ ௧௨",
      // Odd characters.
      "a\x01" "b\x7f" "c",
      std::string("nul\0inside", 10),
      "zero\u200bwidth\u200cjoiner",
      "«guillemets» „low quotes“ ‘curly’ — dash … ellipsis",
      "™©® ±×÷ ∑∫√∞ ≤≥≠",
      // Repetition.
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      "!!!!!!!!!!!!!!!!!!!!",
      ",,,,,,,,,,,,,,,,",
      "................................",
      "============",
      "supercalifragilisticexpialidocious pneumonoultramicroscopicsilicovolcanoconiosis",
      "hahahahahahahahahahahahaha",
      // <|endoftext|> (compared between occurrences in Hugging Face mode).
      "<|endoftext|>",
      "Hello<|endoftext|>World",
      "first document.<|endoftext|> second document",
      "<|endoftext|><|endoftext|>",
      "a <|endoftext|>\n<|endoftext|> b",
      "almost <|endoftext| and endoftext|> and <|endoftext",
      "",
      "a",
      " ",
  };
  return texts;
}

// Code points from long-stable blocks, so that \p{L} and \p{N} agree between the Unicode versions
// of PCRE2 and of Node's ICU.
const std::vector<std::pair<char32_t, char32_t>>& letter_ranges() {
  static const std::vector<std::pair<char32_t, char32_t>> ranges{
      {U'a', U'z'},         {U'A', U'Z'},         {U'\u00e0', U'\u00ff'}, {U'\u03b1', U'\u03c9'},
      {U'\u0430', U'\u044f'}, {U'\u4e00', U'\u9fa5'}, {U'\u3041', U'\u3093'}, {U'\uac00', U'\ud7a3'},
      {U'\u0627', U'\u064a'}, {U'\u0905', U'\u0939'}, {U'\U0001f600', U'\U0001f64f'}, {U'0', U'9'},
      {U'\u0660', U'\u0669'},
  };
  return ranges;
}

class RandomText {
 public:
  explicit RandomText(std::uint64_t seed) : rng_(seed) {}

  std::string text() {
    std::string text;
    const std::size_t pieces = 1 + below(12);
    for (std::size_t i = 0; i < pieces; ++i) text += piece();
    return text;
  }

 private:
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }

  template <class T>
  const T& pick(const std::vector<T>& items) {
    return items[below(items.size())];
  }

  std::string word() {
    const auto& [first, last] = pick(letter_ranges());
    std::string w;
    const std::size_t length = 1 + below(9);
    for (std::size_t i = 0; i < length; ++i) w += gpt2::encode_utf8(first + static_cast<char32_t>(below(last - first + 1)));
    return w;
  }

  std::string piece() {
    static const std::vector<std::string> spaces{" ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", " \n ", "\u00a0", "\u3000"};
    static const std::vector<std::string> contractions{"'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'"};
    static const std::vector<std::string> punctuation{",", ".", ";", ":", "!", "?", "(", ")", "[", "]", "{", "}", "\"",
                                                      "-", "_", "=", "+", "/", "\\", "|", "#", "$", "%", "&", "*",
                                                      "@", "<", ">", "~", "`", "^", ",,", "...", "->", "=="};
    switch (below(10)) {
      case 0: return pick(spaces);
      case 1: return pick(contractions);
      case 2: return pick(punctuation);
      case 3: {  // a slice of a fixed text, cut at a character boundary
        const auto& source = pick(fixed_texts());
        std::size_t begin = source.empty() ? 0 : below(source.size());
        while (begin > 0 && (static_cast<unsigned char>(source[begin]) & 0xC0) == 0x80) --begin;
        std::size_t end = begin + below(30);
        while (end < source.size() && (static_cast<unsigned char>(source[end]) & 0xC0) == 0x80) ++end;
        return source.substr(begin, end - begin);
      }
      case 4: {
        if (below(8) == 0) return "<|endoftext|>";
        std::string spaced = " ";  // appended, avoiding GCC 12's false -Wrestrict on " " + std::string
        spaced += word();
        return spaced;
      }
      default: return word();
    }
  }

  std::mt19937_64 rng_;
};

}  // namespace

std::vector<std::string> tokenizer_corpus(std::uint64_t seed, std::size_t random_count) {
  std::vector<std::string> corpus = fixed_texts();
  RandomText random(seed);
  for (std::size_t i = 0; i < random_count; ++i) corpus.push_back(random.text());
  return corpus;
}

}  // namespace nb::test
