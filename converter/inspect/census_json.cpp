#include "converter/inspect/census_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace f2g::census {
namespace {

using nlohmann::json;

// Whole numbers as JSON integers (field values are mostly u8/u32), the rest as doubles.
json number(double v) {
  if (std::isfinite(v) && v == std::floor(v)) {
    if (v >= 0 && v < 18446744073709551616.0) return static_cast<uint64_t>(v);
    if (v < 0 && v >= -9223372036854775808.0) return static_cast<int64_t>(v);
  }
  return v;
}

json example(const Example& e) {
  return {{"file", e.file},
          {"code", e.where.code},
          {"path", e.where.path},
          {"offset", e.where.offset},
          {"message", e.where.message}};
}

json examples(const std::vector<Example>& v) {
  json a = json::array();
  for (const Example& e : v) a.push_back(example(e));
  return a;
}

json group(const FailureGroup& g) {
  return {{"count", g.count}, {"examples", examples(g.examples)}};
}

}  // namespace

std::vector<std::pair<double, uint64_t>> top_values(const FieldTally& field, size_t n) {
  std::vector<std::pair<double, uint64_t>> v(field.values.begin(), field.values.end());
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  if (v.size() > n) v.resize(n);
  return v;
}

nlohmann::json to_json(const CensusReport& r) {
  json formats = json::object();
  for (const auto& [name, f] : r.formats) {
    json layouts = json::object();
    for (const auto& [layout, n] : f.layouts) layouts[layout] = n;
    json unresolved = json::array();
    for (const auto& [hash, n] : unresolved_by_frequency(f)) {
      char h[12];
      std::snprintf(h, sizeof h, "0x%08X", hash);
      unresolved.push_back({{"hash", h}, {"bones", n}});
    }
    formats[name] = {{"files", f.files},
                     {"read", f.read},
                     {"failed", f.failed},
                     {"layouts", layouts},
                     {"bones", f.bones},
                     {"bones_resolved", f.bones_resolved},
                     {"skins_paired", f.skins_paired},
                     {"skins_partly_paired", f.skins_partly_paired},
                     {"skins_unpaired", f.skins_unpaired},
                     {"unresolved_hashes", unresolved}};
  }
  json failures = json::object();
  for (const auto& [code, g] : r.failures) failures[code] = group(g);

  json checks = json::array();
  for (const CheckTally& c : r.checks) {
    json j = {{"name", c.name},
              {"code", c.code},
              {"severity", c.severity},
              {"statement", c.statement},
              {"held", c.held},
              {"evaluated", c.evaluated},
              {"evaluations", c.evaluations},
              {"failed_evaluations", c.failed_evaluations},
              {"counterexamples", json::array()}};
    for (const Example& e : c.counterexamples) {
      json x = example(e);
      x.erase("code");  // the check's own code
      j["counterexamples"].push_back(x);
    }
    if (!c.in_catalogue) j["in_catalogue"] = false;
    checks.push_back(j);
  }

  json fields = json::object();
  for (const auto& [name, f] : r.fields) {
    json top = json::array();
    for (const auto& [v, n] : top_values(f, kTopValues))
      top.push_back({{"value", number(v)}, {"count", n}});
    const bool any = f.count > f.nan_count;
    fields[name] = {{"count", f.count},
                    {"files", f.files},
                    {"distinct", f.distinct()},
                    {"distinct_capped", f.capped},
                    {"nan", f.nan_count},
                    {"min", any ? number(f.min) : json(nullptr)},
                    {"max", any ? number(f.max) : json(nullptr)},
                    {"top", top}};
  }

  json vertex_formats = json::object();
  for (const auto& [key, v] : r.vertex_formats)
    vertex_formats[key] = {{"format", v.format},     {"entry", v.entry},
                           {"meshes", v.meshes},     {"read", v.read},
                           {"relation", v.relation}, {"evaluated", v.evaluated},
                           {"held", v.held}};

  json doc = {{"files", r.files},
              {"formats", formats},
              {"unrecognised", group(r.unrecognised)},
              {"failures", failures},
              {"checks", checks},
              {"fields", fields},
              {"vertex_formats", vertex_formats}};
  if (const ArchiveCensus& a = r.archives; a.archives) {  // only with archives among the inputs
    doc["archives"] = {{"archives", a.archives}, {"read", a.read},
                       {"entries", a.entries},   {"entry_status", a.entry_status},
                       {"classes", a.classes},   {"compressions", a.compressions},
                       {"warnings", a.warnings}};
    if (!a.forms.empty()) doc["archives"]["forms"] = a.forms;  // version 25 only
  }
  return doc;
}

}  // namespace f2g::census
