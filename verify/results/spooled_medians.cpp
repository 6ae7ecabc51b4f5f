#include "verify/results/spooled_medians.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <limits>
#include <string>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

// Values read back from the file at a time.
constexpr std::size_t kMedianReadBlock = 4096;
constexpr std::size_t kValueBytes = sizeof(std::uint32_t) + sizeof(double);

[[noreturn]] void median_spool_failed(const char* what) {
  throw WriteError(std::string("the temporary file of the values kept for medians: ") + what + ": " + std::strerror(errno));
}

// A key whose unsigned order is the order of the doubles (no NaN; -0 is stored as 0).
std::uint64_t key_of(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

double value_of(std::uint64_t key) {
  const std::uint64_t bits = key >> 63 ? key & ~(std::uint64_t{1} << 63) : ~key;
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// The value of rank `rank` (0-based) of a selection, found a byte of its key at a time.
struct RankSought {
  std::size_t selection = 0;
  std::size_t rank = 0;
  std::uint64_t prefix = 0;  // the key's bytes found so far, in place
  int bits = 0;              // how many
  std::array<std::size_t, 256> counts{};

  bool shares_prefix(std::uint64_t key) const { return bits == 0 || (key >> (64 - bits)) == (prefix >> (64 - bits)); }
};

}  // namespace

template <class Visit>
void SpooledMedians::for_each(Visit&& visit) const {
  for (const Value& v : held_) visit(v.group, v.value);
  if (!file_) return;
  if (std::fseek(file_.get(), 0, SEEK_SET) != 0) median_spool_failed("cannot seek");
  std::vector<unsigned char> block(kMedianReadBlock * kValueBytes);
  for (std::size_t left = in_file_; left > 0;) {
    const std::size_t n = std::min(left, kMedianReadBlock);
    if (std::fread(block.data(), kValueBytes, n, file_.get()) != n) median_spool_failed("cannot read");
    for (std::size_t k = 0; k < n; ++k) {
      Value v;
      std::memcpy(&v.group, block.data() + k * kValueBytes, sizeof v.group);
      std::memcpy(&v.value, block.data() + k * kValueBytes + sizeof v.group, sizeof v.value);
      visit(v.group, v.value);
    }
    left -= n;
  }
}

void SpooledMedians::spill() {
  if (!file_) {
    file_.reset(std::tmpfile());
    if (!file_) median_spool_failed("cannot create it");
  }
  if (std::fseek(file_.get(), 0, SEEK_END) != 0) median_spool_failed("cannot seek");
  std::vector<unsigned char> bytes(held_.size() * kValueBytes);
  for (std::size_t k = 0; k < held_.size(); ++k) {
    std::memcpy(bytes.data() + k * kValueBytes, &held_[k].group, sizeof held_[k].group);
    std::memcpy(bytes.data() + k * kValueBytes + sizeof held_[k].group, &held_[k].value, sizeof held_[k].value);
  }
  if (std::fwrite(bytes.data(), kValueBytes, held_.size(), file_.get()) != held_.size()) median_spool_failed("cannot write");
  in_file_ += held_.size();
  held_.clear();
}

void SpooledMedians::add(std::uint32_t group, double value) {
  held_.push_back({group, value == 0 ? 0.0 : value});
  if (held_.size() >= kValuesInMemory) spill();
}

void SpooledMedians::add_all(const SpooledMedians& other, const std::vector<std::uint32_t>& group_here) {
  other.for_each([&](std::uint32_t group, double value) { add(group_here.at(group), value); });
}

std::vector<std::optional<Log10RatioSpread>> SpooledMedians::spreads(
    const std::vector<std::vector<std::uint32_t>>& selections) const {
  std::vector<std::vector<std::size_t>> selections_of;  // by group
  for (std::size_t s = 0; s < selections.size(); ++s)
    for (std::uint32_t g : selections[s]) {
      if (g >= selections_of.size()) selections_of.resize(std::size_t{g} + 1);
      selections_of[g].push_back(s);
    }
  const auto in_selections = [&](std::uint32_t g) -> const std::vector<std::size_t>* {
    return g < selections_of.size() ? &selections_of[g] : nullptr;
  };

  std::vector<Log10RatioSpread> spread(selections.size(), {0, std::numeric_limits<double>::infinity(), 0,
                                                            -std::numeric_limits<double>::infinity()});
  for_each([&](std::uint32_t g, double x) {
    if (const auto* in = in_selections(g))
      for (std::size_t s : *in) {
        ++spread[s].cases;
        spread[s].min = std::min(spread[s].min, x);
        spread[s].max = std::max(spread[s].max, x);
      }
  });

  // The two middle ranks of each selection (one for an odd count).
  std::vector<RankSought> sought;
  std::vector<std::vector<std::size_t>> sought_of(selections.size());
  for (std::size_t s = 0; s < selections.size(); ++s) {
    const std::size_t n = spread[s].cases;
    if (n == 0) continue;
    for (std::size_t rank : {(n - 1) / 2, n / 2}) {
      if (!sought_of[s].empty() && sought[sought_of[s].back()].rank == rank) continue;
      sought_of[s].push_back(sought.size());
      sought.push_back({s, rank});
    }
  }
  for (int byte = 0; byte < 8 && !sought.empty(); ++byte) {
    for (RankSought& r : sought) r.counts.fill(0);
    for_each([&](std::uint32_t g, double x) {
      const auto* in = in_selections(g);
      if (!in) return;
      const std::uint64_t key = key_of(x);
      for (std::size_t s : *in)
        for (std::size_t k : sought_of[s])
          if (sought[k].shares_prefix(key)) ++sought[k].counts[(key >> (56 - sought[k].bits)) & 0xff];
    });
    for (RankSought& r : sought) {
      std::size_t digit = 0;
      while (r.rank >= r.counts[digit]) r.rank -= r.counts[digit++];
      r.prefix |= static_cast<std::uint64_t>(digit) << (56 - r.bits);
      r.bits += 8;
    }
  }

  std::vector<std::optional<Log10RatioSpread>> out(selections.size());
  for (std::size_t s = 0; s < selections.size(); ++s) {
    if (spread[s].cases == 0) continue;
    const double lo = value_of(sought[sought_of[s].front()].prefix), hi = value_of(sought[sought_of[s].back()].prefix);
    spread[s].median = sought_of[s].size() == 1 ? lo : (lo + hi) / 2;
    out[s] = spread[s];
  }
  return out;
}

void SpooledMedians::write(ByteWriter& w) const {
  w.integer(size());
  for_each([&](std::uint32_t group, double value) {
    w.integer(group);
    w.real(value);
  });
}

SpooledMedians SpooledMedians::read(ByteReader& r) {
  SpooledMedians m;
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    const auto group = static_cast<std::uint32_t>(r.integer());
    m.add(group, r.real());
  }
  return m;
}

}  // namespace nb
