#pragma once
// How file paths appear in what normbound records (results, reports, case files, the command
// line): never as an absolute path of the machine that ran it, so that a report can be published
// or moved. The files themselves are identified by their SHA-256 in the results.
#include <string>

namespace nb {

// `path` unchanged when relative (as the user typed it); an absolute path below the working
// directory relative to it; any other absolute path as ".../" and its last component
// ("/data/models/gpt2" -> ".../gpt2"). Never throws (without a working directory, the last form).
std::string recorded_path(const std::string& path);

// A source spec "KIND:PATH" with its PATH through recorded_path ("gpt2-positions:/data/gpt2" ->
// "gpt2-positions:.../gpt2"); a spec without ':' (e.g. "random") unchanged.
std::string recorded_spec(const std::string& spec);

// One command-line argument as recorded: an absolute path, the path of "--option=PATH" and of a
// "KIND:PATH" spec through recorded_path; anything else unchanged.
std::string recorded_argument(const std::string& argument);

}  // namespace nb
