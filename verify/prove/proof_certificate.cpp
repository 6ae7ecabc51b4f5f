#include "verify/prove/proof_certificate.hpp"
#include "verify/prove/ordered_cone.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <set>
#include <thread>

#include "verify/io/errors.hpp"
#include "verify/numbers/number_literal.hpp"
#include "verify/io/sha256.hpp"
#include "verify/prove/counterexample.hpp"
#include "verify/prove/leaf_in_arb.hpp"
#include "verify/prove/shared_kernels.hpp"
#include "verify/prove/statement_text.hpp"
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
  if (!statement.ordered_cone.empty()) j["reduction"] = {{"ordered_cone", statement.ordered_cone}};
  nlohmann::json joints = nlohmann::json::array();
  for (const auto& [k, joint] : joint_slacks(*statement.spec, statement.claims, statement.kernels))
    joints.push_back({{"claim", k + 1}, {"kernel", formula::joint_slack_key(joint.kind)}});
  if (!joints.empty()) j["joint_slacks"] = joints;
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

// A demand's mistake (an input the theorem does not have): a usage error of the command, which
// recheck_certificate must not take for a malformed certificate.
struct DemandError {
  std::string what;
};

// The region `demand` asks, at the certificate's sizes: the certificate's own interval on every
// coordinate the demand does not name. Refuses (in `refusal`) sizes other than the certificate's.
std::optional<Region> demanded_region(const formula::TheoremSpec& spec, const Region& region, const RecheckDemand& demand,
                                      std::string& refusal) {
  for (const std::string& s : demand.sizes) {
    const std::size_t eq = s.find('=');
    const auto size = region.sizes.find(s.substr(0, eq));
    if (eq == std::string::npos || size == region.sizes.end())
      throw DemandError{"--size " + s + ": expected NAME=N with NAME a length of " + spec.info.id + " (its lengths: " +
                        sizes_text(region) + ")"};
    if (s.substr(eq + 1) != std::to_string(size->second)) {
      refusal = "the certificate is at the sizes " + sizes_text(region) + ", not at the demanded " + s;
      return std::nullopt;
    }
  }
  try {
    std::vector<std::string> intervals = demand.regions;
    std::set<std::string> named;  // inputs and entries the demand names
    for (const std::string& r : demand.regions) {
      const std::string name = r.substr(0, r.find('='));
      named.insert(name);
    }
    for (std::size_t k = 0; k < region.coordinates.size(); ++k) {
      const Coordinate& c = region.coordinates[k];
      if (!named.contains(c.input) && !named.contains(c.label))
        intervals.push_back(c.label + "=" + interval_text(region.box, k));
    }
    std::vector<std::string> certificate_sizes;
    for (const auto& [name, size] : region.sizes) certificate_sizes.push_back(name + "=" + std::to_string(size));
    return make_region(spec, certificate_sizes, intervals, false);
  } catch (const UsageError& e) {
    throw DemandError{e.what()};
  }
}

RecheckResult recheck(const nlohmann::json& j, unsigned threads, const ViolationCheck& violated, double time_limit,
                      const RecheckDemand& demand, const LeafCheck& first_arithmetic) {
  const CertificateReader read;
  if (!j.is_object() || j.value("format", "") != kFormat)
    throw InputError(std::string("not a region certificate: its \"format\" is not \"") + kFormat + "\"");
  if (read.get<int>(j, "version", "") != 1) throw InputError("certificate: version must be 1");
  RecheckResult result;
  const nlohmann::json& theorem = j.at("theorem");
  const std::string text = read.get<std::string>(theorem, "text", "theorem");
  const std::string file = read.get<std::string>(theorem, "file", "theorem");
  result.theorem_id = read.get<std::string>(theorem, "id", "theorem");
  result.file = file;
  result.statement_sha256 = sha256_of(text);
  const auto fail = [&](const std::string& why) {
    result.failure = why;
    return result;
  };
  const auto refuse = [&](const std::string& why) {
    result.refused = true;
    return fail(why);
  };
  if (read.get<std::string>(theorem, "sha256", "theorem") != result.statement_sha256)
    return fail("the theorem's text does not have the SHA-256 the certificate records");
  if (demand.statement && *demand.statement != text)
    return refuse("the certificate's statement (SHA-256 " + result.statement_sha256 + ") is not the text of " +
                  demand.statement_origin + " (SHA-256 " + sha256_of(*demand.statement) + ")");
  result.statement_is_demanded = demand.statement.has_value();
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
  result.sizes = sizes_text(region);
  result.region = region_text(region, region.box);
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
  // The symmetry reduction a certificate records is verified, not trusted: its conditions are
  // checked afresh on the embedded statement and the region, and the tree must cover the cone.
  Region proved_region = region;
  if (j.contains("reduction")) {
    const std::string input = read.get<std::string>(j.at("reduction"), "ordered_cone", "reduction");
    try {
      proved_region = ordered_cone_region_of(spec, region, claims, input);
    } catch (const InputError& e) {
      return fail(std::string("the reduction to the ordered cone does not hold: ") + e.what());
    }
    result.reduction = "the ordered cone of " + input + " (its statement invariant under permutations of its entries, "
                       "checked on the formulas; every entry in one interval)";
  }
  const BoxStatement statement(spec, proved_region, claims, softmax == "engine" ? BoxKernels::Engine : BoxKernels::Range, {},
                               forms == box_forms_key(BoxForms::Natural) ? BoxForms::Natural : BoxForms::MeanValue);
  const std::set<std::size_t> proved(statement.claims().begin(), statement.claims().end());
  // The joint slacks a certificate records are verified, not trusted: the claims' formulas must
  // have exactly those (recognised afresh on the embedded statement), and the leaves are evaluated
  // with them.
  std::vector<std::pair<std::size_t, std::string>> joints_recorded, joints_found;
  if (j.contains("joint_slacks")) {
    const nlohmann::json& joints = j.at("joint_slacks");
    if (!joints.is_array()) throw InputError("certificate: joint_slacks must be an array");
    for (std::size_t n = 0; n < joints.size(); ++n) {
      const std::string where = "joint_slacks[" + std::to_string(n) + "]";
      joints_recorded.emplace_back(read.get<std::size_t>(joints[n], "claim", where),
                                   read.get<std::string>(joints[n], "kernel", where));
    }
  }
  for (const auto& [k, joint] : joint_slacks(spec, statement.claims(), statement.kernels()))
    joints_found.emplace_back(k + 1, formula::joint_slack_key(joint.kind));
  const auto listed = [](const std::vector<std::pair<std::size_t, std::string>>& joints) {
    std::string text;
    for (const auto& [claim, kernel] : joints) text += (text.empty() ? "" : ", ") + ("claim " + std::to_string(claim) + ": " + kernel);
    return text.empty() ? std::string("none") : text;
  };
  if (joints_recorded != joints_found)
    return fail("the joint slacks recorded (" + listed(joints_recorded) + ") are not those of the statement's claims (" +
                listed(joints_found) + ")");
  for (const auto& [claim, kernel] : joints_found) result.joint_slacks.push_back("claim " + std::to_string(claim) + ": " + kernel);
  for (std::size_t k : proved) result.claims.push_back(claim_line(spec, k));
  result.shared_kernels = shared_kernels(spec, statement.claims(), statement.kernels(), statement.uses_derivatives());
  const std::string outcome = read.get<std::string>(j, "outcome", "");

  // What the demand asks, before any evaluation: a certificate about less is refused.
  std::optional<Region> demanded;
  if (!demand.sizes.empty() || !demand.regions.empty()) {
    std::string refusal;
    demanded = demanded_region(spec, region, demand, refusal);
    if (!demanded) return refuse(refusal);
  }
  for (std::size_t k : demand.claims)
    if (k >= spec.claims.size()) throw DemandError{"--claim " + std::to_string(k + 1) + ": " + spec.info.id + " states " +
                                                   std::to_string(spec.claims.size()) + " claim(s)"};
  const bool demanding = demand.asks_what_is_proved();
  if (demanding && outcome == proof_outcome_key(ProofOutcome::Undecided))
    return refuse("the certificate is UNDECIDED: it proves nothing that could be demanded");
  if (outcome == proof_outcome_key(ProofOutcome::Violated)) {
    for (std::size_t k : proved)
      if (!demand.claims.empty() && std::find(demand.claims.begin(), demand.claims.end(), k) == demand.claims.end())
        return refuse("the certificate refutes claim " + std::to_string(k + 1) + ", which is not among the demanded claims");
  } else if (demanding) {
    for (std::size_t k : demand.claims)
      if (!proved.contains(k)) return refuse("the certificate is not about claim " + std::to_string(k + 1) + " (it is about " +
                                              std::to_string(proved.size()) + " claim(s), listed above)");
    if (demanded)
      for (std::size_t k = 0; k < region.coordinates.size(); ++k)
        if (demanded->box.lo[k] < region.box.lo[k] || demanded->box.hi[k] > region.box.hi[k])
          return refuse("the certificate covers " + region.coordinates[k].label + " in " + interval_text(region.box, k) +
                        ", not the demanded " + interval_text(demanded->box, k));
  }

  if (outcome == proof_outcome_key(ProofOutcome::Violated)) {
    const Case witness = case_from_json(j.at("witness"));
    if (!case_in_box(witness, region, region.box)) return fail("the counterexample lies outside the region");
    if (demanded && !case_in_box(witness, *demanded, demanded->box))
      return refuse("the counterexample lies outside the demanded region");
    // Against the claims the certificate is about: a point violating another claim refutes none of them.
    if (!violated(spec_of_claims(spec, statement.claims()), witness))
      return fail("the counterexample is not certified VIOLATED for " +
                  std::string(proved.size() == 1 ? "claim " + std::to_string(*proved.begin() + 1) : "the certificate's claims"));
    result.witness = witness;
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
  std::vector<std::pair<std::size_t, Box>> stack = {{0, proved_region.box}};
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
      return fail(where + " cuts " + proved_region.coordinates[k].label + " at " + rational_literal(at) + ", not inside " + interval_text(box, k));
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
      return fail("leaf " + std::to_string(l) + " records the box " + box_text(box, proved_region) + ", where the cuts give " +
                  box_text(leaf_boxes[l], proved_region));
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
  // Each leaf in its recorded arithmetic, then in Arb; `first` and `second` what each found
  // (second unset while the first disagrees: the first offence is reported).
  std::vector<std::optional<BoxStatus>> first(leaves.size());
  std::vector<std::optional<PiecesVerdict>> second(leaves.size()), in_mpfi(leaves.size());
  std::atomic<std::size_t> next{0};
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(time_limit));
  std::atomic<bool> late{false};
  const auto wanted = [&](std::size_t l) {
    return recorded[l].status == LeafStatus::Proven ? BoxStatus::Holds : BoxStatus::OutsideAssumptions;
  };
  const auto arb_bits = [&](std::size_t l) { return recorded[l].tier == Tier::Binary64 ? 64u : recorded[l].bits; };
  const auto work = [&] {
    for (std::size_t l; (l = next++) < leaves.size();) {
      if (std::chrono::steady_clock::now() > deadline) {
        late = true;
        return;
      }
      if (recorded[l].status == LeafStatus::Residual) continue;
      first[l] = first_arithmetic(statement, leaf_boxes[l], recorded[l].tier, recorded[l].bits);
      if (*first[l] != wanted(l)) continue;
      second[l] = evaluate_leaf_in_arb(statement, proved_region, leaf_boxes[l], wanted(l), arb_bits(l), deadline);
      // A binary64 leaf the balls do not decide (nor find failing): MPFI, the other library.
      if (!second[l]->decided && !second[l]->late && second[l]->first_other != BoxStatus::Fails &&
          recorded[l].tier == Tier::Binary64)
        in_mpfi[l] = evaluate_leaf_in_mpfi(statement, proved_region, leaf_boxes[l], wanted(l), arb_bits(l), deadline);
      if (second[l]->late || (in_mpfi[l] && in_mpfi[l]->late)) late = true;
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
    if (!first[l]) continue;
    const std::string leaf = "leaf " + std::to_string(l) + " (" + box_text(leaf_boxes[l], proved_region) + ") is recorded " +
                             leaf_status_key(recorded[l].status);
    if (*first[l] != wanted(l))
      return fail(leaf + ", but evaluates as " + box_status_key(*first[l]) + " in " +
                  (recorded[l].tier == Tier::Binary64 ? std::string("binary64") : "MPFI at " + std::to_string(recorded[l].bits) + " bits"));
    if (in_mpfi[l] && in_mpfi[l]->decided) {
      ++result.mpfi_leaves;
      continue;
    }
    if (!second[l]->decided)
      return fail(leaf + " and evaluates so in its recorded arithmetic, but as " + box_status_key(second[l]->first_other) +
                  " in Arb balls at " + std::to_string(arb_bits(l)) + " bits (" + std::to_string(second[l]->pieces) +
                  " piece(s))" + (in_mpfi[l] ? " and as " + std::string(box_status_key(in_mpfi[l]->first_other)) +
                                                   " in MPFI at " + std::to_string(arb_bits(l)) + " bits"
                                             : std::string()));
    ++result.arb_leaves;
    result.arb_pieces += second[l]->pieces;
    result.arb_bits = std::max(result.arb_bits, arb_bits(l));
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
                                  double time_limit, const RecheckDemand& demand, const LeafCheck& first_arithmetic) {
  try {
    return recheck(j, threads, violated, time_limit, demand, first_arithmetic);
  } catch (const DemandError& e) {
    throw UsageError(e.what);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("certificate: a field is missing or of the wrong type (") + e.what() + ")");
  } catch (const UsageError& e) {  // sizes or claims that do not fit the theorem
    throw InputError(std::string("certificate: ") + e.what());
  }
}

}  // namespace nb::prove
