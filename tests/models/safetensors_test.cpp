// The safetensors reader: correct files parse to the stored values; every malformed file is an
// nb::InputError naming the tensor and the rule broken, never a crash or an out-of-bounds read.
#include "models/gpt2/safetensors.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>

#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_safetensors.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

using test::f32_bytes;
using test::safetensors_bytes;
using test::TestTensor;

std::vector<std::byte> u16_bytes(const std::vector<std::uint16_t>& values) {
  std::vector<std::byte> bytes;
  for (const auto v : values) {
    bytes.push_back(static_cast<std::byte>(v & 0xFF));
    bytes.push_back(static_cast<std::byte>(v >> 8));
  }
  return bytes;
}

// Expects parsing `bytes` to throw nb::InputError whose message contains every string in `parts`.
void expect_rejected(const std::vector<std::byte>& bytes, const std::vector<std::string>& parts) {
  try {
    SafetensorsFile::parse(bytes, "test.safetensors");
    ADD_FAILURE() << "accepted a malformed file; expected an error mentioning '" << parts.front() << "'";
  } catch (const InputError& e) {
    for (const auto& part : parts) EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("test.safetensors"), std::string::npos) << e.what();
  }
}

std::vector<std::byte> with_header(const std::string& header, std::size_t data_size) {
  return safetensors_bytes(header.size(), header, std::vector<std::byte>(data_size));
}

TEST(Safetensors, ParsesTensorsInOffsetOrderWithValuesAndMetadata) {
  const std::vector<TestTensor> tensors{
      {"b", "F32", {2, 3}, f32_bytes({1, 2, 3, 4, 5, 6.5f})},
      {"a", "F32", {2}, f32_bytes({-1, 0.25f})},
  };
  const std::string header = R"({"__metadata__":{"format":"pt"},)" + test::header_for(tensors).substr(1);
  std::vector<std::byte> data = tensors[0].data;
  data.insert(data.end(), tensors[1].data.begin(), tensors[1].data.end());
  const auto file = SafetensorsFile::parse(safetensors_bytes(header.size(), header, data), "t");
  ASSERT_EQ(file.tensors().size(), 2u);
  EXPECT_EQ(file.tensors()[0].name, "b");
  EXPECT_EQ(file.tensors()[1].name, "a");
  EXPECT_EQ(file.metadata().at("format"), "pt");
  const auto* b = file.find("b");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->shape, (std::vector<std::uint64_t>{2, 3}));
  EXPECT_EQ(b->element_count(), 6u);
  EXPECT_EQ(file.values<float>(*b), (std::vector<float>{1, 2, 3, 4, 5, 6.5f}));
  EXPECT_EQ(file.values<double>(*file.find("a")), (std::vector<double>{-1, 0.25}));
  EXPECT_EQ(file.find("c"), nullptr);
}

TEST(Safetensors, WidensF16ExactlyIncludingSubnormalsAndSpecials) {
  // Bit patterns and values from IEEE 754 binary16: 1, -2, max normal 65504, smallest subnormal
  // 2^-24, largest subnormal 1023 * 2^-24, smallest normal 2^-14, -0, +inf, -inf, NaN.
  const std::vector<std::uint16_t> bits{0x3C00, 0xC000, 0x7BFF, 0x0001, 0x03FF, 0x0400, 0x8000, 0x7C00, 0xFC00, 0x7E00};
  const auto file = SafetensorsFile::parse(safetensors_bytes({{"h", "F16", {10}, u16_bytes(bits)}}), "t");
  const auto v = file.values<double>(file.tensors()[0]);
  EXPECT_EQ(v[0], 1.0);
  EXPECT_EQ(v[1], -2.0);
  EXPECT_EQ(v[2], 65504.0);
  EXPECT_EQ(v[3], std::ldexp(1.0, -24));
  EXPECT_EQ(v[4], std::ldexp(1023.0, -24));
  EXPECT_EQ(v[5], std::ldexp(1.0, -14));
  EXPECT_TRUE(v[6] == 0.0 && std::signbit(v[6]));
  EXPECT_EQ(v[7], std::numeric_limits<double>::infinity());
  EXPECT_EQ(v[8], -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(v[9]));
}

TEST(Safetensors, WidensBF16AndF64Exactly) {
  // bfloat16 0x3F80 = 1, 0x4049 = 3.140625, 0x0001 = 2^-133 (a float subnormal), 0xFF80 = -inf.
  const auto bf16 = SafetensorsFile::parse(safetensors_bytes({{"b", "BF16", {4}, u16_bytes({0x3F80, 0x4049, 0x0001, 0xFF80})}}), "t");
  const auto b = bf16.values<float>(bf16.tensors()[0]);
  EXPECT_EQ(b[0], 1.0f);
  EXPECT_EQ(b[1], 3.140625f);
  EXPECT_EQ(b[2], std::ldexp(1.0f, -133));
  EXPECT_EQ(b[3], -std::numeric_limits<float>::infinity());

  std::vector<std::byte> f64(16);
  const double stored[2] = {0.1, -1e300};
  std::memcpy(f64.data(), stored, 16);
  const auto file = SafetensorsFile::parse(safetensors_bytes({{"d", "F64", {2}, f64}}), "t");
  EXPECT_EQ(file.values<double>(file.tensors()[0]), (std::vector<double>{0.1, -1e300}));
  const auto as_float = file.values<float>(file.tensors()[0]);
  EXPECT_EQ(as_float[0], 0.1f);  // rounded to nearest
  EXPECT_EQ(as_float[1], -std::numeric_limits<float>::infinity());
}

TEST(Safetensors, AcceptsScalarsEmptyTensorsAndIntegerDtypesButReadsOnlyFloats) {
  const auto file = SafetensorsFile::parse(safetensors_bytes({
                                               {"scalar", "F32", {}, f32_bytes({7})},
                                               {"empty", "F32", {0, 5}, {}},
                                               {"mask", "BOOL", {2, 2}, std::vector<std::byte>(4, std::byte{1})},
                                           }),
                                           "t");
  EXPECT_EQ(file.values<double>(*file.find("scalar")), (std::vector<double>{7}));
  EXPECT_TRUE(file.values<double>(*file.find("empty")).empty());
  EXPECT_THROW(file.values<float>(*file.find("mask")), InputError);
  std::vector<float> wrong_size(3);
  EXPECT_THROW(file.read_values<float>(*file.find("scalar"), wrong_size), UsageError);
}

TEST(SafetensorsMalformed, TruncatedFiles) {
  expect_rejected({std::byte{1}, std::byte{0}, std::byte{0}}, {"too short for the 8-byte header length"});
  auto good = safetensors_bytes({{"w", "F32", {4}, f32_bytes({1, 2, 3, 4})}});
  good.resize(20);  // cut inside the header
  expect_rejected(good, {"runs past the end"});
  auto cut_data = safetensors_bytes({{"w", "F32", {4}, f32_bytes({1, 2, 3, 4})}});
  cut_data.resize(cut_data.size() - 3);  // cut inside the data
  expect_rejected(cut_data, {"tensor 'w'", "out of bounds"});
}

TEST(SafetensorsMalformed, BadHeaderLength) {
  expect_rejected(safetensors_bytes(100'000'001, "{}", {}), {"exceeds the 100,000,000-byte limit"});
  expect_rejected(safetensors_bytes(std::numeric_limits<std::uint64_t>::max(), "{}", {}), {"exceeds"});
  expect_rejected(safetensors_bytes(3, "{}", {}), {"runs past the end"});
}

TEST(SafetensorsMalformed, HeaderNotJsonOrNotAnObject) {
  expect_rejected(with_header("{\"a\": ", 0), {"not valid JSON"});
  expect_rejected(with_header("{\"a\xff\": 1}", 0), {"not valid JSON"});
  expect_rejected(with_header("[1, 2]", 0), {"not a JSON object"});
  expect_rejected(with_header(R"({"w": 3})", 0), {"tensor 'w'", "not a JSON object"});
  expect_rejected(with_header(R"({"__metadata__": [1]})", 0), {"__metadata__"});
  expect_rejected(with_header(R"({"__metadata__": {"k": 1}})", 0), {"__metadata__", "'k'"});
}

TEST(SafetensorsMalformed, OverlappingGappedAndUncoveredOffsets) {
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                              R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                              12),
                  {"tensor 'b'", "overlap tensor 'a'"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                              R"("b":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})",
                              8),
                  {"overlap"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                              R"("b":{"dtype":"F32","shape":[2],"data_offsets":[12,20]}})",
                              20),
                  {"tensor 'b'", "gap"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 12), {"no tensor covers"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[4,4]}})", 4), {"tensor 'a'", "gap"});
}

TEST(SafetensorsMalformed, OffsetsOutOfBoundsOrInvalid) {
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 4), {"tensor 'a'", "out of bounds"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[18446744073709551608,18446744073709551615]}})", 8),
                  {"tensor 'a'", "out of bounds"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})", 8), {"tensor 'a'", "backwards"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0]}})", 8), {"tensor 'a'", "data_offsets"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8.0]}})", 8), {"tensor 'a'", "data_offsets"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[-1,8]}})", 8), {"tensor 'a'", "data_offsets"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[2]}})", 8), {"tensor 'a'", "data_offsets"});
}

TEST(SafetensorsMalformed, WrongDtypeSizeUnknownDtypeAndBadShape) {
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 8),
                  {"tensor 'a'", "needs 12 bytes but data_offsets span 8"});
  expect_rejected(with_header(R"({"a":{"dtype":"F16","shape":[3],"data_offsets":[0,12]}})", 12), {"tensor 'a'", "needs 6 bytes"});
  expect_rejected(with_header(R"({"a":{"dtype":"F128","shape":[1],"data_offsets":[0,16]}})", 16), {"tensor 'a'", "unknown dtype 'F128'"});
  expect_rejected(with_header(R"({"a":{"dtype":7,"shape":[1],"data_offsets":[0,4]}})", 4), {"tensor 'a'", "dtype"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", 4), {"tensor 'a'", "shape holds -1"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}})", 4), {"tensor 'a'", "shape holds 1.5"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":{},"data_offsets":[0,4]}})", 4), {"tensor 'a'", "shape"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"x":1}})", 4),
                  {"tensor 'a'", "unexpected field 'x'"});
}

TEST(SafetensorsMalformed, HugeShapeOverflows) {
  // 2^32 * 2^32 elements overflow 64 bits; 2^62 F32 elements overflow only when times 4 bytes.
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,4]}})", 4),
                  {"tensor 'a'", "overflows"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[4611686018427387904],"data_offsets":[0,4]}})", 4),
                  {"tensor 'a'", "overflows"});
  // Still malformed when another extent is zero.
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[0,4294967296,4294967296],"data_offsets":[0,0]}})", 0),
                  {"tensor 'a'", "overflows"});
}

TEST(SafetensorsMalformed, DuplicateNames) {
  expect_rejected(with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                              R"("a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                              8),
                  {"repeats the key 'a'"});
  expect_rejected(with_header(R"({"a":{"dtype":"F32","dtype":"F16","shape":[1],"data_offsets":[0,4]}})", 4),
                  {"repeats the key 'dtype'"});
}

TEST(SafetensorsMalformed, FilesOnDiskThatAreMissingOrTruncated) {
  const test::ScratchDirectory dir;
  EXPECT_THROW(SafetensorsFile::read(dir.path() / "absent.safetensors"), InputError);
  EXPECT_THROW(SafetensorsFile::read(dir.path()), InputError);
  auto bytes = safetensors_bytes({{"w", "F32", {4}, f32_bytes({1, 2, 3, 4})}});
  bytes.resize(bytes.size() - 1);
  test::write_bytes(dir.path() / "cut.safetensors", bytes);
  try {
    SafetensorsFile::read(dir.path() / "cut.safetensors");
    ADD_FAILURE() << "accepted a truncated file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cut.safetensors"), std::string::npos) << e.what();
  }
}

TEST(Safetensors, ReadingFromDiskGivesWhatParsingTheBytesGives) {
  const test::ScratchDirectory dir;
  // 70,000 elements: more than one of read_values' chunks.
  std::vector<float> many(70'000);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<float>(i) * 0.5f - 7.25f;
  const auto bytes = safetensors_bytes({
      {"small", "F32", {2}, f32_bytes({-1, 0.25f})},
      {"half", "F16", {3}, u16_bytes({0x3C00, 0x7C00, 0x0001})},
      {"many", "F32", {700, 100}, f32_bytes(many)},
  });
  test::write_bytes(dir.path() / "w.safetensors", bytes);
  const auto on_disk = SafetensorsFile::read(dir.path() / "w.safetensors");
  const auto in_memory = SafetensorsFile::parse(bytes, "w");
  ASSERT_EQ(on_disk.tensors().size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(on_disk.tensors()[i].name, in_memory.tensors()[i].name);
    EXPECT_EQ(on_disk.values<double>(on_disk.tensors()[i]), in_memory.values<double>(in_memory.tensors()[i]));
  }
  EXPECT_EQ(on_disk.values<float>(*on_disk.find("many")), many);
}

TEST(SafetensorsMalformed, AFileCutAfterItsHeaderWasReadIsAnErrorNamingIt) {
  const test::ScratchDirectory dir;
  const auto bytes = safetensors_bytes({{"a", "F32", {2}, f32_bytes({1, 2})}, {"b", "F32", {4}, f32_bytes({1, 2, 3, 4})}});
  const auto path = dir.path() / "cut-later.safetensors";
  test::write_bytes(path, bytes);
  const auto file = SafetensorsFile::read(path);
  std::filesystem::resize_file(path, bytes.size() - 4);  // b's last element is gone
  EXPECT_EQ(file.values<float>(*file.find("a")), (std::vector<float>{1, 2}));
  try {
    file.values<float>(*file.find("b"));
    ADD_FAILURE() << "read a tensor past the end of the file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cut-later.safetensors"), std::string::npos) << e.what();
  }
}

// Random corruptions of a valid file must be rejected cleanly or parse to something readable.
// Run under AddressSanitizer this also checks that no corruption causes an out-of-bounds read.
TEST(SafetensorsMalformed, RandomCorruptionsNeverCrash) {
  const std::uint64_t seed = 0x5afe7e45;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const auto valid = safetensors_bytes({
      {"a", "F32", {2, 2}, f32_bytes({1, 2, 3, 4})},
      {"b", "F16", {3}, u16_bytes({0x3C00, 0x7C00, 0x0001})},
      {"c", "BF16", {1}, u16_bytes({0x3F80})},
  });
  int rejected = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    auto bytes = valid;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      switch (rng() % 3) {
        case 0: bytes[rng() % bytes.size()] = static_cast<std::byte>(rng() & 0xFF); break;
        case 1: bytes.resize(rng() % (bytes.size() + 1)); break;
        default: bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(rng() % (bytes.size() + 1)), static_cast<std::byte>(rng() & 0xFF));
      }
      if (bytes.empty()) break;
    }
    try {
      const auto file = SafetensorsFile::parse(bytes, "fuzz");
      for (const auto& t : file.tensors()) {
        try {
          file.values<double>(t);
        } catch (const InputError&) {  // non-float dtype after corruption: a clean refusal
        }
      }
    } catch (const InputError&) {
      ++rejected;
    }
  }
  EXPECT_GT(rejected, 1000);  // almost every corruption breaks a rule
}

}  // namespace
}  // namespace nb::gpt2
