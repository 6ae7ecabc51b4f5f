#include "verify/formula/vocabulary/subset_symmetry.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace nb::formula {
namespace {

bool reduction_over_tokens(const Node& n, const std::string& set) {
  if (n.kind != Node::Kind::Call || n.args.size() != 3 ||
      (n.text != "sum" && n.text != "max" && n.text != "min" && n.text != "count"))
    return false;
  const Node& over = n.args[1];
  if (over.kind == Node::Kind::Name) return over.text == set;
  return over.kind == Node::Kind::Subtract && over.args[0].kind == Node::Kind::Number && over.args[0].text == "1" &&
         over.args[1].kind == Node::Kind::Name && over.args[1].text == set;
}

struct TellsTokensApart {
  std::string why;
};

class Reading {
 public:
  Reading(const std::string& set, const std::function<bool(const std::string&)>& is_value,
          const std::vector<std::string>& bound)
      : set_(set), is_value_(is_value), others_(bound) {}

  void visit(const Node& n) {
    switch (n.kind) {
      case Node::Kind::Name:
        if (n.text == set_) throw TellsTokensApart{"reads the random set " + set_ + " other than as a set or an entry at a token"};
        if (token(n.text)) throw TellsTokensApart{"uses the token variable " + n.text + " as a number"};
        if (is_value_(n.text) && !bound(n.text)) plain_.insert(n.text);
        return;
      case Node::Kind::Index: return index(n);
      case Node::Kind::Multiply: weights(n); break;
      case Node::Kind::Call: return call(n);
      default: break;
    }
    for (const Node& a : n.args) visit(a);
  }

  SubsetSymmetry result() const {
    SubsetSymmetry s;
    for (const Node* leaf : leaves_)
      if (plain_.contains(leaf->text))
        return SubsetSymmetry{"reads " + leaf->text + " both at a token of the random set and otherwise", {}, {}};
    s.leaves = leaves_;
    for (const Node* leaf : leaves_) {
      int of = -1;
      const auto w = weighted_.find(leaf->text);
      if (w != weighted_.end() && w->second.second == reads_.at(leaf->text) && !w->second.first.empty())
        for (std::size_t k = 0; k < leaves_.size(); ++k)
          if (leaves_[k]->text == w->second.first) of = static_cast<int>(k);
      s.weight_of.push_back(of);
    }
    return s;
  }

 private:
  bool token(const std::string& name) const { return std::find(tokens_.begin(), tokens_.end(), name) != tokens_.end(); }
  bool bound(const std::string& name) const {
    return token(name) || std::find(others_.begin(), others_.end(), name) != others_.end();
  }

  // X[i] with i a token variable and X a name: a leaf (or S's entry); anything else at a token is
  // not shown symmetric.
  void index(const Node& n) {
    const Node& base = n.args[0];
    const Node& at = n.args[1];
    if (at.kind != Node::Kind::Name || !token(at.text)) {
      visit(base);
      visit(at);
      return;
    }
    if (base.kind != Node::Kind::Name || (base.text != set_ && (!is_value_(base.text) || bound(base.text))))
      throw TellsTokensApart{"reads entry " + at.text + " of a value that is not an input or a definition"};
    if (base.text == set_) return;
    if (!reads_.contains(base.text)) leaves_.push_back(&base);
    ++reads_[base.text];
  }

  // The leaf X of X[i] or X[i][k] (i a token variable), else null.
  const Node* leaf_row(const Node& n, std::string& at) const {
    const Node* row = &n;
    if (n.kind == Node::Kind::Index && n.args[0].kind == Node::Kind::Index) row = &n.args[0];
    if (row->kind != Node::Kind::Index || row->args[0].kind != Node::Kind::Name || row->args[1].kind != Node::Kind::Name ||
        !token(row->args[1].text) || row->args[0].text == set_)
      return nullptr;
    at = row->args[1].text;
    return &row->args[0];
  }

  // A[i] * X[i] or A[i] * X[i][k] (either order): one read of A as a weight of X.
  void weights(const Node& n) {
    for (int side = 0; side < 2; ++side) {
      const Node& a = n.args[static_cast<std::size_t>(side)];
      const Node& x = n.args[static_cast<std::size_t>(1 - side)];
      if (a.kind != Node::Kind::Index || a.args[0].kind != Node::Kind::Name || a.args[1].kind != Node::Kind::Name ||
          !token(a.args[1].text) || a.args[0].text == set_)
        continue;
      std::string at;
      const Node* of = leaf_row(x, at);
      if (!of || at != a.args[1].text || of->text == a.args[0].text) continue;
      auto& [leaf, count] = weighted_[a.args[0].text];
      if (count > 0 && leaf != of->text) leaf.clear();  // weights of two leaves: of neither
      else if (count == 0) leaf = of->text;
      ++count;
    }
  }

  void call(const Node& n) {
    if (n.text == "expectation") throw TellsTokensApart{"holds another expectation"};
    const bool binds = !n.args.empty() && n.args[0].kind == Node::Kind::Name && !is_value_(n.args[0].text) &&
                       !bound(n.args[0].text) && n.args[0].text != set_ && n.args.size() >= 2;
    if (!binds) {
      for (const Node& a : n.args) visit(a);
      return;
    }
    const std::string& var = n.args[0].text;
    if (reduction_over_tokens(n, set_)) {
      tokens_.push_back(var);
      visit(n.args[2]);
      tokens_.pop_back();
      return;
    }
    others_.push_back(var);
    for (std::size_t k = 1; k < n.args.size(); ++k) visit(n.args[k]);
    others_.pop_back();
  }

  const std::string& set_;
  const std::function<bool(const std::string&)>& is_value_;
  std::vector<std::string> tokens_, others_;
  std::vector<const Node*> leaves_;
  std::map<std::string, std::size_t> reads_;
  std::set<std::string> plain_;
  std::map<std::string, std::pair<std::string, std::size_t>> weighted_;  // A: (X, reads as X's weight)
};

}  // namespace

SubsetSymmetry subset_symmetry(const Node& body, const std::string& set,
                               const std::function<bool(const std::string&)>& is_value,
                               const std::vector<std::string>& bound) {
  Reading r(set, is_value, bound);
  try {
    r.visit(body);
  } catch (const TellsTokensApart& e) {
    return SubsetSymmetry{e.why, {}, {}};
  }
  return r.result();
}

}  // namespace nb::formula
