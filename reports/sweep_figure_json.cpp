#include "reports/sweep_figure_json.hpp"

#include "reports/shortest_number_text.hpp"
#include "verify/io/errors.hpp"

namespace nb::reports {
namespace {

nlohmann::json numbers_json(const std::vector<double>& values) {
  nlohmann::json j = nlohmann::json::array();
  for (const double v : values) j.push_back(shortest_number_text(v));
  return j;
}

std::vector<double> numbers_from(const nlohmann::json& j) {
  std::vector<double> values;
  for (const nlohmann::json& v : j) values.push_back(number_of_text(v.get<std::string>()));
  return values;
}

}  // namespace

nlohmann::json sweep_figure_json(const SweepFigure& f) {
  nlohmann::json series = nlohmann::json::array(), boxes = nlohmann::json::array();
  for (const SweepSeries& s : f.series)
    series.push_back({{"name", s.name}, {"x", numbers_json(s.x)}, {"y", numbers_json(s.y)}, {"dashed", s.dashed}});
  for (const SweepBox& b : f.boxes)
    boxes.push_back(numbers_json({b.x, b.min, b.lower_quartile, b.median, b.upper_quartile, b.max}));
  return {{"name", f.name},       {"title", f.title}, {"x_label", f.x_label},
          {"y_label", f.y_label}, {"log_x", f.log_x}, {"log_y", f.log_y},
          {"series", series},     {"boxes", boxes},   {"vertical_lines", numbers_json(f.vertical_lines)}};
}

SweepFigure sweep_figure_from_json(const nlohmann::json& j) {
  const std::string name = j.is_object() && j.contains("name") && j["name"].is_string() ? j["name"].get<std::string>() : "?";
  try {
    SweepFigure f{j.at("name").get<std::string>(), j.at("title").get<std::string>(), j.at("x_label").get<std::string>(),
                  j.at("y_label").get<std::string>(), j.at("log_x").get<bool>(), j.at("log_y").get<bool>(), {}, {},
                  numbers_from(j.at("vertical_lines"))};
    for (const nlohmann::json& s : j.at("series")) {
      SweepSeries series{s.at("name").get<std::string>(), numbers_from(s.at("x")), numbers_from(s.at("y")),
                         s.at("dashed").get<bool>()};
      if (series.x.size() != series.y.size()) throw InputError("a series has " + std::to_string(series.x.size()) +
                                                               " x values and " + std::to_string(series.y.size()) + " y values");
      f.series.push_back(std::move(series));
    }
    for (const nlohmann::json& b : j.at("boxes")) {
      const std::vector<double> v = numbers_from(b);
      if (v.size() != 6) throw InputError("a box has " + std::to_string(v.size()) + " numbers, not 6");
      f.boxes.push_back({v[0], v[1], v[2], v[3], v[4], v[5]});
    }
    return f;
  } catch (const nlohmann::json::exception& e) {
    throw InputError("figure '" + name + "': " + e.what());
  } catch (const InputError& e) {
    throw InputError("figure '" + name + "': " + e.what());
  }
}

}  // namespace nb::reports
