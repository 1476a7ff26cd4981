// HTML report: escaping, one row per entry, offline (no network references), atomic write.
#include "converter/view/html_report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace f2g::view {
namespace {

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

ReportRow row(const std::string& name, const std::string& status = "ok") {
  ReportRow r;
  r.name = name;
  r.input = "in/" + name + ".mesh";
  r.glb = "sws/" + name + ".glb";
  r.thumbnail = "sws/" + name + ".png";
  r.format = "sws";
  r.layout = "compiled";
  r.status = status;
  r.vertices = 24;
  r.triangles = 12;
  r.primitives = 2;
  return r;
}

TEST(HtmlReport, EscapesScriptTagsInEveryTextField) {
  ReportRow r = row("<script>alert(1)</script>");
  r.input = "x\"><script>bad()</script>";
  r.warnings = {"SWS_X: <script>w()</script>"};
  r.errors = {"<img src=x onerror=e()>"};
  r.status = "<b>failed</b>";
  const std::string html = render_html_report({r});
  EXPECT_EQ(count(html, "<script>"), 1u);  // the page's own script only
  EXPECT_EQ(count(html, "<img"), 1u);      // the thumbnail only
  EXPECT_EQ(count(html, "<b>failed"), 0u);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=e()&gt;"), std::string::npos);
  EXPECT_NE(html.find("x&quot;&gt;&lt;script&gt;"), std::string::npos);
}

TEST(HtmlReport, HasOneRowPerEntry) {
  std::vector<ReportRow> rows;
  for (int i = 0; i < 3000; ++i)
    rows.push_back(row("mesh_" + std::to_string(i), i % 3 ? "ok" : "failed"));
  const std::string html = render_html_report(rows);
  EXPECT_EQ(count(html, "<tr data-name="), 3000u);
  EXPECT_NE(html.find("data-name=\"mesh_2999\""), std::string::npos);
  // One page of 500 rows is laid out while the page loads; the script pages through the rest.
  EXPECT_EQ(count(html, "\" hidden>"), 2500u);
  EXPECT_EQ(html.find("data-name=\"mesh_499\" data-input=\"in/mesh_499.mesh\" data-status=\"ok\" "
                      "data-format=\"sws\" hidden>"),
            std::string::npos);
  EXPECT_NE(html.find("data-name=\"mesh_500\" data-input=\"in/mesh_500.mesh\" data-status=\"ok\" "
                      "data-format=\"sws\" hidden>"),
            std::string::npos);
  EXPECT_NE(html.find("<option value=\"failed\">failed (1000)</option>"), std::string::npos);
  EXPECT_NE(html.find("<option value=\"ok\">ok (2000)</option>"), std::string::npos);
  EXPECT_EQ(count(render_html_report({}), "<tr data-name="), 0u);
}

TEST(HtmlReport, ReferencesNothingOnTheNetwork) {
  ReportRow r = row("http://example.invalid/a");
  r.glb = "//host/x.glb";
  r.thumbnail = "https://cdn.invalid/x.png";
  r.warnings = {"see https://example.invalid"};
  const std::string html = render_html_report({r, row("b")});
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("href=\"//"), std::string::npos);
  EXPECT_EQ(html.find("src=\"//"), std::string::npos);
  EXPECT_EQ(count(html, "<link"), 0u);
  EXPECT_EQ(count(html, "<script src"), 0u);
  EXPECT_EQ(count(html, "@import"), 0u);
  EXPECT_NE(html.find("href=\"host/x.glb\""), std::string::npos);
  EXPECT_NE(html.find("src=\"https%3A//cdn.invalid/x.png\""), std::string::npos);
}

TEST(HtmlReport, LinksArePercentEncodedRelativePaths) {
  ReportRow r = row("a");
  r.glb = "dir with space/a#1?.glb";
  const std::string html = render_html_report({r});
  EXPECT_NE(html.find("href=\"dir%20with%20space/a%231%3F.glb\""), std::string::npos);
}

TEST(HtmlReport, RowShowsCountsStatusWarningsAndErrors) {
  ReportRow r = row("m", "warnings");
  r.bones = 7;
  r.targets = 3;
  r.warnings = {"W1", "W2"};
  r.errors = {"E1"};
  const std::string html = render_html_report({r});
  EXPECT_NE(html.find("data-v=\"7\">7</td>"), std::string::npos);
  EXPECT_NE(html.find("data-v=\"3\">3</td>"), std::string::npos);
  EXPECT_NE(html.find("2 warnings</summary><ul><li>W1</li><li>W2</li>"), std::string::npos);
  EXPECT_NE(html.find("1 error</summary><ul><li>E1</li>"), std::string::npos);
  EXPECT_NE(html.find("class=\"status st-warnings\">warnings<"), std::string::npos);
}

TEST(HtmlReport, ReportRowTakesCountsFromTheMesh) {
  ir::Mesh m;
  m.name = "n";
  m.source.format = "rr";
  m.source.layout = "ranged";
  m.vertex_count = 10;
  m.indices.resize(18);
  m.primitives = {{0, 0, 12, 0, 5, {}}, {0, 12, 6, 5, 5, {}}};
  m.skin = ir::Skin{};
  m.skin->bones.resize(4);
  m.morph_targets.resize(2);
  m.warnings.push_back({"RR_STALE_COUNT", "declared 9", "mesh/x", 16});
  const ReportRow r = report_row(m);
  EXPECT_EQ(r.name, "n");
  EXPECT_EQ(r.format, "rr");
  EXPECT_EQ(r.layout, "ranged");
  EXPECT_EQ(r.vertices, 10u);
  EXPECT_EQ(r.triangles, 6u);
  EXPECT_EQ(r.primitives, 2u);
  EXPECT_EQ(r.bones, 4u);
  EXPECT_EQ(r.targets, 2u);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("RR_STALE_COUNT"), std::string::npos);
}

TEST(HtmlReport, ReportRowOfAConvertResultLinksOutputsRelativeToOut) {
  namespace fs = std::filesystem;
  const fs::path out = fs::temp_directory_path() / ("f2g_html_row_" + std::to_string(::getpid()));
  fs::create_directories(out / "sws");
  std::ofstream(out / "sws" / "a.png") << "png";
  convert::FileResult done;
  done.input = "samples/sws/a.mesh";
  done.output = (out / "sws" / "a.glb").string();
  done.status = convert::Status::Converted;
  done.format = "sws";
  done.layout = "compiled";
  done.counts = {30, 10, 2, 5, 1};
  done.warnings.push_back({"SWS_W", "observed relation broken", "mesh/x", 9});
  const ReportRow r = report_row(done, out.string() + "/");  // a trailing '/' names the same OUT
  EXPECT_EQ(r.name, "a");
  EXPECT_EQ(r.input, "samples/sws/a.mesh");
  EXPECT_EQ(r.glb, "sws/a.glb");
  EXPECT_EQ(r.thumbnail, "sws/a.png");
  EXPECT_EQ(r.status, "converted");
  EXPECT_EQ(r.vertices, 30u);
  EXPECT_EQ(r.triangles, 10u);
  EXPECT_EQ(r.bones, 5u);
  EXPECT_EQ(r.targets, 1u);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("SWS_W"), std::string::npos);

  convert::FileResult failed;
  failed.input = "b.mesh";
  failed.status = convert::Status::Failed;
  failed.error = ir::Diagnostic{"FORMAT_UNRECOGNISED", "not a mesh", "mesh.class", 5};
  const ReportRow f = report_row(failed, out);
  EXPECT_EQ(f.status, "failed");
  EXPECT_TRUE(f.glb.empty());
  EXPECT_TRUE(f.thumbnail.empty());
  ASSERT_EQ(f.errors.size(), 1u);
  EXPECT_NE(f.errors[0].find("FORMAT_UNRECOGNISED"), std::string::npos);

  convert::FileResult kept;
  kept.input = "c.mesh";
  kept.output = (out / "c.glb").string();
  kept.status = convert::Status::Skipped;
  kept.reason = "up to date";
  const ReportRow k = report_row(kept, out);
  EXPECT_EQ(k.status, "skipped");
  EXPECT_EQ(k.glb, "c.glb");
  EXPECT_TRUE(k.thumbnail.empty());  // no c.png
  ASSERT_EQ(k.warnings.size(), 1u);
  EXPECT_EQ(k.warnings[0], "skipped: up to date");
  fs::remove_all(out);
}

TEST(HtmlReport, WriteCreatesIndexHtmlAtomically) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("f2g_html_" + std::to_string(::getpid())) / "out";
  const auto written = write_html_report(dir.string(), {row("a"), row("b")});
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(*written, (dir / "index.html").string());
  std::ifstream in(dir / "index.html");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), render_html_report({row("a"), row("b")}));
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1u);

  const auto failed = write_html_report((dir / "index.html").string(), {row("a")});
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().code, "OUTPUT_WRITE_FAILED");
  std::filesystem::remove_all(dir.parent_path());
}

}  // namespace
}  // namespace f2g::view
