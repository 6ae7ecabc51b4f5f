// Theorems stated in text files (theorems/file_theorem.hpp): the entropy example loads, gets its
// LaTeX from its formulas, holds on its suite with its ties decided EQUAL (exact), and a false
// variant is found VIOLATED; mistakes in a file name their line and column.
#include "theorems/file_theorem.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "verify/engine/engine.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/numbers/number_literal.hpp"

namespace nb::theorems {
namespace {

const std::string kEntropy = R"toml(id = "softmax-entropy-log-l"
title = "Attention entropy is at most log L"
source = "Shannon (1948)"
fidelity = "extension"          # verbatim | reconstructed | heuristic | extension
expect = "holds"                # holds | violated

[inputs]                        # suites draw inside the ranges; `prove` uses them as the default region
l = { kind = "vector", length = "L", range = [-30, 30] }
T = { kind = "scalar", range = [0.01, 100] }
L = { kind = "length", range = [2, 64] }

[define]                        # named subexpressions, in order
a = "softmax(l / T)"

[[claim]]                       # one or more; the case's verdict is decided claim by claim, as today
value = "-sum(i, a[i] * log(a[i]))"
relation = "<="                 # <=, <, >=, >, ==
bound = "log(L)"
)toml";

std::unique_ptr<Theorem> theorem_from(const std::string& text) {
  return make_file_theorem(formula::read_theorem_spec(text, "entropy.toml"));
}

std::vector<CaseOutcome> checked(const Theorem& t, std::size_t count, std::uint64_t seed) {
  std::vector<Case> cases = t.suite({.seed = seed, .count = count});
  CheckSettings settings;
  settings.threads = 2;
  return evaluate_cases(t, cases, settings);
}

TEST(FileTheorem, TheEntropyExampleHoldsAndItsTiesAreEqualExactly) {
  const auto t = theorem_from(kEntropy);
  EXPECT_EQ(t->info().id, "softmax-entropy-log-l");
  EXPECT_EQ(t->info().fidelity, Fidelity::Extension);
  EXPECT_EQ(t->info().statement, "-\\sum_{i} a_{i} \\, \\log\\left(a_{i}\\right) \\le \\log\\left(L\\right)");
  EXPECT_EQ(t->info().summary, "-sum(i, a[i] * log(a[i])) <= log(L)");
  const std::vector<CaseOutcome> outcomes = checked(*t, 40, 2508178);
  std::size_t equal = 0;
  for (const CaseOutcome& o : outcomes) {
    EXPECT_NE(o.verdict, Verdict::Violated) << o.label;
    EXPECT_NE(o.verdict, Verdict::Inconclusive) << o.label;
    equal += o.verdict == Verdict::EqualExact;
  }
  EXPECT_GE(equal, 8u) << "the tied cases (one in five) attain log L exactly";
}

TEST(FileTheorem, AFalseVariantIsViolated) {
  std::string text = kEntropy;
  text.replace(text.find("bound = \"log(L)\""), 16, "bound = \"log(L) - 1/10\"");
  const auto t = theorem_from(text);
  std::size_t violated = 0;
  for (const CaseOutcome& o : checked(*t, 20, 7)) violated += o.verdict == Verdict::Violated;
  EXPECT_GE(violated, 4u) << "the ties have entropy log L > log L - 1/10";
}

// The message of the InputError that making the theorem from `text` throws ("" if none).
std::string error_of(const std::string& text) {
  try {
    theorem_from(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// `text` with its first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  return text.replace(text.find(from), from.size(), to);
}

TEST(FileTheorem, MistakesNameTheirLineAndColumn) {
  const auto with = [](const std::string& from, const std::string& to) { return replaced(kEntropy, from, to); };
  EXPECT_EQ(error_of(with("fidelity = \"extension\"", "fidelity = \"exact\"")),
            "entropy.toml:4:12: 'fidelity' must be one of verbatim | reconstructed | heuristic | extension, not \"exact\"");
  EXPECT_EQ(error_of(with("-sum(i, a[i] * log(a[i]))", "-sum(i, a[i] * lg(a[i]))")).substr(0, 48),
            "entropy.toml:16:9: unknown function 'lg' (known:");
  EXPECT_EQ(error_of(with("log(L)\"", "log(L) + dot(l, a[L])\"")).substr(0, 60),
            "entropy.toml:18:9: an index must be the variable of an enclo");
  EXPECT_NE(error_of(with("\"log(L)\"", "\"log(L) + dot(l, vec(i, a[i] + 1))[\"")).find("entropy.toml:18:9: "),
            std::string::npos);
  EXPECT_EQ(error_of(with("[inputs]", "[input]")).substr(0, 37), "entropy.toml:7:1: unknown key 'input'");
  EXPECT_EQ(error_of(with("length = \"L\"", "length = \"T\"")),
            "entropy.toml:8:5: vector 'l' has length 'T', which is not an input of kind \"length\"");
  EXPECT_NE(error_of(with("relation = \"<=\"", "relation = <=")).find("entropy.toml:17:"), std::string::npos)
      << "a TOML syntax error";
  EXPECT_EQ(error_of(with("range = [2, 64]", "range = [64, 2]")), "entropy.toml:10:32: range [64, 2] is empty");
}

TEST(FileTheorem, ShapesAreCheckedOnEveryCase) {
  const auto t = theorem_from(kEntropy);
  Case c = t->suite({.seed = 1, .count = 1}).front();
  c.integers["L"] += 1;
  EXPECT_THROW(t->check_assumptions(c), InputError) << "l is shorter than L says";
  c.integers["L"] = 0;
  EXPECT_THROW(t->check_assumptions(c), InputError);
}

TEST(FileTheorem, AssumptionsRefuseCasesOnWhichTheyDoNotCertainlyHold) {
  std::string text = replaced(kEntropy, "L = { kind", "B = { kind = \"scalar\", range = [30, 40] }\nL = { kind");
  text += "\n[[assume]]\nvalue = \"max(i, abs(l[i]))\"\nrelation = \"<=\"\nbound = \"B\"\n";
  const auto t = theorem_from(text);
  EXPECT_EQ(t->info().assumptions.back(), "max(i, abs(l[i])) <= B");
  Case c = t->suite({.seed = 1, .count = 1}).front();
  EXPECT_NO_THROW(t->check_assumptions(c)) << "the suite draws l in [-30, 30] and B in [30, 40]";
  c.numbers["B"] = ExactTensor::scalar(2);
  c.numbers["l"] = ExactTensor::vector(std::vector<double>(static_cast<std::size_t>(c.integer("L")), -2));
  EXPECT_NO_THROW(t->check_assumptions(c)) << "|l_i| = B: the assumption holds with equality";
  c.numbers["B"] = ExactTensor::scalar(std::nextafter(2.0, 0.0));
  try {
    t->check_assumptions(c);
    ADD_FAILURE() << "a logit beyond B by one ulp is refused";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "the assumption max(i, abs(l[i])) <= B does not certainly hold");
  }
  // A definition no formula reads is not computed to check the assumptions (the evaluation computes
  // it): one without a value at the case neither hides a broken assumption nor costs the check.
  const auto unread = theorem_from(replaced(text, "a = \"softmax(l / T)\"", "a = \"softmax(l / T)\"\nunread = \"1 / (B - B)\""));
  try {
    unread->check_assumptions(c);
    ADD_FAILURE() << "a logit beyond B is refused whatever the definitions no formula reads";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "the assumption max(i, abs(l[i])) <= B does not certainly hold");
  }
  // True, but no enclosure decides it: decided in exact arithmetic; its strict form is refused.
  const auto undecided = theorem_from(kEntropy + "\n[[assume]]\nvalue = \"sqrt(2) * sqrt(2)\"\nrelation = \"<=\"\nbound = \"2\"\n");
  EXPECT_NO_THROW(undecided->check_assumptions(undecided->suite({.seed = 1, .count = 1}).front()));
  const auto strict = theorem_from(kEntropy + "\n[[assume]]\nvalue = \"sqrt(2) * sqrt(2)\"\nrelation = \"<\"\nbound = \"2\"\n");
  EXPECT_THROW(strict->check_assumptions(strict->suite({.seed = 1, .count = 1}).front()), InputError);
  EXPECT_EQ(error_of(kEntropy + "\n[[assume]]\nvalue = \"l\"\nrelation = \"<=\"\nbound = \"1\"\n").substr(0, 35),
            "entropy.toml:21:9: a scalar is need");
}

TEST(FileTheorem, ValuesAreDrawnFromTheirListAndOthersRefused) {
  std::string text = replaced(kEntropy, "T = { kind = \"scalar\", range = [0.01, 100] }",
                              "T = { kind = \"scalar\", values = [\"1/4\", 0.1, 2] }");
  text = replaced(text, "L = { kind = \"length\", range = [2, 64] }", "L = { kind = \"length\", values = [2, 5] }");
  const auto t = theorem_from(text);
  std::set<Rational> temperatures;
  for (const Case& c : t->suite({.seed = 3, .count = 40})) {
    EXPECT_NO_THROW(t->check_assumptions(c)) << c.label;
    EXPECT_TRUE(c.integer("L") == 2 || c.integer("L") == 5) << c.label;
    temperatures.insert(c.number("T").exact(0));
  }
  EXPECT_EQ(temperatures, (std::set<Rational>{Rational(1, 4), Rational(1, 10), Rational(2)}))
      << "each value drawn, exactly (0.1 is no double)";
  Case c = t->suite({.seed = 3, .count = 1}).front();
  c.numbers["T"] = ExactTensor::scalar(0.1);  // the double nearest 1/10, not 1/10
  EXPECT_THROW(t->check_assumptions(c), InputError);
  c.numbers["T"] = ExactTensor::literal("2");
  c.integers["L"] = 3;
  c.numbers["l"] = ExactTensor::vector({0, 0, 0});
  EXPECT_THROW(t->check_assumptions(c), InputError) << "L = 3 is not among the values";
  EXPECT_EQ(error_of(replaced(kEntropy, "range = [0.01, 100] }", "range = [0.01, 100], values = [1] }")).substr(0, 56),
            "entropy.toml:9:54: input 'T' has a range or values, not ");
  EXPECT_NE(error_of(replaced(kEntropy, "range = [2, 64] }", "values = [2, 2.5] }")).find("value 2.5 of 'L' is no integer"),
            std::string::npos);
}

const std::string kMatrix = R"toml(id = "spectral-below-frobenius"
title = "The spectral norm is at most the Frobenius norm"
source = "linear algebra"
fidelity = "extension"
expect = "holds"

[inputs]
K = { kind = "matrix", rows = "L", cols = 3, range = [-0.1, 0.1] }
v = { kind = "vector", length = "L", range = [-0.1, 0.1] }
L = { kind = "length", range = [1, 6] }

[[claim]]
value = "spectral_norm(K) + sum(i, v[i] - v[i])"
relation = "<="
bound = "frobenius_norm(K)"
)toml";

TEST(FileTheorem, MatrixInputsAreDrawnInsideTheirRangesWithTheirShapes) {
  const auto t = theorem_from(kMatrix);
  const Rational low = read_number_literal("-0.1", ""), high = read_number_literal("0.1", "");
  std::size_t at_an_end = 0;
  for (const Case& c : t->suite({.seed = 3, .count = 40})) {
    const auto L = static_cast<std::size_t>(c.integer("L"));
    EXPECT_EQ(c.number("K").rows(), L);
    EXPECT_EQ(c.number("K").cols(), 3u);
    for (const std::string name : {"K", "v"})
      for (std::size_t k = 0; k < c.number(name).size(); ++k) {
        // 0.1 is no double: the nearest ones are outside [-1/10, 1/10].
        const Rational x = c.number(name).exact(k);
        EXPECT_TRUE(low <= x && x <= high) << c.label << " " << name << " " << c.number(name).text(k);
        at_an_end += c.label.starts_with("range ends") && (x - low) * (high - x) < Rational(1, 1000000);
      }
    EXPECT_NO_THROW(t->check_assumptions(c));
  }
  EXPECT_GT(at_an_end, 0u) << "the range-ends cases reach the ends";
  for (const CaseOutcome& o : checked(*t, 20, 3)) EXPECT_NE(o.verdict, Verdict::Violated) << o.label;
}

TEST(FileTheorem, MatrixShapesAreCheckedOnEveryCase) {
  const auto t = theorem_from(kMatrix);
  Case c = t->suite({.seed = 1, .count = 1}).front();
  c.integers["L"] += 1;
  c.numbers["v"] = ExactTensor::vector(std::vector<double>(static_cast<std::size_t>(c.integers["L"]), 0.0));
  try {
    t->check_assumptions(c);
    ADD_FAILURE() << "K has fewer rows than L says";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("K must be a L x 3 = " + std::to_string(c.integers["L"]) + " x 3 matrix"),
              std::string::npos)
        << e.what();
  }
}

TEST(FileTheorem, AMissingLengthIsReadOffTheInputsItSizes) {
  const auto t = theorem_from(kMatrix);  // K, sized by L, is declared before L
  const Case c = t->suite({.seed = 1, .count = 1}).front();
  Case without_length = c;  // as a model source's rows come
  without_length.integers.erase("L");
  EXPECT_NO_THROW(t->check_assumptions(without_length));
  const Sides<double> given = t->evaluate_double(c, {}), read_off = t->evaluate_double(without_length, {});
  ASSERT_EQ(given.claims.size(), 1u);
  EXPECT_EQ(read_off.claims[0].value, given.claims[0].value);
  EXPECT_EQ(read_off.claims[0].bound, given.claims[0].bound);
  // A length that disagrees with an input it sizes, or that nothing gives, is refused.
  Case wrong_length = c;
  wrong_length.integers["L"] = c.integer("L") + 1;
  EXPECT_THROW(t->check_assumptions(wrong_length), InputError);
  Case nothing = without_length;
  nothing.numbers.erase("K");
  nothing.numbers.erase("v");
  try {
    t->check_assumptions(nothing);
    ADD_FAILURE() << "a case without L, K and v was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "the case gives no length L, nor an input it sizes");
  }
}

TEST(FileTheorem, RequestedShapesSetTheLengthsAndTheTemperatureNamedLikeThem) {
  const auto t = theorem_from(kEntropy);  // l of length L, a scalar T
  EXPECT_TRUE(t->info().shapes.L && t->info().shapes.T);
  EXPECT_FALSE(t->info().shapes.d || t->info().shapes.N);
  SuiteRequest request{.seed = 3, .count = 10};
  request.shapes = {parse_case_shape("L=100,T=1/8")};
  for (const Case& c : t->suite(request)) {
    EXPECT_EQ(c.integer("L"), 100);
    EXPECT_EQ(c.number("l").size(), 100u);
    EXPECT_EQ(c.number("T").exact(0), Rational(1) / 8);
  }
  // A theorem without such inputs takes no shape, and says why.
  std::string renamed = kEntropy;
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"\"L\"", "\"n\""}, {"L = {", "n = {"}, {"log(L)", "log(n)"}, {"T = {", "t = {"}, {"l / T", "l / t"}})
    renamed = replaced(renamed, from, to);
  const auto none = theorem_from(renamed);
  EXPECT_FALSE(none->info().shapes.any());
  EXPECT_NE(none->info().shapes.why.find("no length named L"), std::string::npos);
}

TEST(FileTheorem, ADivisorTheRangesDoNotKeepFromZeroIsTheFilesMistake) {
  const auto with_bound = [](const std::string& bound) {
    return replaced(kEntropy, "bound = \"log(L)\"", "bound = \"" + bound + "\"");
  };
  // l lies in [-30, 30]: its sum may be 0, as a divisor or under a negative power.
  const std::string divided = error_of(with_bound("log(L) + 1 / sum(i, l[i])"));
  const std::string expected =  // at L = 2, the low end of its range
      "entropy.toml:18:9: this divisor may be 0 for inputs in their declared ranges (it lies in [-60, 60])";
  EXPECT_EQ(divided.substr(0, expected.size()), expected);
  EXPECT_NE(error_of(with_bound("log(L) + sum(i, l[i])^-1")).find("this divisor may be 0"), std::string::npos);
  // T lies in [0.01, 100] and L >= 2: kept away from 0.
  EXPECT_EQ(error_of(with_bound("log(L) + 1 / T - 1 / (L - 1/2)")), "");
  // A positive input may come as close to 0 as it likes: never 0.
  EXPECT_EQ(error_of(replaced(with_bound("log(L) + 1 / T"), "range = [0.01, 100] }", "range = [0, 100], positive = true }")),
            "");
}

TEST(FileTheorem, MatrixSizesAreLengthsOrNumbers) {
  const auto with = [](const std::string& from, const std::string& to) { return replaced(kMatrix, from, to); };
  EXPECT_EQ(error_of(with("rows = \"L\"", "rows = \"v\"")),
            "entropy.toml:8:5: matrix 'K' has size 'v', which is not an input of kind \"length\"");
  EXPECT_EQ(error_of(with("cols = 3", "cols = 0")).substr(0, 61),
            "entropy.toml:8:43: 'cols' must name a length input or be an i");
  EXPECT_EQ(error_of(with("rows = \"L\", ", "")), "entropy.toml:8:5: missing key 'rows'");
  // A vector's length names a length input: digits are no name (and were once read as a number).
  EXPECT_EQ(error_of(with("length = \"L\"", "length = \"3\"")),
            "entropy.toml:9:5: vector 'v' has length '3', which is not an input of kind \"length\"");
  EXPECT_EQ(error_of(with("length = \"L\"", "length = \"99999999999999999999L\"")),
            "entropy.toml:9:5: vector 'v' has length '99999999999999999999L', which is not an input of kind \"length\"");
  EXPECT_EQ(error_of(with("rows = \"L\"", "rows = \"3\"")),
            "entropy.toml:8:31: 'rows' names a length input; a number is written without quotes (rows = 3)");
  EXPECT_EQ(error_of(with("[-0.1, 0.1] }\nv", "[0.1, 0.1] }\nv")),
            "entropy.toml:8:54: range [0.1, 0.1] holds no binary64 number for the suite to draw");
  EXPECT_EQ(error_of(with("range = [1, 6]", "range = [\"3/2\", \"7/4\"]")),
            "entropy.toml:10:32: range [3/2, 7/4] holds no integer");
  EXPECT_NE(error_of(with("frobenius_norm(K)", "frobenius_norm(v)")).find("a matrix is needed here, not a vector of length L"),
            std::string::npos);
  // Memory is bounded: a length at most 2^20, a vector or matrix at most 2^24 entries.
  EXPECT_NE(error_of(with("range = [1, 6]", "range = [1, 2000000]")).find("length 'L' must be at most 1048576 in all its range"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(with("range = [1, 6]", "range = [1, 8192]"), "cols = 3", "cols = 4096"))
                .find("'K' has up to 33554432 entries at the high ends of its lengths; at most 16777216"),
            std::string::npos);
  // 4096 x 4096 entries fit in memory; the spectral norm of such a matrix is what costs too much.
  const std::string square = error_of(replaced(with("range = [1, 6]", "range = [1, 4096]"), "cols = 3", "cols = 4096"));
  EXPECT_EQ(square.find("entries at the high ends"), std::string::npos) << square;
  EXPECT_NE(square.find("operations at the high ends of the lengths"), std::string::npos) << square;
  EXPECT_EQ(error_of(replaced(with("range = [1, 6]", "range = [1, 512]"), "cols = 3", "cols = 512")), "");
}

}  // namespace
}  // namespace nb::theorems
