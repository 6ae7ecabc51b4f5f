// The .npy reader on files the test writes byte by byte (well-formed and malformed). Files written
// by NumPy itself are read by forward_test (the golden activations).
#include "models/files/npy.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_safetensors.hpp"
#include "verify/io/errors.hpp"

namespace nb::files {
namespace {

// A .npy file of format `major`.0 with the given header dictionary text, padded with spaces and
// a newline to a multiple of 64 bytes as NumPy does, followed by `data`.
std::vector<std::byte> npy_bytes(int major, const std::string& dict, const std::vector<std::byte>& data) {
  const std::size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::vector<std::byte> bytes;
  for (const char c : std::string("\x93NUMPY")) bytes.push_back(static_cast<std::byte>(c));
  bytes.push_back(static_cast<std::byte>(major));
  bytes.push_back(std::byte{0});
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  for (std::size_t i = 0; i < length_bytes; ++i) bytes.push_back(static_cast<std::byte>((header.size() >> (8 * i)) & 0xFF));
  for (const char c : header) bytes.push_back(static_cast<std::byte>(c));
  bytes.insert(bytes.end(), data.begin(), data.end());
  return bytes;
}

std::vector<std::byte> f64_bytes(const std::vector<double>& values) {
  std::vector<std::byte> bytes(values.size() * 8);
  std::memcpy(bytes.data(), values.data(), bytes.size());  // the test hosts are little-endian
  return bytes;
}

void expect_rejected(const std::vector<std::byte>& bytes, const std::string& part) {
  try {
    parse_npy(bytes, "test.npy");
    ADD_FAILURE() << "accepted a malformed file; expected an error mentioning '" << part << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("test.npy"), std::string::npos) << e.what();
  }
}

TEST(Npy, ReadsVersion1Float64Matrix) {
  const std::vector<double> values{1.5, -2, 1e-300, std::numeric_limits<double>::infinity(), 0.1, 7};
  const auto array = parse_npy(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", f64_bytes(values)), "m");
  EXPECT_EQ(array.shape, (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(array.values, values);
}

TEST(Npy, ReadsVersion2And3Float32VectorsExactly) {
  const std::vector<float> values{0.1f, -3.25f, std::numeric_limits<float>::denorm_min()};
  for (const int major : {2, 3}) {
    const auto array = parse_npy(npy_bytes(major, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", test::f32_bytes(values)), "v");
    EXPECT_EQ(array.shape, (std::vector<std::size_t>{3}));
    ASSERT_EQ(array.values.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(array.values[i], static_cast<double>(values[i]));
  }
}

TEST(Npy, AcceptsKeyOrderDoubleQuotesAndEmptyArrays) {
  const auto array = parse_npy(npy_bytes(1, R"({"shape": (0, 4), "fortran_order": False, "descr": "<f8"})", {}), "e");
  EXPECT_EQ(array.shape, (std::vector<std::size_t>{0, 4}));
  EXPECT_TRUE(array.values.empty());
}

TEST(Npy, ReadsFromDiskAndNamesMissingFiles) {
  const test::ScratchDirectory dir;
  test::write_bytes(dir.path() / "a.npy", npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", f64_bytes({42})));
  EXPECT_EQ(read_npy(dir.path() / "a.npy").values, (std::vector<double>{42}));
  try {
    read_npy(dir.path() / "absent.npy");
    ADD_FAILURE() << "read a file that does not exist";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("absent.npy"), std::string::npos);
  }
}

TEST(NpyMalformed, MagicVersionAndTruncation) {
  auto bytes = npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", f64_bytes({1}));
  auto bad_magic = bytes;
  bad_magic[1] = std::byte{'X'};
  expect_rejected(bad_magic, "magic");
  auto bad_version = bytes;
  bad_version[6] = std::byte{4};
  expect_rejected(bad_version, "version 4.0");
  auto bad_minor = bytes;
  bad_minor[7] = std::byte{1};
  expect_rejected(bad_minor, "version 1.1");
  expect_rejected(std::vector<std::byte>(bytes.begin(), bytes.begin() + 9), "header length field");
  expect_rejected(std::vector<std::byte>(bytes.begin(), bytes.begin() + 40), "runs past the end");
  expect_rejected(std::vector<std::byte>(bytes.begin(), bytes.end() - 1), "needs 8 data bytes but the file holds 7");
  auto extra = bytes;
  extra.push_back(std::byte{0});
  expect_rejected(extra, "needs 8 data bytes but the file holds 9");
}

TEST(NpyMalformed, UnsupportedDtypeOrderOrRank) {
  const auto data = f64_bytes({1, 2, 3, 4, 5, 6, 7, 8});
  expect_rejected(npy_bytes(1, "{'descr': '>f8', 'fortran_order': False, 'shape': (8,), }", data), "'>f8'");
  expect_rejected(npy_bytes(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (8,), }", data), "'<i8'");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 4), }", data), "fortran_order");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2, 2), }", data), "3 axes");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", f64_bytes({1})), "0 axes");
}

TEST(NpyMalformed, HeaderSyntaxAndOverflow) {
  const auto data = f64_bytes({1});
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'shape': (1,), }", data), "lacks one of the keys");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", data), "repeats the key");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}", data), "unexpected key 'x'");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,), }", data), "True or False");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }", data), "non-integer extent");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,) ", data), "expects");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), } trailing", data), "after the dictionary");
  expect_rejected(npy_bytes(1, "{'descr: '<f8', 'fortran_order': False, 'shape': (1,), }", data), "expects");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }", data), "overflows 64 bits");
  expect_rejected(npy_bytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", data), "overflows 64 bits");
}

}  // namespace
}  // namespace nb::files
