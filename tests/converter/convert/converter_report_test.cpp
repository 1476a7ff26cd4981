#include <gtest/gtest.h>
#include <sys/stat.h>

#include <thread>

#include "converter/convert/report.h"
#include "converter/convert/version.h"
#include "converter/io/progress.h"
#include "tests/support/converter_test_util.h"

namespace f2g::convert {
namespace {

using f2g::testing::list_files;
using f2g::testing::read_text;
using f2g::testing::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

std::vector<FileResult> sample_results() {
  FileResult ok;
  ok.input = "in/a.mesh";
  ok.output = "out/a.glb";
  ok.status = Status::Converted;
  ok.format = "sws";
  ok.layout = "compiled";
  ok.counts = Counts{24, 12, 2, 3, 1};
  ok.warnings = {ir::Diagnostic{"SWS_X", "odd", "mesh/x", 0x10},
                 ir::Diagnostic{"SWS_Y", "odder", "mesh/y", 0x20}};
  ok.bytes_in = 100;
  ok.bytes_out = 300;
  FileResult skipped;
  skipped.input = "in/readme.txt";
  skipped.status = Status::Skipped;
  skipped.reason = "not a recognised mesh";
  skipped.bytes_in = 7;
  FileResult bad;
  bad.input = "in/b.mesh";
  bad.status = Status::Failed;
  bad.error = ir::Diagnostic{"SWS_TRUNCATED", "needs 4 bytes", "mesh/bones[0].id", 0x16};
  bad.warnings = {ir::Diagnostic{"SWS_X", "odd", "mesh/x", 0x10}};
  bad.bytes_in = 20;
  return {ok, skipped, bad};
}

TEST(Report, HasToolVersionInputsAndTotals) {
  const auto results = sample_results();
  const json r = report_json(results, totals_of(results, 1.5));
  EXPECT_EQ(r["tool"], "forge2gltf");
  EXPECT_EQ(r["version"], version());
  ASSERT_EQ(r["inputs"].size(), 3u);

  const json& a = r["inputs"][0];
  for (const char* key : {"input", "output", "status", "format", "layout", "counts", "warnings",
                          "error", "bytes_in", "bytes_out"})
    EXPECT_TRUE(a.contains(key)) << key;
  EXPECT_EQ(a["input"], "in/a.mesh");
  EXPECT_EQ(a["output"], "out/a.glb");
  EXPECT_EQ(a["status"], "converted");
  EXPECT_EQ(a["format"], "sws");
  EXPECT_EQ(a["layout"], "compiled");
  EXPECT_EQ(
      a["counts"],
      (json{{"vertices", 24}, {"triangles", 12}, {"primitives", 2}, {"bones", 3}, {"targets", 1}}));
  EXPECT_TRUE(a["error"].is_null());
  ASSERT_EQ(a["warnings"].size(), 2u);
  EXPECT_EQ(a["warnings"][0],
            (json{{"code", "SWS_X"}, {"message", "odd"}, {"path", "mesh/x"}, {"offset", 16}}));
  EXPECT_EQ(a["bytes_in"], 100);
  EXPECT_EQ(a["bytes_out"], 300);

  const json& s = r["inputs"][1];
  EXPECT_EQ(s["status"], "skipped");
  EXPECT_EQ(s["reason"], "not a recognised mesh");
  EXPECT_TRUE(s["output"].is_null());
  EXPECT_TRUE(s["format"].is_null());

  const json& b = r["inputs"][2];
  EXPECT_EQ(b["status"], "failed");
  EXPECT_EQ(b["error"]["code"], "SWS_TRUNCATED");
  EXPECT_EQ(b["error"]["path"], "mesh/bones[0].id");
  EXPECT_EQ(b["error"]["offset"], 0x16);

  const json& t = r["totals"];
  EXPECT_EQ(t["inputs"], 3);
  EXPECT_EQ(t["converted"], 1);
  EXPECT_EQ(t["skipped"], 1);
  EXPECT_EQ(t["failed"], 1);
  EXPECT_EQ(t["warnings"], 3);
  EXPECT_EQ(t["failures_by_code"], (json{{"SWS_TRUNCATED", 1}}));
  EXPECT_EQ(t["warnings_by_code"], (json{{"SWS_X", 2}, {"SWS_Y", 1}}));
  EXPECT_EQ(t["counts"]["vertices"], 24);
  EXPECT_EQ(t["bytes_in"], 127);
  EXPECT_EQ(t["bytes_out"], 300);
  EXPECT_DOUBLE_EQ(t["seconds"].get<double>(), 1.5);
}

TEST(Report, IsWrittenAtomicallyAndReplacesAnOlderOne) {
  ScratchDir d;
  f2g::testing::write_text(d / "r.json", "old");
  const auto results = sample_results();
  EXPECT_FALSE(write_report(d / "r.json", report_json(results, totals_of(results, 0))));
  const json back = json::parse(read_text(d / "r.json"));
  EXPECT_EQ(back["inputs"].size(), 3u);
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"r.json"}));
}

TEST(ReportWriter, StreamsTheSameDocumentAsReportJson) {
  ScratchDir d;
  const auto results = sample_results();
  const Totals totals = totals_of(results, 0.25);
  {
    ReportWriter w(d / "sub/r.json");  // creates the directory
    ASSERT_FALSE(w.error().has_value());
    for (const FileResult& r : results) w.add(r);
    EXPECT_TRUE(list_files(d.path()).size() == 1u);  // only the temp file so far
    EXPECT_FALSE(w.finish(totals).has_value());
  }
  const std::string text = read_text(d / "sub/r.json");
  EXPECT_EQ(text, report_json(results, totals).dump(2) + "\n");
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"sub/r.json"}));
}

// --report /dev/stdout (a fifo here): the report streams into it; the node is not replaced.
TEST(ReportWriter, AStreamDestinationGetsTheDocumentAndStays) {
  ScratchDir d;
  const auto results = sample_results();
  const Totals totals = totals_of(results, 0.25);
  const fs::path fifo = d / "r.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = read_text(fifo); });
  {
    ReportWriter w(fifo);
    ASSERT_FALSE(w.error().has_value());
    for (const FileResult& r : results) w.add(r);
    EXPECT_FALSE(w.finish(totals).has_value());
  }
  reader.join();
  EXPECT_EQ(received, report_json(results, totals).dump(2) + "\n");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(list_files(d.path()).empty());  // no temp left (a fifo is no regular file)
}

TEST(ReportWriter, AnEmptyRunIsAValidReport) {
  ScratchDir d;
  ReportWriter w(d / "r.json");
  EXPECT_FALSE(w.finish(totals_of({}, 0)).has_value());
  EXPECT_EQ(read_text(d / "r.json"), report_json({}, totals_of({}, 0)).dump(2) + "\n");
}

TEST(ReportWriter, AnUnfinishedWriterLeavesNothingBehind) {
  ScratchDir d;
  f2g::testing::write_text(d / "r.json", "previous");
  {
    ReportWriter w(d / "r.json");
    w.add(sample_results()[0]);
  }
  EXPECT_EQ(read_text(d / "r.json"), "previous");
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"r.json"}));
}

TEST(ReportWriter, AnUnwritablePathIsReportedBeforeAnything) {
  ScratchDir d;
  f2g::testing::write_text(d / "file", "x");
  ReportWriter w(d / "file/r.json");
  ASSERT_TRUE(w.error().has_value());
  EXPECT_EQ(w.error()->code, "REPORT_WRITE_FAILED");
  EXPECT_TRUE(w.finish(totals_of({}, 0)).has_value());
}

TEST(Report, InvalidUtf8InANameDoesNotStopTheReport) {
  ScratchDir d;
  FileResult r;
  r.input = "in/\xff\xfe.mesh";
  r.status = Status::Failed;
  r.error = ir::Diagnostic{"INPUT_NOT_FOUND", "no such file", "", 0};
  EXPECT_FALSE(write_report(d / "r.json", report_json({r}, totals_of({r}, 0))));
  EXPECT_TRUE(json::parse(read_text(d / "r.json"))["inputs"][0]["input"].is_string());
}

TEST(Totals, ExitCodeIsOneExactlyWhenSomethingFailed) {
  auto results = sample_results();
  EXPECT_EQ(exit_code_of(totals_of(results, 0)), 1);
  results.pop_back();
  EXPECT_EQ(exit_code_of(totals_of(results, 0)), 0);
  EXPECT_EQ(exit_code_of(totals_of({}, 0)), 0);
}

TEST(Totals, SummaryNamesCountsAndCodes) {
  const auto results = sample_results();
  const std::string s = summary_text(totals_of(results, 2.0));
  EXPECT_NE(s.find("1 converted, 1 skipped, 1 failed (3 inputs)"), std::string::npos) << s;
  EXPECT_NE(s.find("failures: SWS_TRUNCATED 1"), std::string::npos) << s;
  EXPECT_NE(s.find("warnings: SWS_X 2 SWS_Y 1"), std::string::npos) << s;
  EXPECT_NE(s.find("127 B in, 300 B out"), std::string::npos) << s;
}

TEST(FailureLine, NamesInputFieldPathOffsetAndCode) {
  EXPECT_EQ(
      failure_line("in/b.mesh",
                   ir::Diagnostic{"SWS_TRUNCATED", "needs 4 bytes", "mesh/bones[0].id", 0x1A2C}),
      "forge2gltf: in/b.mesh: mesh/bones[0].id: needs 4 bytes (offset 0x1A2C) [SWS_TRUNCATED]");
  // A failure that is not about a byte of the input has no offset.
  EXPECT_EQ(failure_line("in/b.mesh", ir::Diagnostic{"OUTPUT_EXISTS", "out/b.glb exists", "", 0}),
            "forge2gltf: in/b.mesh: out/b.glb exists [OUTPUT_EXISTS]");
}

TEST(Progress, LineShowsDoneTotalRateFailuresAndEta) {
  io::ProgressState s{10, 100, 5'000'000, 50'000'000, 2, 1.0};
  EXPECT_EQ(io::progress_line(s), "[ 10/100]    5.0 MB/s  2 failed  ETA 0:09");
  s.elapsed = 0.1;  // too early for an estimate
  EXPECT_NE(io::progress_line(s).find("ETA --:--"), std::string::npos);
  s = io::ProgressState{1, 2, 1'000'000, 3'601'000'000, 0, 1.0};  // 3600 s left at 1 MB/s
  EXPECT_NE(io::progress_line(s).find("ETA 1:00:00"), std::string::npos) << io::progress_line(s);
}

}  // namespace
}  // namespace f2g::convert
