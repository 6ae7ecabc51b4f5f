#include "models/sources/attention_dump_source.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>

#include "models/gpt2/attention_dump.hpp"
#include "models/sources/attention_row_case.hpp"
#include "models/sources/selection.hpp"
#include "verify/io/errors.hpp"

namespace nb::sources {

namespace fs = std::filesystem;

std::vector<fs::path> dump_files(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return {path};  // read_attention_dump names a missing file
  std::vector<fs::path> files;
  for (fs::directory_iterator it(path, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->is_regular_file(ec) && it->path().extension() == ".json") files.push_back(it->path());
  if (ec) throw InputError(path.string() + ": cannot list the directory (" + ec.message() + ")");
  std::sort(files.begin(), files.end());
  if (files.empty()) throw InputError(path.string() + ": directory has no *.json attention dumps");
  return files;
}

ExactTensor dump_temperature(double logit_scale, const fs::path& file) {
  const double t = 1.0 / logit_scale;
  if (!std::isfinite(t) || std::fma(t, logit_scale, -1.0) != 0.0)
    throw InputError(file.string() + ": logit_scale " + exact_decimal_or_hex(logit_scale) +
                     " has no exact binary64 reciprocal, so T = 1/logit_scale is not exact");
  return ExactTensor::scalar(t);
}

ModelCases load_attention_dump_source(const SourceRequest& request, const SourceSpec& spec) {
  ModelCases result;
  std::vector<Case> cases;
  const auto files = dump_files(spec.path);
  for (const fs::path& file : files) {
    const gpt2::AttentionDump dump = gpt2::read_attention_dump(file);
    const ExactTensor temperature = dump_temperature(dump.logit_scale, file);
    const auto rows = select_rows(request.rows, dump.length());
    for (int layer : select_indices(request.layers, dump.n_layer, "layer"))
      for (int head : select_indices(request.heads, dump.n_head, "head"))
        for (int t : rows) {
          Case c;
          set_row_identity(c, layer, head, t);
          c.label = file.stem().string() + " " + c.label;
          const auto& qk = dump.qk(layer, head);
          c.numbers["logits"] = ExactTensor::vector(std::vector<double>(qk.row(t).begin(), qk.row(t).begin() + t + 1));
          c.numbers["T"] = temperature;
          c.provenance["file"] = file.string();
          c.provenance["tokens"] = std::to_string(dump.length());
          c.provenance["vectors"] = request.vectors;
          cases.push_back(std::move(c));
        }
    result.input_files.push_back(file.string());
  }
  hold_cases(result, std::move(cases));
  result.provided = {"T", "logits"};
  result.description = std::to_string(files.size()) + " dump(s), " +
                       std::to_string(result.cases.size()) + " rows (" + request.rows + " per head)";
  return result;
}

}  // namespace nb::sources
