// The batch runner on the encoders' samples, written to a scratch directory: real decoding
// and writing, with failures made by truncating a sample or injecting a write fault.
#include <gtest/gtest.h>

#include <cstdio>
#include <mutex>

#include "converter/convert/batch.h"
#include "samples/generator/game_samples.h"
#include "tests/support/converter_test_util.h"

namespace f2g::convert {
namespace {

using f2g::testing::lines_of;
using f2g::testing::list_files;
using f2g::testing::read_file;
using f2g::testing::ScratchDir;
using f2g::testing::write_file;
using f2g::testing::write_text;
namespace fs = std::filesystem;

std::vector<samples::SampleFile> all_samples() {
  std::vector<samples::SampleFile> all = samples::sws_samples();
  for (auto& s : samples::rr_samples()) all.push_back(std::move(s));
  return all;
}

// Writes every sample under `root`; returns the .glb names they should give.
std::vector<std::string> write_samples(const fs::path& root) {
  std::vector<std::string> glbs;
  for (const auto& s : all_samples()) {
    write_file(root / s.path, s.bytes);
    glbs.push_back(fs::path(s.path).replace_extension(".glb").generic_string());
  }
  std::sort(glbs.begin(), glbs.end());
  return glbs;
}

struct BatchRun {
  BatchResult result;
  std::string err;  // what the batch printed on its error stream
};

BatchRun convert(const std::vector<std::string>& inputs, const fs::path& out,
                 const ConvertOptions& options = {}, unsigned jobs = 2) {
  const auto job_list = io::expand_inputs(inputs, out);
  const auto plan = plan_outputs(job_list, out, options.gltf);
  std::FILE* err = std::tmpfile();
  BatchOptions batch;
  batch.jobs = jobs;
  batch.err = err;
  batch.keep_results = true;
  BatchRun run{run_batch(job_list, plan, options, batch), ""};
  std::rewind(err);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, err)) > 0;) run.err.append(buf, n);
  std::fclose(err);
  return run;
}

class Batch : public ::testing::Test {
 protected:
  void SetUp() override {
    glbs_ = write_samples(dir_ / "in");
    ASSERT_GE(glbs_.size(), 2u) << "the sample generator made fewer than 2 samples";
    first_sws_ = dir_ / "in" / samples::sws_samples().at(0).path;
  }
  ScratchDir dir_;
  std::vector<std::string> glbs_;
  fs::path first_sws_;
};

TEST_F(Batch, ConvertsEverySampleToOneGlbInInputOrder) {
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(list_files(dir_ / "out"), glbs_);
  ASSERT_EQ(run.result.files.size(), glbs_.size());
  for (size_t i = 0; i < glbs_.size(); ++i) {
    const FileResult& r = run.result.files[i];
    EXPECT_EQ(r.status, Status::Converted) << r.input;
    EXPECT_EQ(r.output, (dir_ / "out" / glbs_[i]).string());  // sorted input order
    EXPECT_FALSE(r.format.empty());
    EXPECT_FALSE(r.layout.empty());
    EXPECT_GT(r.counts.vertices, 0u);
    EXPECT_GT(r.counts.triangles, 0u);
    EXPECT_GT(r.bytes_in, 0u);
    EXPECT_EQ(r.bytes_out, fs::file_size(r.output));
    const std::vector<uint8_t> glb = read_file(r.output);
    ASSERT_GE(glb.size(), 12u);
    EXPECT_EQ(std::string(glb.begin(), glb.begin() + 4), "glTF");
  }
  EXPECT_EQ(run.result.totals.converted, glbs_.size());
}

TEST_F(Batch, OneBadInputFailsWhileTheOthersConvert) {
  std::vector<uint8_t> cut = read_file(first_sws_);
  cut.resize(cut.size() / 2);
  write_file(dir_ / "in/zz_truncated.mesh", cut);
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 1);
  EXPECT_EQ(run.result.totals.failed, 1u);
  EXPECT_EQ(run.result.totals.converted, glbs_.size());
  EXPECT_EQ(list_files(dir_ / "out"), glbs_);  // no output, partial or whole, for the bad one
  const FileResult& bad = run.result.files.back();
  EXPECT_EQ(bad.status, Status::Failed);
  ASSERT_TRUE(bad.error.has_value());
  EXPECT_EQ(bad.error->code.rfind("SWS_", 0), 0u) << bad.error->code;
  EXPECT_TRUE(bad.output.empty());
  const auto lines = lines_of(run.err);
  ASSERT_EQ(lines.size(), 1u) << run.err;
  EXPECT_EQ(lines[0], failure_line(bad.input, *bad.error));
  EXPECT_NE(lines[0].find("zz_truncated.mesh"), std::string::npos);
}

TEST_F(Batch, NonMeshFilesInAWalkedDirectoryAreSkipped) {
  write_text(dir_ / "in/notes.txt", "not a mesh at all, just some words");
  write_text(dir_ / "in/tiny", "x");
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 0) << run.err;
  EXPECT_EQ(run.result.totals.skipped, 2u);
  EXPECT_EQ(list_files(dir_ / "out"), glbs_);
  for (const FileResult& r : run.result.files) {
    if (r.status != Status::Skipped) continue;
    EXPECT_EQ(r.reason, "not a recognised mesh");
    EXPECT_FALSE(r.error.has_value());
  }
}

TEST_F(Batch, StrictFailsNonMeshFilesInAWalkedDirectory) {
  write_text(dir_ / "in/notes.txt", "not a mesh at all, just some words");
  ConvertOptions strict;
  strict.strict = true;
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out", strict);
  EXPECT_EQ(run.result.exit_code, 1);
  EXPECT_EQ(run.result.totals.failed, 1u);
  EXPECT_EQ(run.result.totals.failures_by_code.at("FORMAT_UNRECOGNISED"), 1u);
  EXPECT_EQ(run.result.totals.converted, glbs_.size());
}

// A broken symlink in the tree is accounted for (skipped, with why), not silently left out;
// --strict fails it like any other non-mesh.
TEST_F(Batch, ABrokenSymlinkInAWalkedDirectoryIsSkippedOrFailsUnderStrict) {
  std::filesystem::create_symlink(dir_ / "nowhere.mesh", dir_ / "in/zz_broken.mesh");
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 0) << run.err;
  EXPECT_EQ(run.result.totals.skipped, 1u);
  EXPECT_EQ(run.result.totals.converted, glbs_.size());
  const FileResult& last = run.result.files.back();
  EXPECT_EQ(last.status, Status::Skipped);
  EXPECT_EQ(last.reason, "a symbolic link to nothing");
  EXPECT_NE(last.input.find("zz_broken.mesh"), std::string::npos);

  ConvertOptions strict;
  strict.strict = true;
  const BatchRun run2 = convert({(dir_ / "in").string()}, dir_ / "out2", strict);
  EXPECT_EQ(run2.result.exit_code, 1);
  EXPECT_EQ(run2.result.totals.failures_by_code.at("INPUT_NOT_A_FILE"), 1u);
}

TEST_F(Batch, ANamedNonMeshFileFails) {
  write_text(dir_ / "notes.txt", "not a mesh at all, just some words");
  const BatchRun run = convert({(dir_ / "notes.txt").string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 1);
  ASSERT_EQ(run.result.files.size(), 1u);
  EXPECT_EQ(run.result.files[0].error->code, "FORMAT_UNRECOGNISED");
  EXPECT_NE(run.err.find("[FORMAT_UNRECOGNISED]"), std::string::npos);
}

TEST_F(Batch, UpToDateOutputsAreSkippedOlderOnesFailAndForceReplaces) {
  const std::string in = first_sws_.string();
  ASSERT_EQ(convert({in}, dir_ / "out").result.exit_code, 0);
  const fs::path glb = dir_ / "out" / first_sws_.filename().replace_extension(".glb");
  ASSERT_TRUE(fs::exists(glb));

  BatchRun again = convert({in}, dir_ / "out");
  EXPECT_EQ(again.result.exit_code, 0);
  EXPECT_EQ(again.result.files[0].status, Status::Skipped);
  EXPECT_EQ(again.result.files[0].reason, "up to date");
  EXPECT_EQ(again.result.files[0].output, glb.string());

  // The input changed after the output was made: refuse to overwrite without --force.
  write_text(glb, "stale");
  fs::last_write_time(first_sws_, fs::last_write_time(glb) + std::chrono::seconds(10));
  BatchRun stale = convert({in}, dir_ / "out");
  EXPECT_EQ(stale.result.exit_code, 1);
  EXPECT_EQ(stale.result.files[0].error->code, "OUTPUT_EXISTS");
  EXPECT_NE(stale.result.files[0].error->message.find("--force"), std::string::npos);
  EXPECT_EQ(f2g::testing::read_text(glb), "stale");

  ConvertOptions force;
  force.force = true;
  BatchRun forced = convert({in}, dir_ / "out", force);
  EXPECT_EQ(forced.result.exit_code, 0);
  EXPECT_EQ(forced.result.files[0].status, Status::Converted);
  EXPECT_NE(f2g::testing::read_text(glb), "stale");
  EXPECT_EQ(list_files(dir_ / "out").size(), 1u);
}

TEST_F(Batch, AFailedWriteLeavesNoOutput) {
  ConvertOptions faulty;
  faulty.fault = [](const std::string& step, const fs::path&) { return step == "write"; };
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out", faulty);
  EXPECT_EQ(run.result.exit_code, 1);
  EXPECT_EQ(run.result.totals.failed, glbs_.size());
  EXPECT_EQ(run.result.totals.failures_by_code.at("OUTPUT_WRITE_FAILED"), glbs_.size());
  EXPECT_TRUE(list_files(dir_ / "out").empty());  // not even a temp file
  EXPECT_EQ(lines_of(run.err).size(), glbs_.size());
}

TEST_F(Batch, AVerifyHookFailureWritesNothingForThatInput) {
  ConvertOptions verifying;
  size_t calls = 0;
  std::mutex m;
  const std::string victim = first_sws_.filename().string();
  verifying.verify = [&](const VerifyInput& in,
                         std::vector<ir::Diagnostic>&) -> std::optional<ir::Diagnostic> {
    std::lock_guard<std::mutex> lock(m);
    ++calls;
    EXPECT_FALSE(in.written.glb.empty());
    EXPECT_FALSE(in.bytes.empty());
    if (fs::path(in.job.relative).filename() == victim)
      return ir::Diagnostic{"VERIFY_MISMATCH", "POSITION differs", "mesh/positions[0]", 0x30};
    return std::nullopt;
  };
  const BatchRun run = convert({(dir_ / "in").string()}, dir_ / "out", verifying);
  EXPECT_EQ(calls, glbs_.size());
  EXPECT_EQ(run.result.exit_code, 1);
  EXPECT_EQ(run.result.totals.failed, 1u);
  EXPECT_EQ(list_files(dir_ / "out").size(), glbs_.size() - 1);
}

TEST_F(Batch, GltfWritesAGltfAndItsBin) {
  ConvertOptions gltf;
  gltf.gltf = true;
  const BatchRun run = convert({first_sws_.string()}, dir_ / "out", gltf);
  ASSERT_EQ(run.result.exit_code, 0) << run.err;
  const std::string stem = first_sws_.stem().string();
  EXPECT_EQ(list_files(dir_ / "out"), (std::vector<std::string>{stem + ".bin", stem + ".gltf"}));
  const std::string json = f2g::testing::read_text(dir_ / "out" / (stem + ".gltf"));
  EXPECT_NE(json.find("\"" + stem + ".bin\""), std::string::npos);  // the bin's uri
  EXPECT_EQ(run.result.files[0].bytes_out, fs::file_size(dir_ / "out" / (stem + ".gltf")) +
                                               fs::file_size(dir_ / "out" / (stem + ".bin")));
}

TEST_F(Batch, ResultsDoNotDependOnTheThreadCount) {
  const BatchRun one = convert({(dir_ / "in").string()}, dir_ / "out1", {}, 1);
  const BatchRun four = convert({(dir_ / "in").string()}, dir_ / "out4", {}, 4);
  ASSERT_EQ(one.result.files.size(), four.result.files.size());
  for (size_t i = 0; i < one.result.files.size(); ++i) {
    EXPECT_EQ(one.result.files[i].input, four.result.files[i].input);
    EXPECT_EQ(read_file(one.result.files[i].output), read_file(four.result.files[i].output))
        << one.result.files[i].input;
  }
}

TEST_F(Batch, TwoInputsWithOneOutputNameFailTheSecond) {
  write_file(dir_ / "a/m.mesh", read_file(first_sws_));
  write_file(dir_ / "b/m.mesh", read_file(first_sws_));
  const BatchRun run =
      convert({(dir_ / "a/m.mesh").string(), (dir_ / "b/m.mesh").string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 1);
  EXPECT_EQ(run.result.files[0].status, Status::Converted);
  EXPECT_EQ(run.result.files[1].error->code, "OUTPUT_COLLISION");
  EXPECT_EQ(list_files(dir_ / "out"), (std::vector<std::string>{"m.glb"}));
}

TEST_F(Batch, ResultsAreHandedOnInInputOrderWithoutKeepingThem) {
  const auto job_list = io::expand_inputs({(dir_ / "in").string()});
  const auto plan = plan_outputs(job_list, dir_ / "out", false);
  BatchOptions batch;
  batch.jobs = 3;
  std::vector<std::string> seen;
  batch.on_result = [&seen](const FileResult& r) { seen.push_back(r.input); };
  const BatchResult result = run_batch(job_list, plan, {}, batch);
  EXPECT_TRUE(result.files.empty());  // keep_results is off
  ASSERT_EQ(seen.size(), job_list.size());
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], job_list[i].display);
  EXPECT_EQ(result.totals.inputs, job_list.size());
  EXPECT_EQ(result.totals.converted, glbs_.size());
}

TEST_F(Batch, AMissingInputFailsAndTheRestConvert) {
  const BatchRun run = convert({(dir_ / "nope.mesh").string(), first_sws_.string()}, dir_ / "out");
  EXPECT_EQ(run.result.exit_code, 1);
  EXPECT_EQ(run.result.files[0].error->code, "INPUT_NOT_FOUND");
  EXPECT_EQ(run.result.files[1].status, Status::Converted);
  EXPECT_EQ(lines_of(run.err),
            (std::vector<std::string>{"forge2gltf: " + (dir_ / "nope.mesh").string() +
                                      ": no such file or directory [INPUT_NOT_FOUND]"}));
}

}  // namespace
}  // namespace f2g::convert

namespace f2g::convert {
namespace {

// A stop (Ctrl-C) after the first result: nothing new starts, what was started is complete
// and reported in input order, and no partial or temp file is left.
TEST_F(Batch, StopStartsNoFurtherInputAndLeavesOnlyCompleteOutputs) {
  for (const unsigned jobs : {1u, 2u}) {
    const fs::path out = dir_ / ("out" + std::to_string(jobs));
    const auto job_list = io::expand_inputs({(dir_ / "in").string()}, out);
    const auto plan = plan_outputs(job_list, out, false);
    std::atomic<bool> stop{false};
    BatchOptions batch;
    batch.jobs = jobs;
    batch.keep_results = true;
    batch.stop = &stop;
    std::vector<std::string> seen;
    batch.on_result = [&](const FileResult& r) { seen.push_back(r.input); };
    ConvertOptions options;
    options.fault = [&stop](const std::string&, const fs::path&) {
      stop = true;  // the signal arrives while the first output is being written
      return false;
    };
    const BatchResult result = run_batch(job_list, plan, options, batch);
    EXPECT_TRUE(result.interrupted) << jobs;
    // Each worker had at most one input in flight when the flag was set.
    ASSERT_GE(result.files.size(), 1u);
    EXPECT_LE(result.files.size(), jobs);
    EXPECT_EQ(result.files.size() + result.not_started, job_list.size());
    EXPECT_EQ(seen.size(), result.files.size());
    EXPECT_EQ(result.totals.inputs, result.files.size());
    EXPECT_EQ(seen.front(), job_list.front().display);  // input order
    std::vector<std::string> written;
    for (const FileResult& r : result.files) {
      EXPECT_EQ(r.status, Status::Converted) << r.input;
      written.push_back(fs::relative(r.output, out).generic_string());
    }
    std::sort(written.begin(), written.end());
    EXPECT_EQ(list_files(out), written) << "only the finished outputs, no temp files";
  }
}

TEST_F(Batch, AStopThatNeverComesChangesNothing) {
  const fs::path out = dir_ / "out";
  const auto job_list = io::expand_inputs({(dir_ / "in").string()}, out);
  std::atomic<bool> stop{false};
  BatchOptions batch;
  batch.stop = &stop;
  const BatchResult result = run_batch(job_list, plan_outputs(job_list, out, false), {}, batch);
  EXPECT_FALSE(result.interrupted);
  EXPECT_EQ(result.not_started, 0u);
  EXPECT_EQ(result.totals.converted, job_list.size());
}

}  // namespace
}  // namespace f2g::convert
