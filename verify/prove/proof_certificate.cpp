#include "verify/prove/proof_certificate.hpp"

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

#include "verify/io/errors.hpp"
#include "verify/numbers/number_literal.hpp"
#include "verify/io/sha256.hpp"
#include "verify/results/version.hpp"

namespace nb::prove {
namespace {

constexpr const char* kFormat = "normbound-region-certificate";

std::string sha256_of(const std::string& text) {
  Sha256 h;
  h.update(text.data(), text.size());
  return h.hex_digest();
}

const char* tier_key(Tier t) { return t == Tier::Binary64 ? "binary64" : "mpfi"; }


// The certificate's reader: each field read through `at`, whose failures name the field.
class CertificateReader {
 public:

  template <class T>
  T get(const nlohmann::json& parent, const std::string& key, const std::string& where) const {
    try {
      return parent.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
      throw InputError("certificate: " + where + (where.empty() ? "" : ".") + key + " is missing or of the wrong type");
    }
  }
  static Rational number(const nlohmann::json& j, const std::string& where) {
    if (!j.is_string()) throw InputError("certificate: " + where + " must be a number literal in a string");
    return read_number_literal(j.get<std::string>(), "certificate: " + where);
  }
  Box box(const nlohmann::json& sides, std::size_t n, const std::string& where) const {
    if (!sides.is_array() || sides.size() != n)
      throw InputError("certificate: " + where + " must hold " + std::to_string(n) + " intervals");
    Box b;
    for (std::size_t k = 0; k < n; ++k) {
      const nlohmann::json& side = sides[k];
      if (!side.is_array() || side.size() != 2) throw InputError("certificate: " + where + " holds an interval that is not [lo, hi]");
      b.lo.push_back(number(side[0], where));
      b.hi.push_back(number(side[1], where));
      if (b.lo.back() > b.hi.back()) throw InputError("certificate: " + where + " holds an interval whose low end exceeds its high end");
    }
    return b;
  }
};

std::string box_text(const Box& box, const Region& region) {
  std::string text;
  for (std::size_t k = 0; k < box.lo.size(); ++k)
    text += (text.empty() ? "" : ", ") + region.coordinates[k].label + " in " + interval_text(box, k);
  return text;
}

}  // namespace

nlohmann::json box_json(const Box& box) {
  nlohmann::json sides = nlohmann::json::array();
  for (std::size_t k = 0; k < box.lo.size(); ++k)
    sides.push_back({rational_literal(box.lo[k]), rational_literal(box.hi[k])});
  return sides;
}

nlohmann::json region_json(const Region& region) {
  const nlohmann::json sides = box_json(region.box);
  nlohmann::json coordinates = nlohmann::json::array();
  for (std::size_t k = 0; k < region.coordinates.size(); ++k)
    coordinates.push_back({{"coordinate", region.coordinates[k].label}, {"interval", sides[k]}});
  return coordinates;
}

nlohmann::json certificate_json(const ProvedStatement& statement, const Region& region, const RegionProof& proof) {
  nlohmann::json j;
  j["format"] = kFormat;
  j["version"] = 1;
  j["normbound"] = kVersion;
  j["theorem"] = {{"id", statement.spec->info.id},
                  {"file", statement.file_name},
                  {"sha256", sha256_of(statement.text)},
                  {"text", statement.text}};
  nlohmann::json claims = nlohmann::json::array();
  for (std::size_t k : statement.claims) claims.push_back(k + 1);
  j["claims"] = claims;
  j["softmax"] = statement.kernels == BoxKernels::Range ? "range" : "engine";
  j["forms"] = box_forms_key(statement.forms);
  j["sizes"] = region.sizes;
  j["region"] = region_json(region);
  j["outcome"] = proof_outcome_key(proof.outcome);
  if (proof.witness) j["witness"] = case_to_json(*proof.witness);
  nlohmann::json nodes = nlohmann::json::array(), leaves = nlohmann::json::array();
  if (proof.outcome != ProofOutcome::Violated) {
    for (const ProofNode& n : proof.nodes)
      nodes.push_back(n.coordinate < 0 ? nlohmann::json{{"leaf", n.leaf}}
                                       : nlohmann::json{{"cut", {{"coordinate", n.coordinate}, {"at", rational_literal(n.at)}}},
                                                        {"low", n.low},
                                                        {"high", n.high}});
    for (const ProofLeaf& l : proof.leaves)
      leaves.push_back({{"box", box_json(l.box)}, {"status", leaf_status_key(l.status)}, {"tier", tier_key(l.tier)}, {"bits", l.bits}});
  }
  j["nodes"] = nodes;
  j["leaves"] = leaves;
  j["boxes"] = proof.boxes;
  j["stopped_by"] = proof.stopped_by;
  return j;
}

namespace {

RecheckResult recheck(const nlohmann::json& j, unsigned threads, const ViolationCheck& violated, double time_limit) {
  const CertificateReader read;
  if (!j.is_object() || j.value("format", "") != kFormat)
    throw InputError(std::string("not a region certificate: its \"format\" is not \"") + kFormat + "\"");
  if (read.get<int>(j, "version", "") != 1) throw InputError("certificate: version must be 1");
  RecheckResult result;
  const nlohmann::json& theorem = j.at("theorem");
  const std::string text = read.get<std::string>(theorem, "text", "theorem");
  const std::string file = read.get<std::string>(theorem, "file", "theorem");
  result.theorem_id = read.get<std::string>(theorem, "id", "theorem");
  const auto fail = [&](const std::string& why) {
    result.failure = why;
    return result;
  };
  if (read.get<std::string>(theorem, "sha256", "theorem") != sha256_of(text))
    return fail("the theorem's text does not have the SHA-256 the certificate records");
  const formula::TheoremSpec spec = formula::read_theorem_spec(text, file);
  if (spec.info.id != result.theorem_id) return fail("the theorem's text states " + spec.info.id + ", not " + result.theorem_id);

  // The region: the coordinates the theorem's inputs give at the recorded sizes, each interval as recorded.
  std::vector<std::string> sizes;
  for (const auto& [name, size] : read.get<std::map<std::string, std::int64_t>>(j, "sizes", ""))
    sizes.push_back(name + "=" + std::to_string(size));
  Region region = make_region(spec, sizes, {}, true);
  const nlohmann::json& coordinates = j.at("region");
  if (!coordinates.is_array() || coordinates.size() != region.coordinates.size())
    return fail("the region has " + std::to_string(coordinates.is_array() ? coordinates.size() : 0) +
                " coordinates, where the theorem at these sizes has " + std::to_string(region.coordinates.size()));
  for (std::size_t k = 0; k < coordinates.size(); ++k) {
    const std::string where = "region[" + std::to_string(k) + "]";
    if (read.get<std::string>(coordinates[k], "coordinate", where) != region.coordinates[k].label)
      return fail(where + " is not the coordinate " + region.coordinates[k].label);
    const Box side = read.box(nlohmann::json::array({coordinates[k].at("interval")}), 1, where);
    region.box.lo[k] = side.lo[0];
    region.box.hi[k] = side.hi[0];
  }
  std::vector<std::size_t> claims;
  for (const std::size_t k : read.get<std::vector<std::size_t>>(j, "claims", "")) {
    if (k < 1 || k > spec.claims.size()) return fail("claims names claim " + std::to_string(k) + ", which the theorem does not state");
    claims.push_back(k - 1);
  }
  const std::string softmax = read.get<std::string>(j, "softmax", "");
  // Certificates written before the forms were selectable have no "forms": they used the natural form.
  const std::string forms = j.contains("forms") ? read.get<std::string>(j, "forms", "") : box_forms_key(BoxForms::Natural);
  if (forms != box_forms_key(BoxForms::Natural) && forms != box_forms_key(BoxForms::MeanValue))
    throw InputError("certificate: forms must be \"natural\" or \"mean-value\", not \"" + forms + "\"");
  const BoxStatement statement(spec, region, claims, softmax == "engine" ? BoxKernels::Engine : BoxKernels::Range, {},
                               forms == box_forms_key(BoxForms::Natural) ? BoxForms::Natural : BoxForms::MeanValue);

  const std::string outcome = read.get<std::string>(j, "outcome", "");
  if (outcome == proof_outcome_key(ProofOutcome::Violated)) {
    const Case witness = case_from_json(j.at("witness"));
    if (!case_in_box(witness, region, region.box)) return fail("the counterexample lies outside the region");
    if (!violated(spec, witness)) return fail("the counterexample is not certified VIOLATED");
    result.outcome = ProofOutcome::Violated;
    result.passed = true;
    return result;
  }

  // The tree: every node reached once from node 0, children after their parent, each leaf once.
  const nlohmann::json& nodes = j.at("nodes");
  const nlohmann::json& leaves = j.at("leaves");
  if (!nodes.is_array() || !leaves.is_array() || nodes.empty()) return fail("the certificate has no tree of boxes");
  result.leaves = leaves.size();
  std::vector<Box> leaf_boxes(leaves.size());
  std::vector<bool> node_seen(nodes.size(), false), leaf_seen(leaves.size(), false);
  std::vector<std::pair<std::size_t, Box>> stack = {{0, region.box}};
  node_seen[0] = true;
  while (!stack.empty()) {
    auto [index, box] = std::move(stack.back());
    stack.pop_back();
    const nlohmann::json& node = nodes[index];
    const std::string where = "nodes[" + std::to_string(index) + "]";
    if (node.contains("leaf")) {
      const auto leaf = read.get<std::size_t>(node, "leaf", where);
      if (leaf >= leaves.size() || leaf_seen[leaf]) return fail(where + " names leaf " + std::to_string(leaf) + ", which is missing or used twice");
      leaf_seen[leaf] = true;
      leaf_boxes[leaf] = std::move(box);
      continue;
    }
    const nlohmann::json& cut = node.at("cut");
    const auto k = read.get<std::size_t>(cut, "coordinate", where + ".cut");
    if (k >= region.coordinates.size()) return fail(where + " cuts a coordinate the region does not have");
    const Rational at = CertificateReader::number(cut.at("at"), where + ".cut.at");
    if (!(box.lo[k] < at && at < box.hi[k]))
      return fail(where + " cuts " + region.coordinates[k].label + " at " + rational_literal(at) + ", not inside " + interval_text(box, k));
    const auto low = read.get<std::size_t>(node, "low", where), high = read.get<std::size_t>(node, "high", where);
    for (const std::size_t child : {low, high})
      if (child <= index || child >= nodes.size() || node_seen[child])
        return fail(where + " names child " + std::to_string(child) + ", which is missing, earlier or used twice");
    node_seen[low] = node_seen[high] = true;
    Box lower = box, upper = std::move(box);
    lower.hi[k] = upper.lo[k] = at;
    stack.emplace_back(high, std::move(upper));
    stack.emplace_back(low, std::move(lower));
  }
  for (std::size_t l = 0; l < leaves.size(); ++l)
    if (!leaf_seen[l]) return fail("leaf " + std::to_string(l) + " is in no node of the tree: the leaves do not match the cuts");

  // Every leaf: its box as the cuts make it, then its verdict afresh (in parallel, the first
  // offence by position reported).
  struct Recorded {
    LeafStatus status;
    Tier tier;
    unsigned bits;
  };
  std::vector<Recorded> recorded;
  for (std::size_t l = 0; l < leaves.size(); ++l) {
    const std::string where = "leaves[" + std::to_string(l) + "]";
    const Box box = read.box(leaves[l].at("box"), region.coordinates.size(), where + ".box");
    if (!(box == leaf_boxes[l]))
      return fail("leaf " + std::to_string(l) + " records the box " + box_text(box, region) + ", where the cuts give " +
                  box_text(leaf_boxes[l], region));
    const std::string status = read.get<std::string>(leaves[l], "status", where);
    const std::string tier = read.get<std::string>(leaves[l], "tier", where);
    const auto bits = read.get<unsigned>(leaves[l], "bits", where);
    if (tier != "binary64" && tier != "mpfi") return fail(where + ".tier must be binary64 or mpfi");
    if (tier == "mpfi" && (bits < 64 || bits > 65536)) return fail(where + ".bits must be from 64 to 65536");
    const LeafStatus s = status == "proven"                ? LeafStatus::Proven
                         : status == "outside-assumptions" ? LeafStatus::OutsideAssumptions
                         : status == "residual"            ? LeafStatus::Residual
                                                           : throw InputError("certificate: " + where + ".status is unknown");
    recorded.push_back({s, tier == "binary64" ? Tier::Binary64 : Tier::Mpfi, bits});
    (s == LeafStatus::Proven ? result.proven : s == LeafStatus::Residual ? result.residual : result.outside) += 1;
  }
  std::vector<std::optional<BoxStatus>> found(leaves.size());
  std::atomic<std::size_t> next{0};
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(time_limit));
  std::atomic<bool> late{false};
  const auto work = [&] {
    for (std::size_t l; (l = next++) < leaves.size();) {
      if (std::chrono::steady_clock::now() > deadline) {
        late = true;
        return;
      }
      if (recorded[l].status != LeafStatus::Residual)
        found[l] = recheck_box(statement, leaf_boxes[l], recorded[l].tier, recorded[l].bits);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, threads); ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (late) {
    result.finished = false;
    return fail("the time limit came before every leaf was evaluated");
  }
  for (std::size_t l = 0; l < leaves.size(); ++l) {
    if (!found[l]) continue;
    const BoxStatus want = recorded[l].status == LeafStatus::Proven ? BoxStatus::Holds : BoxStatus::OutsideAssumptions;
    if (*found[l] != want)
      return fail("leaf " + std::to_string(l) + " (" + box_text(leaf_boxes[l], region) + ") is recorded " +
                  leaf_status_key(recorded[l].status) + ", but evaluates as " + box_status_key(*found[l]) + " in " +
                  (recorded[l].tier == Tier::Binary64 ? std::string("binary64") : "MPFI at " + std::to_string(recorded[l].bits) + " bits"));
  }
  result.outcome = result.residual == 0 ? ProofOutcome::ProvenOnRegion : ProofOutcome::Undecided;
  if (outcome != proof_outcome_key(result.outcome))
    return fail(std::string("the certificate says ") + (outcome.empty() ? "nothing" : outcome) + ", its leaves show " +
                proof_outcome_key(result.outcome));
  result.passed = true;
  return result;
}

}  // namespace

RecheckResult recheck_certificate(const nlohmann::json& j, unsigned threads, const ViolationCheck& violated,
                                  double time_limit) {
  try {
    return recheck(j, threads, violated, time_limit);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("certificate: a field is missing or of the wrong type (") + e.what() + ")");
  } catch (const UsageError& e) {  // sizes or claims that do not fit the theorem
    throw InputError(std::string("certificate: ") + e.what());
  }
}

}  // namespace nb::prove
