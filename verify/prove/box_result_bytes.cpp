#include "verify/prove/box_result_bytes.hpp"

#include <cstdint>

namespace nb::prove {
namespace {

// Every field below travels; one added to BoxResult must be added here (the size catches most).
static_assert(sizeof(BoxResult) == 88, "send the new field of BoxResult");

}  // namespace

void write_box_result(ByteWriter& w, const std::optional<BoxResult>& result) {
  w.integer(result.has_value());
  if (!result) return;
  w.enumerator(result->status);
  w.enumerator(result->tier);
  w.integer(result->bits);
  w.number(result->slack_lo);
  w.integer(static_cast<std::uint64_t>(result->cut + 1));  // -1 (no cut) as 0
  w.integer(result->candidate.has_value());
  if (!result->candidate) return;
  w.integer(result->candidate->size());
  for (const Rational& x : *result->candidate) w.text(x.str());  // "n/d": exact
}

std::optional<BoxResult> read_box_result(ByteReader& r) {
  if (r.integer() == 0) return std::nullopt;
  BoxResult result;
  result.status = r.enumerator(BoxStatus::Undecided);
  result.tier = r.enumerator(Tier::Exact);
  result.bits = static_cast<unsigned>(r.integer());
  result.slack_lo = r.number();
  result.cut = static_cast<int>(r.integer()) - 1;
  if (r.integer() == 0) return result;
  std::vector<Rational>& candidate = result.candidate.emplace(r.integer());
  for (Rational& x : candidate) x = Rational(r.text());
  return result;
}

}  // namespace nb::prove
