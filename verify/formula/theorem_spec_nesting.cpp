#include "verify/formula/theorem_spec_nesting.hpp"

#include <vector>

#include "verify/io/errors.hpp"

namespace nb::formula {
namespace {

// One pass over the text, tracking where a key or a value is read; strings and comments are
// skipped whole, so no bracket or dot inside them counts.
class NestingScan {
 public:
  NestingScan(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  void run() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        newline();
        if (open_.empty()) mode_ = Mode::LineStart;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
        continue;
      }
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      switch (mode_) {
        case Mode::LineStart: line_start(c); break;
        case Mode::Key: key(c); break;
        case Mode::Value: value(c); break;
      }
    }
  }

 private:
  enum class Mode { LineStart, Key, Value };
  struct Open {
    char kind;          // '[' an array, '{' an inline table
    std::size_t depth;  // of the array or table itself
  };

  void newline() {
    ++pos_;
    ++line_;
    line_begin_ = pos_;
  }

  void at_most(std::size_t depth) const {
    if (depth <= kMaxTheoremFileDepth) return;
    throw InputError(file_ + ":" + std::to_string(line_) + ":" + std::to_string(pos_ - line_begin_ + 1) +
                     ": nested deeper than " + std::to_string(kMaxTheoremFileDepth) +
                     " levels (the keys of a table header and of a dotted key, arrays and inline tables counted "
                     "together); normbound's own theorem files nest 3");
  }

  // A table header [a.b] or [[a.b]]: the depth of the tables under it.
  void line_start(char c) {
    if (c != '[') {
      start_key(table_depth_);
      return;
    }
    ++pos_;
    const bool array = pos_ < text_.size() && text_[pos_] == '[';
    if (array) ++pos_;
    std::size_t keys = 1;
    while (pos_ < text_.size() && text_[pos_] != ']' && text_[pos_] != '\n') {
      if (text_[pos_] == '"' || text_[pos_] == '\'') skip_string();
      else if (text_[pos_++] == '.') at_most(++keys + array);
    }
    while (pos_ < text_.size() && text_[pos_] == ']') ++pos_;
    table_depth_ = keys + array;
    at_most(table_depth_);
    mode_ = Mode::Value;  // only a comment may follow; anything else is the parser's to refuse
  }

  void start_key(std::size_t depth) {
    mode_ = Mode::Key;
    key_depth_ = depth + 1;
    at_most(key_depth_);
  }

  // A (dotted) key, up to its '='.
  void key(char c) {
    if (c == '"' || c == '\'') return skip_string();
    ++pos_;
    if (c == '.') at_most(++key_depth_);
    else if (c == '=') {
      mode_ = Mode::Value;
      depth_ = key_depth_;
    } else if (c == '}') {
      close();
    }
  }

  // A value at depth depth_: an array's elements are one level deeper, an inline table's keys
  // start one level deeper.
  void value(char c) {
    if (c == '"' || c == '\'') return skip_string();
    ++pos_;
    if (c == '[' || c == '{') {
      open_.push_back({c, depth_});
      if (c == '{') return start_key(depth_);
      at_most(++depth_);
    } else if (c == ']' || c == '}') {
      close();
    } else if (c == ',' && !open_.empty()) {
      if (open_.back().kind == '{') start_key(open_.back().depth);
      else depth_ = open_.back().depth + 1;
    }
  }

  void close() {
    if (!open_.empty()) open_.pop_back();
    mode_ = Mode::Value;
    if (!open_.empty() && open_.back().kind == '[') depth_ = open_.back().depth + 1;
  }

  // A string of any of TOML's four kinds, from its opening quote past its closing one (or to the
  // end of the line where a one-line string is not closed: the parser says so).
  void skip_string() {
    const char quote = text_[pos_];
    const bool multiline = text_.compare(pos_, 3, std::string(3, quote)) == 0;
    pos_ += multiline ? 3 : 1;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\\' && quote == '"') {
        pos_ += pos_ + 1 < text_.size() && text_[pos_ + 1] != '\n' ? 2 : 1;
      } else if (c == '\n') {
        if (!multiline) return;
        newline();
      } else if (c == quote && (!multiline || text_.compare(pos_, 3, std::string(3, quote)) == 0)) {
        pos_ += multiline ? 3 : 1;
        // A multi-line string may end in up to two more quotes of its own.
        while (multiline && pos_ < text_.size() && text_[pos_] == quote) ++pos_;
        return;
      } else {
        ++pos_;
      }
    }
  }

  const std::string& text_;
  const std::string& file_;
  std::size_t pos_ = 0, line_ = 1, line_begin_ = 0;
  Mode mode_ = Mode::LineStart;
  std::size_t table_depth_ = 0;  // of the tables under the last header
  std::size_t key_depth_ = 0;    // of the value of the key being read
  std::size_t depth_ = 0;        // of the value being read
  std::vector<Open> open_;       // the arrays and inline tables open, at most kMaxTheoremFileDepth
};

}  // namespace

void check_theorem_file_nesting(const std::string& text, const std::string& file) {
  if (text.size() > kMaxTheoremFileBytes)
    throw InputError(file + ": " + std::to_string(text.size()) + " bytes; a theorem file holds at most " +
                     std::to_string(kMaxTheoremFileBytes));
  NestingScan(text, file).run();
}

}  // namespace nb::formula
