#include "verify/io/json_document.hpp"


#include "verify/io/errors.hpp"

namespace nb {

void require_json_depth(std::string_view text, const std::string& source) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // the escaped character cannot end the string
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw InputError(source + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                         " levels at byte " + std::to_string(i) + " (the limit on JSON nesting of every input)");
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

nlohmann::json parse_json(std::string_view text, const std::string& source,
                          const nlohmann::json::parser_callback_t& callback) {
  require_json_depth(text, source);
  try {
    return nlohmann::json::parse(text.begin(), text.end(), callback);
  } catch (const nlohmann::json::exception& e) {  // parse_error, or out_of_range for a number like 1e999
    throw InputError(source + ": not valid JSON (" + e.what() + ")");
  }
}

}  // namespace nb
