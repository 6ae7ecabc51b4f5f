#include "bench/workload_file.hpp"

#include <fstream>
#include <sstream>

#include "verify/io/atomic_file.hpp"
#include "verify/io/errors.hpp"

namespace nb::bench {
namespace {

constexpr const char* kMagic = "normbound-bench-inputs";
constexpr int kVersion = 1;

// Reads the next token; InputError naming `what` at the end of the file.
std::string next(std::istream& in, const std::string& path, const std::string& what) {
  std::string token;
  if (!(in >> token)) throw InputError(path + ": ended where " + what + " was expected");
  return token;
}

std::size_t count(std::istream& in, const std::string& path, const std::string& what) {
  const std::string token = next(in, path, what);
  std::size_t used = 0;
  unsigned long long value = 0;
  try {
    value = std::stoull(token, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != token.size()) throw InputError(path + ": " + what + " '" + token + "' is not a count");
  return static_cast<std::size_t>(value);
}

// rows x cols hexadecimal floats, read as a case file's tensor (so exactly as ExactTensor reads
// them); InputError unless every entry is one (a decimal literal would not reach the peers exactly).
ExactTensor hex_tensor(std::istream& in, const std::string& path, const std::string& name) {
  const std::size_t rows = count(in, path, name + "'s rows"), cols = count(in, path, name + "'s columns");
  nlohmann::json values = nlohmann::json::array();
  for (std::size_t i = 0; i < rows * cols; ++i) values.push_back(next(in, path, name + "'s entries"));
  const ExactTensor t = ExactTensor::from_json({{"shape", {rows, cols}}, {"values", values}}, path + ": " + name);
  if (!t.all_dyadic()) throw InputError(path + ": " + name + " has an entry that is not a hexadecimal float");
  return t;
}

}  // namespace

void write_workload_file(const WorkloadFile& file, const std::string& path) {
  std::ostringstream out;
  out << kMagic << ' ' << kVersion << "\nseed " << file.seed << '\n';
  for (const Workload& w : file.workloads) {
    out << "workload " << w.theorem << ' ' << w.shape << '\n';
    for (const auto& [name, t] : w.input.numbers) {
      if (!t.all_dyadic()) throw InputError("workload " + workload_name(w) + ": " + name + " is not binary64");
      out << "number " << name << ' ' << t.rows() << ' ' << t.cols();
      for (std::size_t i = 0; i < t.size(); ++i) out << ' ' << t.text(i);
      out << '\n';
    }
    for (const auto& [name, value] : w.input.integers) out << "integer " << name << ' ' << value << '\n';
    out << "end\n";
  }
  write_file_atomically(path, out.str());
}

WorkloadFile read_workload_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot be read");
  if (next(in, path, "the header") != kMagic || next(in, path, "the version") != std::to_string(kVersion))
    throw InputError(path + ": not a '" + std::string(kMagic) + " " + std::to_string(kVersion) + "' file");
  WorkloadFile file;
  if (next(in, path, "'seed'") != "seed") throw InputError(path + ": 'seed' expected after the header");
  file.seed = count(in, path, "the seed");
  std::string token;
  while (in >> token) {
    if (token != "workload") throw InputError(path + ": 'workload' expected, found '" + token + "'");
    Workload w;
    w.theorem = next(in, path, "a theorem id");
    w.shape = next(in, path, "a shape");
    w.input.theorem = w.theorem;
    w.input.label = "bench " + w.shape;
    w.input.provenance = {{"source", "bench"}, {"seed", std::to_string(file.seed)}};
    for (token = next(in, path, "'end'"); token != "end"; token = next(in, path, "'end'")) {
      const std::string name = next(in, path, "a name");
      if (token == "integer") {
        w.input.integers[name] = static_cast<std::int64_t>(count(in, path, name));
      } else if (token == "number") {
        w.input.numbers[name] = hex_tensor(in, path, name);
      } else {
        throw InputError(path + ": 'number', 'integer' or 'end' expected in workload " + workload_name(w) +
                         ", found '" + token + "'");
      }
    }
    file.workloads.push_back(std::move(w));
  }
  return file;
}

}  // namespace nb::bench
