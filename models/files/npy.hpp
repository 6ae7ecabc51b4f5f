#pragma once
// NumPy .npy arrays (format versions 1.0, 2.0 and 3.0), the interchange format of golden data and
// user-supplied vectors. Only what normbound consumes is accepted: little-endian float32 or
// float64, C order, one or two axes.
#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace nb::files {

// A dense array read from a .npy file.
struct NpyArray {
  std::vector<std::size_t> shape;  // one or two extents
  std::vector<double> values;      // C (row-major) order; values.size() == product of shape
};

// Parses the complete contents of a .npy file; `name` is used in error messages. Guarantees:
// values are the stored float32/float64 numbers converted exactly to double (NaN and infinities
// pass through). Throws nb::InputError naming `name` and the rule broken if: the magic string or
// version (1.0, 2.0, 3.0) is wrong; the header runs past the end or is not the dictionary
// {'descr', 'fortran_order', 'shape'}; descr is not '<f4' or '<f8'; fortran_order is True; the
// shape has other than 1 or 2 axes; or shape x item size (overflow-checked) differs from the
// number of data bytes.
NpyArray parse_npy(std::span<const std::byte> bytes, const std::string& name);

// Reads and parses the .npy file at `path` (see parse_npy; errors name the path).
NpyArray read_npy(const std::filesystem::path& path);

}  // namespace nb::files
