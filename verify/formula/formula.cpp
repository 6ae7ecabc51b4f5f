#include "verify/formula/formula.hpp"

#include <algorithm>
#include <cctype>

#include "verify/numbers/number_literal.hpp"

namespace nb::formula {
namespace {

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Parser {
 public:
  Parser(const std::string& text, const std::string& origin) : text_(text), origin_(origin) {}

  Node formula() {
    Node n = comparison();
    skip_space();
    if (pos_ < text_.size()) fail(std::string("unexpected '") + text_[pos_] + "'");
    return n;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw FormulaError(what, text_, pos_, origin_); }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  // Consumes `c` if it comes next.
  bool take(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c, const std::string& where) {
    if (!take(c)) fail(std::string("expected '") + c + "' " + where);
  }

  // A node over `args`, its height checked.
  Node node(Node::Kind kind, std::string text, std::vector<Node> args, std::size_t at) const {
    std::size_t height = 1;
    for (const Node& a : args) height = std::max(height, a.height + 1);
    if (height > kMaxFormulaHeight)
      throw FormulaError("the formula nests more than " + std::to_string(kMaxFormulaHeight) + " levels deep", text_, at,
                         origin_);
    return Node{kind, std::move(text), std::move(args), at, height};
  }
  Node binary(Node::Kind kind, Node left, Node right) const {
    return binary_node(kind, "", std::move(left), std::move(right));
  }
  Node binary_node(Node::Kind kind, std::string text, Node left, Node right) const {
    const std::size_t at = left.position;
    return node(kind, std::move(text), {std::move(left), std::move(right)}, at);
  }

  // a < b, a <= b, ...: a condition (see formula.hpp).
  Node comparison() {
    Node n = sum();
    skip_space();
    for (const char* relation : {"<=", ">=", "==", "!=", "<", ">"}) {
      const std::string r(relation);
      if (text_.compare(pos_, r.size(), r) != 0) continue;
      pos_ += r.size();
      return binary_node(Node::Kind::Compare, r, std::move(n), sum());
    }
    return n;
  }

  Node sum() {
    Node n = product();
    for (;;) {
      if (take('+')) n = binary(Node::Kind::Add, std::move(n), product());
      else if (take('-')) n = binary(Node::Kind::Subtract, std::move(n), product());
      else return n;
    }
  }
  Node product() {
    Node n = signed_power();
    for (;;) {
      if (take('*')) n = binary(Node::Kind::Multiply, std::move(n), signed_power());
      else if (take('/')) n = binary(Node::Kind::Divide, std::move(n), signed_power());
      else return n;
    }
  }
  Node signed_power() {
    skip_space();
    const std::size_t at = pos_;
    // Every recursion of the grammar passes here: a bounded depth keeps the stack bounded.
    if (++depth_ > kMaxFormulaHeight)
      fail("the formula nests more than " + std::to_string(kMaxFormulaHeight) + " levels deep");
    struct Leave {
      std::size_t& depth;
      ~Leave() { --depth; }
    } leave{depth_};
    if (take('-')) return node(Node::Kind::Negate, "", {signed_power()}, at);
    Node n = indexed();
    if (take('^')) n = binary(Node::Kind::Power, std::move(n), signed_power());
    return n;
  }
  Node indexed() {
    Node n = atom();
    while (take('[')) {
      n = binary(Node::Kind::Index, std::move(n), sum());
      expect(']', "to close the index");
    }
    return n;
  }
  Node atom() {
    skip_space();
    const std::size_t at = pos_;
    if (pos_ == text_.size()) fail("expected a number, a name or '(' at the end of the formula");
    if (take('(')) {
      Node n = comparison();
      expect(')', "to close the parenthesis");
      return n;
    }
    if (name_start(text_[pos_])) {
      while (pos_ < text_.size() && name_char(text_[pos_])) ++pos_;
      std::string name = text_.substr(at, pos_ - at);
      if (!take('(')) return node(Node::Kind::Name, std::move(name), {}, at);
      std::vector<Node> args;
      do args.push_back(comparison());
      while (take(','));
      expect(')', "to close the arguments of " + name);
      return node(Node::Kind::Call, std::move(name), std::move(args), at);
    }
    if (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.') return number(at);
    fail(std::string("expected a number, a name or '(', not '") + text_[pos_] + "'");
  }
  // The longest run of characters a decimal literal may hold, checked by the literal reader.
  Node number(std::size_t at) {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      const bool exponent_sign = (c == '+' || c == '-') && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E');
      if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || exponent_sign)) break;
      ++pos_;
    }
    std::string literal = text_.substr(at, pos_ - at);
    try {
      read_number_literal(literal, "the number '" + literal + "'");
    } catch (const InputError& e) {
      pos_ = at;
      fail(e.what());
    }
    return node(Node::Kind::Number, std::move(literal), {}, at);
  }

  const std::string& text_;
  const std::string& origin_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;
};

}  // namespace

std::string with_caret(const std::string& text, std::size_t position) {
  return "  " + text + "\n  " + std::string(position, ' ') + "^";
}

FormulaError::FormulaError(const std::string& what, const std::string& text, std::size_t at, const std::string& origin)
    : InputError((origin.empty() ? "" : origin + ": ") + what + " (column " + std::to_string(at + 1) + ")\n" +
                 with_caret(text, at)),
      position(at) {}

Formula parse_formula(const std::string& text, const std::string& origin) {
  return Formula{text, Parser(text, origin).formula(), origin};
}

}  // namespace nb::formula
