#pragma once
// The check every weight passes as it is read.
#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "models/gpt2/safetensors.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {

// The forward pass is meaningless on NaN or infinite weights (and its cases would fail later
// without a location), so each tensor is checked as it is read.
template <class T>
void require_finite(const SafetensorsFile& file, const std::string& name, std::span<const T> values,
                    std::size_t cols) {
  const auto bad = std::find_if(values.begin(), values.end(), [](T x) { return !std::isfinite(x); });
  if (bad == values.end()) return;
  const auto i = static_cast<std::size_t>(bad - values.begin());
  throw InputError(file.source() + ": tensor '" + name + "' holds " + (std::isnan(*bad) ? "NaN" : "an infinity") +
                   " at [" + (cols > 1 ? std::to_string(i / cols) + ", " + std::to_string(i % cols) : std::to_string(i)) +
                   "] (as the forward pass reads it); the weights must be finite");
}

}  // namespace nb::gpt2
