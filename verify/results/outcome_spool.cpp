#include "verify/results/outcome_spool.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <sys/types.h>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

// What stands in a theorem's "outcomes" of the dumped document until the spooled ones replace it.
std::string placeholder(std::size_t theorem) { return "<spooled outcomes of theorem " + std::to_string(theorem) + ">"; }

[[noreturn]] void spool_failed(const char* what) {
  throw WriteError(std::string("the temporary file of every outcome (--json): ") + what + ": " + std::strerror(errno));
}

}  // namespace

OutcomeSpool::OutcomeSpool(std::vector<std::size_t> cases_per_theorem)
    : cases_per_theorem_(std::move(cases_per_theorem)), file_(std::tmpfile(), &std::fclose) {
  if (!file_) spool_failed("cannot create it");
}

void OutcomeSpool::add(std::size_t first, const std::vector<CaseOutcome>& outcomes) {
  if (std::fseek(file_.get(), size_, SEEK_SET) != 0) spool_failed("cannot seek");
  chunks_.push_back({first, outcomes.size(), size_});
  for (const CaseOutcome& o : outcomes) {
    const std::string line = outcome_to_json(o).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (std::fwrite(line.data(), 1, line.size(), file_.get()) != line.size()) spool_failed("cannot write");
    size_ += static_cast<long>(line.size());
  }
}

void OutcomeSpool::write_results(const RunResults& bounded, const std::function<void(const std::string&)>& write) const {
  std::vector<Chunk> chunks = chunks_;
  std::sort(chunks.begin(), chunks.end(), [](const Chunk& a, const Chunk& b) { return a.first < b.first; });
  // Theorem t's refs are [start[t], start[t + 1]); its outcomes are those spooled there.
  std::vector<std::size_t> start{0};
  for (std::size_t n : cases_per_theorem_) start.push_back(start.back() + n);
  if (bounded.theorems.size() != cases_per_theorem_.size())
    throw std::logic_error("the spooled outcomes are of another run's theorems");
  std::vector<std::size_t> spooled(cases_per_theorem_.size(), 0);
  for (const Chunk& c : chunks)
    for (std::size_t t = 0; t < cases_per_theorem_.size(); ++t) {
      const std::size_t lo = std::max(c.first, start[t]), hi = std::min(c.first + c.count, start[t + 1]);
      if (lo < hi) spooled[t] += hi - lo;
    }

  nlohmann::json document = results_to_json(bounded);
  for (std::size_t t = 0; t < document["theorems"].size(); ++t) {
    nlohmann::json& theorem = document["theorems"][t];
    theorem.erase("kept");
    theorem["cases"] = spooled[t];
    theorem["outcomes"] = placeholder(t);
  }
  const std::string text = document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";

  std::FILE* file = file_.get();
  std::size_t chunk = 0, left = chunks.empty() ? 0 : chunks[0].count;
  if (!chunks.empty() && std::fseek(file, chunks[0].offset, SEEK_SET) != 0) spool_failed("cannot seek");
  char* line = nullptr;
  std::size_t capacity = 0;
  const auto next_line = [&]() -> std::string {
    const ::ssize_t n = ::getline(&line, &capacity, file);
    if (n <= 1) spool_failed("cannot read it back");
    return std::string(line, static_cast<std::size_t>(n - 1));
  };
  std::size_t at = 0;
  try {
    for (std::size_t t = 0; t < cases_per_theorem_.size(); ++t) {
      const std::string mark = "\"" + placeholder(t) + "\"";
      const std::size_t found = text.find(mark, at);
      if (found == std::string::npos) throw std::logic_error("no place for the spooled outcomes in the results");
      write(text.substr(at, found - at));
      at = found + mark.size();
      std::string outcomes = "[";
      for (std::size_t k = 0; k < spooled[t]; ++k) {
        while (left == 0) {
          ++chunk;
          left = chunks[chunk].count;
          if (std::fseek(file, chunks[chunk].offset, SEEK_SET) != 0) spool_failed("cannot seek");
        }
        outcomes += (k == 0 ? "\n" : ",\n") + next_line();
        --left;
        if (outcomes.size() > (1u << 20)) {
          write(outcomes);
          outcomes.clear();
        }
      }
      write(outcomes + (spooled[t] > 0 ? "\n]" : "]"));
    }
    write(text.substr(at));
  } catch (...) {
    std::free(line);
    throw;
  }
  std::free(line);
}

}  // namespace nb
