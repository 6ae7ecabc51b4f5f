#include "verify/engine/outcome_bytes.hpp"

namespace nb {
namespace {

// Every field below travels; one added to CaseOutcome must be added here (the size catches most).
static_assert(sizeof(CaseOutcome) == 504, "send the new field of CaseOutcome");

void write_enclosure(ByteWriter& w, const EnclosureText& e) {
  w.text(e.lo);
  w.text(e.hi);
  w.real(e.approx);
}

EnclosureText read_enclosure(ByteReader& r) {
  EnclosureText e;
  e.lo = r.text();
  e.hi = r.text();
  e.approx = r.real();
  return e;
}

}  // namespace

void write_outcome(ByteWriter& w, const CaseOutcome& o) {
  w.integer(o.index);
  w.text(o.label);
  w.integer(o.size);
  w.enumerator(o.verdict);
  w.text(o.claim);
  w.enumerator(o.relation);
  for (const EnclosureText* e : {&o.value, &o.bound, &o.slack, &o.relative_slack}) write_enclosure(w, *e);
  w.integer(o.relative_is_absolute);
  w.integer(o.precision_bits);
  w.integer(o.sample_doublings);
  w.text(o.exact);
  w.integer(o.quantities.size());
  for (const auto& [name, q] : o.quantities) {
    w.text(name);
    write_enclosure(w, q);
  }
  w.integer(o.provenance.size());
  for (const auto& [key, value] : o.provenance) {
    w.text(key);
    w.text(value);
  }
}

CaseOutcome read_outcome(ByteReader& r) {
  CaseOutcome o;
  o.index = r.integer();
  o.label = r.text();
  o.size = r.integer();
  o.verdict = r.enumerator(Verdict::Refused);
  o.claim = r.text();
  o.relation = r.enumerator(Relation::Equal);
  for (EnclosureText* e : {&o.value, &o.bound, &o.slack, &o.relative_slack}) *e = read_enclosure(r);
  o.relative_is_absolute = r.integer() != 0;
  o.precision_bits = static_cast<unsigned>(r.integer());
  o.sample_doublings = static_cast<unsigned>(r.integer());
  o.exact = r.text();
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    std::string name = r.text();
    o.quantities.emplace_back(std::move(name), read_enclosure(r));
  }
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    std::string key = r.text();
    o.provenance.emplace(std::move(key), r.text());
  }
  return o;
}

}  // namespace nb
