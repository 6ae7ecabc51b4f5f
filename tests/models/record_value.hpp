#pragma once
// Reports a measured number (an error, a count) in the test log and in gtest's XML/JSON output.
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>

namespace nb::test {

inline void record_value(const std::string& key, double value) {
  std::ostringstream text;
  text << value;  // 6 significant digits: counts print whole, errors as 2.55e-06
  ::testing::Test::RecordProperty(key, text.str());
  std::cout << key << " = " << text.str() << "\n";
}

}  // namespace nb::test
