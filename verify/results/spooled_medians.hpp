#pragma once
// Medians of more values than memory should hold, exact. Each value is kept with its group (12
// bytes), in memory up to kValuesInMemory values and beyond them in a temporary file, so memory
// does not grow with the values (the file does, by 12 bytes each). A median is found by counting:
// the k-th smallest value is the one whose order-preserving 64-bit key has the digits found one
// byte at a time, each by counting the values that share the digits found so far in one pass over
// them (8 passes, 256 counters per rank sought). It is the very median that sorting every value
// gives (median_of_sorted: the mean of the two middle values for an even count).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "verify/engine/process_bytes.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb {

// Values held in memory before the spool moves them to its file.
inline constexpr std::size_t kValuesInMemory = std::size_t{1} << 16;

class SpooledMedians {
 public:
  SpooledMedians() = default;
  SpooledMedians(SpooledMedians&&) noexcept = default;
  SpooledMedians& operator=(SpooledMedians&&) noexcept = default;

  // Adds `value` (not NaN; -0 counts as 0) to group `group`. Throws WriteError when the temporary
  // file cannot be made or written.
  void add(std::uint32_t group, double value);
  // Adds every value of `other`, its group g becoming group_here[g].
  void add_all(const SpooledMedians& other, const std::vector<std::uint32_t>& group_here);

  std::size_t size() const { return in_file_ + held_.size(); }

  // Per selection (a set of groups), the count, smallest, median and largest of its groups'
  // values; nothing for a selection without values.
  std::vector<std::optional<Log10RatioSpread>> spreads(const std::vector<std::vector<std::uint32_t>>& selections) const;

  // Every value and its group as exact bytes (an MPI rank's chunk, verify/engine/process_bytes.hpp).
  void write(ByteWriter& w) const;
  static SpooledMedians read(ByteReader& r);

 private:
  struct Value {
    std::uint32_t group;
    double value;
  };
  template <class Visit>
  void for_each(Visit&& visit) const;
  void spill();

  std::vector<Value> held_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &std::fclose};
  std::size_t in_file_ = 0;
};

}  // namespace nb
