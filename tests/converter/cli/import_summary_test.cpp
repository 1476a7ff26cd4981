// The import summary is one schema for every game (docs/usage.md "The import summary"): a
// sample of each registered format with a rebuild, converted and imported back with
// --dry-run --json, gives the same top-level keys and types, `details.ranges` as
// {before, after} counts and `details.materials_dropped` as a list, every before/after pair
// as one {before, after} object, and a detail key two formats both write of one JSON type.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "formats/registry.h"
#include "tests/support/converter_test_util.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string kTool = std::string(F2G_BINARY_DIR) + "/forge2gltf";

// The first sample of the format, by name (none: an empty path).
fs::path first_sample(const f2g::Format& f) {
  std::vector<fs::path> all;
  std::error_code ec;
  for (fs::directory_iterator it(fs::path(F2G_SOURCE_DIR) / "samples" / f.name, ec), end;
       !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".mesh") all.push_back(it->path());
  std::sort(all.begin(), all.end());
  return all.empty() ? fs::path() : all.front();
}

// The --dry-run --json summary of the sample imported from its own convert output.
Json summary_of(const fs::path& sample, const fs::path& dir) {
  const f2g::testing::RunResult c =
      f2g::testing::run(kTool, {"convert", sample.string(), "-o", dir.string()});
  EXPECT_EQ(c.code, 0) << c.err;
  const fs::path glb = dir / (sample.stem().string() + ".glb");
  const f2g::testing::RunResult r =
      f2g::testing::run(kTool, {"import", glb.string(), "--donor", sample.string(), "-o",
                                (dir / "new.mesh").string(), "--dry-run", "--json"});
  EXPECT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out, nullptr, false);
  EXPECT_TRUE(j.is_object() && j["ok"] == true) << r.out;
  EXPECT_FALSE(fs::exists(dir / "new.mesh")) << "--dry-run wrote the mesh";
  return j.is_object() && j.contains("summary") ? j["summary"] : Json();
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(ImportSummary, EveryFormatWritesOneSchema) {
  f2g::testing::ScratchDir scratch;
  std::map<std::string, Json> by_format;
  for (const f2g::Format* f : f2g::registered_formats()) {
    if (!f->rebuild) continue;
    const fs::path sample = first_sample(*f);
    ASSERT_FALSE(sample.empty()) << "no sample of " << f->name << " under samples/";
    const fs::path dir = scratch.path() / f->name;
    fs::create_directories(dir);
    by_format[f->name] = summary_of(sample, dir);
  }
  ASSERT_GE(by_format.size(), 2u);

  std::map<std::string, std::pair<std::string, Json::value_t>> top, detail;  // key: format, type
  for (const auto& [format, s] : by_format) {
    SCOPED_TRACE(format);
    ASSERT_TRUE(s.is_object());
    EXPECT_EQ(s["format"], format);
    for (const char* k : {"vertices", "vertices_kept", "vertices_new", "triangles",
                          "donor_vertices", "donor_triangles", "influences_dropped", "bytes",
                          "donor_bytes", "joints_matched", "joints_unmatched"})
      EXPECT_TRUE(s.contains(k) && s[k].is_number_unsigned()) << k;
    EXPECT_TRUE(s["donor_order"].is_boolean());
    for (const char* k : {"materials", "computed", "dropped_attributes"})
      EXPECT_TRUE(s[k].is_array()) << k;
    const Json& d = s["details"];
    ASSERT_TRUE(d.is_object());
    ASSERT_TRUE(d.contains("ranges") && d["ranges"].is_object());
    EXPECT_TRUE(d["ranges"]["before"].is_number_unsigned());
    EXPECT_TRUE(d["ranges"]["after"].is_number_unsigned());
    EXPECT_EQ(d["ranges"]["before"], d["ranges"]["after"]) << "an unedited import";
    ASSERT_TRUE(d.contains("materials_dropped"));
    EXPECT_TRUE(d["materials_dropped"].is_array());
    EXPECT_TRUE(d["materials_dropped"].empty());
    for (const auto& [key, value] : d.items()) {
      for (const char* tail : {"_before", "_after", "_old", "_new"})
        EXPECT_FALSE(ends_with(key, tail)) << key << ": before/after is one {before, after}";
      if (value.is_object() && (value.contains("before") || value.contains("after"))) {
        EXPECT_TRUE(value.contains("before") && value.contains("after")) << key;
        EXPECT_EQ(value["before"].type(), value["after"].type()) << key;
      }
      const auto [it, fresh] = detail.emplace(key, std::make_pair(format, value.type()));
      if (!fresh) {
        EXPECT_EQ(it->second.second, value.type())
            << "details." << key << " is one type in " << it->second.first << ", another here";
      }
    }
    for (const auto& [key, value] : s.items()) {
      const auto [it, fresh] = top.emplace(key, std::make_pair(format, value.type()));
      if (!fresh) {
        EXPECT_EQ(it->second.second, value.type()) << key;
      }
    }
  }
  // Every format has every top-level key.
  for (const auto& [format, s] : by_format)
    for (const auto& [key, first] : top) EXPECT_TRUE(s.contains(key)) << format << ": " << key;
}

}  // namespace
