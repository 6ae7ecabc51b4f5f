// Permutation invariance read off a theorem file's formulas (verify/formula/permutation_invariance.hpp):
// the sharp spectral bound and the softmax files are invariant in their logits; a statement that
// reads an entry by position, ties by index or mixes another vector is not, and a file declaring
// `permutable = true` for such a vector is refused naming the subexpression.
#include "verify/formula/permutation_invariance.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "verify/io/errors.hpp"

namespace nb::formula {
namespace permutation_invariance_test {

TheoremSpec folder_spec(const std::string& name) {
  std::ifstream in(std::string(NORMBOUND_THEOREM_SPECS) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return read_theorem_spec(text.str(), name);
}

// A file of one vector input `l` (and `y`) with the claim `value <= bound`.
std::string file_text(const std::string& value, const std::string& bound, const std::string& l_extra = "") {
  return "id = \"perm-test\"\ntitle = \"t\"\nsource = \"s\"\nfidelity = \"extension\"\nexpect = \"holds\"\n"
         "[inputs]\nl = { kind = \"vector\", length = \"L\", range = [-1, 1]" + l_extra + " }\n"
         "y = { kind = \"vector\", length = \"L\", range = [-1, 1] }\n"
         "T = { kind = \"scalar\", range = [1, 2], positive = true }\nL = { kind = \"length\", range = [2, 8] }\n"
         "[define]\na = \"softmax(l / T)\"\n"
         "[[claim]]\nvalue = \"" + value + "\"\nrelation = \"<=\"\nbound = \"" + bound + "\"\n";
}

std::string failure(const std::string& value, const std::string& bound = "1") {
  return permutation_invariance_failure(read_theorem_spec(file_text(value, bound), "perm.toml"), "l");
}

TEST(PermutationInvariance, TheSharpSpectralBoundIsInvariantInItsLogits) {
  EXPECT_EQ(permutation_invariance_failure(folder_spec("softmax-jacobian-spectral-sharp.toml"), "logits"), "");
}

TEST(PermutationInvariance, SymmetricReductionsAndKernelsAreInvariant) {
  EXPECT_EQ(failure("max(i, a[i]) - min(i, a[i])"), "");
  EXPECT_EQ(failure("sum(i, a[i] * log(a[i])) + norm(exp(l) - 1)"), "");
  EXPECT_EQ(failure("spectral_norm(softmax_jacobian(l, T)) * T", "sum(i, abs(l[i] - max(j, l[j])))"), "");
  EXPECT_EQ(failure("largest(l, 2) + frobenius_norm(softmax_jacobian(2 * l, 1))"), "");
  EXPECT_EQ(failure("sum(i, y[i])"), "");  // reads no entry of l
}

TEST(PermutationInvariance, NamesTheSubexpressionThatReadsByPosition) {
  const std::string why = failure("a[0] + 1");
  EXPECT_NE(why.find("reads an entry by its position"), std::string::npos) << why;
  EXPECT_NE(why.find("perm.toml"), std::string::npos) << why;
  EXPECT_NE(why.find("(column 1)"), std::string::npos) << why;
  EXPECT_NE(failure("sum(i, i * a[i])").find("index variable i as a position"), std::string::npos);
  EXPECT_NE(failure("sum(i, a[i] * y[i])").find("index variable i as a position"), std::string::npos);
  EXPECT_NE(failure("norm(l - y)").find("one that does not"), std::string::npos);
  EXPECT_NE(failure("argmax(l)").find("argmax(...)"), std::string::npos);
  EXPECT_NE(failure("sum(i, top(l, 1), a[i])").find("top(...)"), std::string::npos);
}

TEST(PermutationInvariance, ADeclaredPermutableInputIsChecked) {
  EXPECT_NO_THROW(read_theorem_spec(file_text("max(i, a[i])", "1", ", permutable = true"), "perm.toml"));
  try {
    read_theorem_spec(file_text("1", "a[1] + max(i, a[i])", ", permutable = true"), "perm.toml");
    FAIL() << "a file declaring a non-invariant statement permutable was read";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("not shown invariant under permutations of the entries of l"), std::string::npos) << what;
    EXPECT_NE(what.find("a[1] + max(i, a[i])\n  ^"), std::string::npos) << what;
    EXPECT_NE(what.find("declares permutable = true"), std::string::npos) << what;
  }
}

}  // namespace permutation_invariance_test
}  // namespace nb::formula
