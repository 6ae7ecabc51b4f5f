#pragma once
// A vector of exact literals ("0.1", "1/3", "0x1.8p-2"), for tests whose inputs are not binary64.
#include <string>
#include <vector>

#include "verify/numbers/exact.hpp"

namespace nb::witness {

inline ExactTensor literal_vector(const std::vector<std::string>& texts) {
  return ExactTensor::from_json(nlohmann::json{{"shape", {texts.size()}}, {"values", texts}}, "literal vector");
}

}  // namespace nb::witness
