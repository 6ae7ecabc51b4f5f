#pragma once
// Model-derived and file inputs for theorems: a source spec becomes a list of cases whose numbers
// all carry the same names, so the CLI can run every theorem whose TheoremInfo::inputs they cover.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/case_list.hpp"

namespace nb::sources {

// What the command line asks for.
struct SourceRequest {
  // "gpt2:DIR"             tokenize text_file or text_string with DIR's vocab.json/merges.txt and
  //                        run the full model (needs a complete checkpoint);
  // "gpt2-positions:DIR"   the content-free positions path (works on a partial checkpoint);
  // "attention-dump:PATH"  one recorded dump or a directory of *.json dumps (sorted by name);
  // "file:PATH"            a JSON logits/queries file or a .npy logits array (see below).
  // "random" is not a model source (the theorems' own suites are): load_source refuses it.
  std::string spec;
  std::string text_file, text_string;  // gpt2:DIR only; exactly one of them
  std::vector<int> layers, heads;      // empty = all; every entry must be in range
  std::size_t max_tokens = 1024;       // >= 1; capped at the model's n_positions
  // Which query rows of each head become cases: "last", "all", or a positive integer K = K rows
  // evenly spaced, always including the last (all rows when K >= the row count).
  std::string rows = "last";
  // What plays x_i in vector theorems ("vectors"): hidden | values | keys | queries.
  std::string vectors = "values";
  // T of a .npy logits file (which has no place for one): an exact literal, e.g. "8" or "0.5".
  std::string temperature = "1";
};

// Every case a source yields.
struct ModelCases {
  // Theorem left empty; the caller assigns it. Built when asked: a model's rows share its heads'
  // activations, and only the rows under evaluation exist as cases.
  CaseList cases;
  std::vector<std::size_t> row_lengths; // of each case, its logits' length L (known without building it)
  std::vector<std::string> provided;    // the number names every case has, sorted
  std::string description;              // one line for reports, starting with the source as recorded
  std::vector<std::string> input_files; // files the numbers were read from (for the caller to hash)
  // The SHA-256 (lower-case hex) of input files read whole, computed as they were read, by file;
  // the caller hashes the others.
  std::map<std::string, std::string> input_sha256;
};

// Guarantees on success (t = query row, s = key index):
//  * every case has exactly the numbers named in `provided`, and label/provenance say where it
//    came from: provenance "source" (the spec), "layer", "head", "row", "tokens" (sequence
//    length), "vectors", and "file" where one file is the origin;
//  * gpt2 and gpt2-positions (float32 model): "query" = q_t [d], "keys" = k_0..k_t [(t+1) x d],
//    "values" = v_0..v_t [(t+1) x d], exact (float32 converts exactly to binary64); "logits" =
//    the binary64 dot products q_t.k_s of those exact float32 vectors, s <= t (each rounded once
//    per operation, so not exact); "T" = the model's float32 sqrt(head_dim), exactly
//    (8 for GPT-2), so softmax(logits / T) is the model's attention row up to float32 rounding;
//    "vectors" = rows 0..t of what request.vectors names: v, k, q, or the layer's input
//    [(t+1) x n_embd] (for gpt2-positions the position embeddings wpe, every layer's input
//    there). Cases come in the order layer, head, row.
//  * attention-dump: "logits" = the dump's qk_dot[l][h][t][0..t] as given (exact binary64);
//    "T" = 1 / logit_scale exactly (8 for 0.125); per dump, layer, head, row.
//  * file: JSON {"logits": [[...], ...], "T": "..."}: one case per row with "logits", "T";
//    JSON {"queries": [[...]], "keys": [[...]], "values": [[...]] (optional), "T": "..."}: one case
//    per query row with "query", all "keys", "values" if given, "T", and "logits" = binary64 dot
//    products of the entries' nearest doubles (rounded; the exact inputs are query and keys),
//    and "vectors" when request.vectors names an array the file has ("queries" only with one
//    query per key; never "hidden").
//    JSON numbers keep the text the user wrote ("0.1" is exactly 1/10, not the nearest double);
//    strings are exact literals as ExactTensor::literal reads them. (ExactTensor stores a
//    literal that is a binary64 value, like "0.5", as that dyadic; the value is the same.) A .npy file (1-D: one row, 2-D: one per row)
//    gives "logits" (its exact values) and "T" = request.temperature.
// Throws UsageError for a malformed spec or option (unknown kind, "random", empty path, layer or
// head out of range, bad rows/vectors/temperature, text with a non-gpt2 spec, max_tokens 0), and
// InputError naming the file and the rule for bad data (including a checkpoint that lacks the
// tensors a gpt2:DIR pass needs, named by the GPT-2 library, wte.weight first).
ModelCases load_source(const SourceRequest& request);

// Sets m.cases to `cases`, held, and m.row_lengths to their logits' lengths (every case has "logits").
void hold_cases(ModelCases& m, std::vector<Case> cases);

}  // namespace nb::sources
