// `convert --validate` (converter/validate/gltf_validator.h): the one node child running the
// Khronos glTF-Validator on the samples' outputs (.glb and .gltf + .bin), broken outputs, odd file
// names; children that die, hang or talk nonsense (fake `node` scripts); the report, totals
// and summary; and the built forge2gltf's exit codes. Label validator: needs node and
// `npm ci --prefix tests/validator`, and fails (not skips) saying so when they are missing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "converter/convert/batch.h"
#include "converter/convert/report.h"
#include "converter/convert/totals.h"
#include "converter/validate/gltf_validator.h"
#include "tests/support/converter_test_util.h"
#include "tests/support/sample_files.h"

namespace f2g::convert {
namespace {

using f2g::testing::read_file;
using f2g::testing::read_text;
using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using f2g::testing::write_file;
using f2g::testing::write_text;
using nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

const std::string kValidatorDir = std::string(F2G_SOURCE_DIR) + "/tests/validator";
const std::string kSamples = std::string(F2G_SOURCE_DIR) + "/samples";

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A fake `node` (or `npm`): a shell script standing in for the real one.
std::string fake_program(const ScratchDir& dir, const std::string& name, const std::string& body) {
  const fs::path p = dir / name;
  write_text(p, "#!/bin/sh\n" + body);
  ::chmod(p.c_str(), 0755);
  return p.string();
}

const char kReady[] = "printf '%s\\n' '{\"ready\":true,\"version\":\"fake\"}'\n";

std::unique_ptr<Validator> start_fake(const std::string& node,
                                      std::chrono::milliseconds timeout = Validator::kTimeout) {
  auto v = Validator::start({node, "/nowhere"}, timeout);
  if (!v) {
    ADD_FAILURE() << v.error().message;
    return nullptr;
  }
  return std::move(*v);
}

// The samples converted once (.glb and .gltf + .bin), and one real validator for the suite.
class ValidatorTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir();
    for (bool gltf : {false, true}) {
      const fs::path out = *scratch_ / (gltf ? "gltf" : "glb");
      const auto jobs = io::expand_inputs({kSamples}, out);
      ConvertOptions options;
      options.gltf = gltf;
      BatchOptions batch;
      batch.jobs = 2;
      batch.keep_results = true;
      for (const FileResult& r :
           run_batch(jobs, plan_outputs(jobs, out, gltf), options, batch).files)
        if (r.status == Status::Converted) outputs_.push_back(r.output);
    }
    ValidatorSearch search;
    search.dir = kValidatorDir;
    auto setup = find_validator(search);
    if (!setup) {
      setup_error_ = setup.error().message;
      return;
    }
    auto v = Validator::start(*setup);
    if (!v) {
      setup_error_ = v.error().message;
      return;
    }
    validator_ = v->release();
  }
  static void TearDownTestSuite() {
    delete validator_;
    delete scratch_;
    validator_ = nullptr;
    scratch_ = nullptr;
  }
  void SetUp() override {
    ASSERT_TRUE(validator_) << setup_error_
                            << " (the validator tests need node and `npm ci --prefix "
                               "tests/validator`)";
  }

  static Validator& validator() { return *validator_; }
  static const std::vector<std::string>& outputs() { return outputs_; }
  static std::string output_ending(const std::string& suffix) {
    for (const std::string& o : outputs_)
      if (o.size() >= suffix.size() &&
          o.compare(o.size() - suffix.size(), suffix.size(), suffix) == 0)
        return o;
    ADD_FAILURE() << "no output ending in " << suffix;
    return "";
  }

  static inline ScratchDir* scratch_ = nullptr;
  static inline Validator* validator_ = nullptr;
  static inline std::vector<std::string> outputs_;
  static inline std::string setup_error_;
};

// validate.mjs (the project's independent harness) prints "FILE: E errors, W warnings,
// I infos, H hints" per file.
std::map<std::string, std::vector<uint64_t>> harness_counts(const std::vector<std::string>& files) {
  std::string command = "node " + f2g::testing::shell_quote(kValidatorDir + "/validate.mjs");
  for (const std::string& f : files) command += " " + f2g::testing::shell_quote(f);
  std::FILE* p = popen((command + " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  pclose(p);
  std::map<std::string, std::vector<uint64_t>> counts;
  const std::regex line(R"(^(.+): (\d+) errors, (\d+) warnings, (\d+) infos, (\d+) hints$)");
  for (const std::string& l : f2g::testing::lines_of(out)) {
    std::smatch m;
    if (std::regex_match(l, m, line))
      counts[m[1]] = {std::stoull(m[2]), std::stoull(m[3]), std::stoull(m[4]), std::stoull(m[5])};
  }
  return counts;
}

TEST_F(ValidatorTest, SampleOutputsHaveNoErrorsAndTheHarnessCounts) {
  ASSERT_EQ(outputs().size(), 2 * f2g::test::sample_mesh_paths().size());  // .glb and .gltf
  EXPECT_EQ(validator().version(), "2.0.0-dev.3.10");  // tests/validator/package.json
  const auto expected = harness_counts(outputs());
  ASSERT_EQ(expected.size(), outputs().size());
  for (const std::string& o : outputs()) {
    const ValidationCounts v = validator().validate(o);
    ASSERT_FALSE(v.failure) << o << ": " << *v.failure;
    EXPECT_EQ(v.errors, 0u) << o;
    EXPECT_EQ(v.warnings, 0u) << o;
    EXPECT_TRUE(v.messages.empty()) << o;
    EXPECT_EQ((std::vector<uint64_t>{v.errors, v.warnings, v.infos, v.hints}), expected.at(o)) << o;
    EXPECT_FALSE(validation_problem(v)) << o;
  }
  // lit_two_uv: tangents without a normal texture (x2) and unused UV sets (x4) are infos.
  EXPECT_EQ(validator().validate(output_ending("glb/sws/lit_two_uv.glb")).infos, 6u);
}

// The GLB with accessors[0].count raised by 1000 in its JSON chunk.
std::vector<uint8_t> with_long_accessor(const std::vector<uint8_t>& glb) {
  auto u32 = [&glb](size_t at) {
    return uint32_t(glb[at]) | uint32_t(glb[at + 1]) << 8 | uint32_t(glb[at + 2]) << 16 |
           uint32_t(glb[at + 3]) << 24;
  };
  const uint32_t json_length = u32(12);
  json j = json::parse(glb.begin() + 20, glb.begin() + 20 + json_length);
  j["accessors"][0]["count"] = j["accessors"][0]["count"].get<uint64_t>() + 1000;
  std::string text = j.dump();
  text.append((4 - text.size() % 4) % 4, ' ');
  std::vector<uint8_t> out(glb.begin(), glb.begin() + 20);
  out.insert(out.end(), text.begin(), text.end());
  out.insert(out.end(), glb.begin() + 20 + json_length, glb.end());
  auto put = [&out](size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) out[at + i] = uint8_t(v >> (8 * i));
  };
  put(8, uint32_t(out.size()));
  put(12, uint32_t(text.size()));
  return out;
}

TEST_F(ValidatorTest, AnAccessorLongerThanItsBufferViewIsAnError) {
  ScratchDir d;
  const std::string bad = (d / "bad.glb").string();
  write_file(bad, with_long_accessor(read_file(output_ending("glb/sws/lit_two_uv.glb"))));
  const ValidationCounts v = validator().validate(bad);
  ASSERT_FALSE(v.failure) << *v.failure;
  EXPECT_EQ(v.errors, 3u);  // ACCESSOR_TOO_LONG + two MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT
  EXPECT_EQ(v.warnings, 0u);
  ASSERT_EQ(v.messages.size(), 3u);
  EXPECT_EQ(v.messages[0].severity, "error");
  EXPECT_EQ(v.messages[0].code, "ACCESSOR_TOO_LONG");
  EXPECT_EQ(v.messages[0].pointer, "/accessors/0");
  EXPECT_FALSE(v.messages[0].offset);
  EXPECT_EQ(v.messages[1].code, "MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT");
  const auto problem = validation_problem(v);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->code, "GLTF_VALIDATOR_ERRORS");
  EXPECT_EQ(problem->message.rfind("the glTF-Validator found 3 errors and 0 warnings; first: "
                                   "ACCESSOR_TOO_LONG at /accessors/0: Accessor (offset: 0",
                                   0),
            0u)
      << problem->message;
}

TEST_F(ValidatorTest, ATruncatedGlbGivesTheByteOffset) {
  ScratchDir d;
  std::vector<uint8_t> glb = read_file(output_ending("glb/sws/lit_two_uv.glb"));
  glb.resize(3000);
  write_file(d / "cut.glb", glb);
  const ValidationCounts v = validator().validate((d / "cut.glb").string());
  ASSERT_FALSE(v.failure);
  EXPECT_EQ(v.errors, 1u);
  ASSERT_EQ(v.messages.size(), 1u);
  EXPECT_EQ(v.messages[0].code, "GLB_UNEXPECTED_END_OF_CHUNK_DATA");
  EXPECT_EQ(v.messages[0].pointer, "");
  EXPECT_EQ(v.messages[0].offset, std::optional<uint64_t>(3000));
}

TEST_F(ValidatorTest, AGltfIsValidatedWithItsBinAndFailsWithoutIt) {
  const std::string gltf = output_ending("gltf/sws/skinned_palettes.gltf");
  EXPECT_EQ(validator().validate(gltf).errors, 0u);
  ScratchDir d;
  fs::copy_file(gltf, d / "alone.gltf");  // its buffer's uri names skinned_palettes.bin
  const ValidationCounts v = validator().validate((d / "alone.gltf").string());
  ASSERT_FALSE(v.failure);
  EXPECT_EQ(v.errors, 1u);
  ASSERT_EQ(v.messages.size(), 1u);
  EXPECT_EQ(v.messages[0].code, "IO_ERROR");
  EXPECT_EQ(v.messages[0].pointer, "/buffers/0/uri");
}

TEST_F(ValidatorTest, OddFileNamesReachTheValidatorIntact) {
  ScratchDir d;
  // A newline, a space, a quote and a byte that is not UTF-8, in the directory and the name.
  const fs::path dir = d / "dir \xff\n'x";
  fs::create_directories(dir);
  fs::copy_file(output_ending("glb/rr/split24_bike.glb"), dir / "a\nb \xfe.glb");
  const std::string gltf = output_ending("gltf/rr/split24_bike.gltf");
  fs::copy_file(gltf, dir / "split24_bike.gltf");
  fs::copy_file(fs::path(gltf).replace_extension(".bin"), dir / "split24_bike.bin");
  for (const fs::path& p : {dir / "a\nb \xfe.glb", dir / "split24_bike.gltf"}) {
    const ValidationCounts v = validator().validate(p.string());
    ASSERT_FALSE(v.failure) << *v.failure;
    EXPECT_EQ(v.errors, 0u) << p;
    EXPECT_EQ(v.warnings, 0u) << p;
  }
}

TEST_F(ValidatorTest, AFileItCannotReadFailsAndTheNextOneIsValidated) {
  const ValidationCounts missing = validator().validate("/nonexistent/x.glb");
  ASSERT_TRUE(missing.failure);
  EXPECT_NE(missing.failure->find("ENOENT"), std::string::npos) << *missing.failure;
  EXPECT_FALSE(validator().stopped());
  const auto problem = validation_problem(missing);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->code, "GLTF_NOT_VALIDATED");
  const ValidationCounts next = validator().validate(outputs().front());
  EXPECT_FALSE(next.failure);
  EXPECT_EQ(next.errors, 0u);
}

// ---- finding node and the package ---------------------------------------------------------

TEST(FindValidator, TheDirectoryGivenIsUsedAsAnAbsolutePackagePath) {
  ValidatorSearch s;
  s.dir = kValidatorDir;
  s.npm_global = false;
  auto found = find_validator(s);
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->package, kValidatorDir + "/node_modules/gltf-validator");
  EXPECT_EQ(found->node.front(), '/');
}

TEST(FindValidator, AWrongDirectoryIsAnErrorSayingHowToInstallNotAFallback) {
  ValidatorSearch s;
  s.dir = "/nonexistent/validator";
  s.fallback_dirs = {kValidatorDir};  // not looked at: the setting is wrong
  auto found = find_validator(s);
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error().code, "VALIDATOR_UNAVAILABLE");
  const std::string& m = found.error().message;
  EXPECT_NE(m.find("FORGE2GLTF_VALIDATOR_DIR=/nonexistent/validator"), std::string::npos) << m;
  EXPECT_NE(m.find("npm install gltf-validator"), std::string::npos) << m;
  EXPECT_NE(m.find("npm install -g gltf-validator"), std::string::npos) << m;
}

TEST(FindValidator, FallbackDirectoriesAreTriedInOrder) {
  ValidatorSearch s;
  s.fallback_dirs = {"/nonexistent/a", kValidatorDir};
  s.npm_global = false;
  auto found = find_validator(s);
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->package, kValidatorDir + "/node_modules/gltf-validator");

  s.fallback_dirs = {"/nonexistent/a"};
  found = find_validator(s);
  ASSERT_FALSE(found);
  EXPECT_NE(found.error().message.find("looked in /nonexistent/a"), std::string::npos)
      << found.error().message;
}

TEST(FindValidator, NpmsGlobalRootIsTheLastPlaceLooked) {
  ScratchDir d;
  const fs::path root = d / "prefix/lib/node_modules";
  write_text(root / "gltf-validator/package.json", "{}");
  fake_program(d, "npm", "[ \"$*\" = 'root -g' ] && echo '" + root.string() + "'\n");
  const std::string path = std::getenv("PATH");
  ::setenv("PATH", (d.path().string() + ":" + path).c_str(), 1);
  ValidatorSearch s;
  s.fallback_dirs = {"/nonexistent/a"};
  auto found = find_validator(s);
  fs::remove(root / "gltf-validator/package.json");
  auto missing = find_validator(s);
  ::setenv("PATH", path.c_str(), 1);
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->package, root.string() + "/gltf-validator");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("(looked in /nonexistent/a, " + root.string() +
                                         " (npm root -g)): install it with `npm install "
                                         "gltf-validator` in a directory DIR"),
            std::string::npos)
      << missing.error().message;
}

TEST(FindValidator, MissingNodeIsAnError) {
  ValidatorSearch s;
  s.node = "/nonexistent/node";
  s.dir = kValidatorDir;
  auto found = find_validator(s);
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error().code, "VALIDATOR_UNAVAILABLE");
  EXPECT_NE(found.error().message.find("FORGE2GLTF_NODE"), std::string::npos);
}

TEST(FindValidator, TheEnvironmentChoosesNodeAndTheDirectory) {
  ::setenv("FORGE2GLTF_NODE", "/opt/node/bin/node", 1);
  ::setenv("FORGE2GLTF_VALIDATOR_DIR", "/opt/v", 1);
  const ValidatorSearch s = default_validator_search();
  ::unsetenv("FORGE2GLTF_NODE");
  ::unsetenv("FORGE2GLTF_VALIDATOR_DIR");
  EXPECT_EQ(s.node, "/opt/node/bin/node");
  EXPECT_EQ(s.dir, std::optional<std::string>("/opt/v"));
  EXPECT_EQ(s.fallback_dirs, std::vector<std::string>{kValidatorDir});
  const ValidatorSearch unset = default_validator_search();
  EXPECT_EQ(unset.node, "node");
  EXPECT_FALSE(unset.dir);
}

// ---- children that misbehave ------------------------------------------------------------

TEST(ValidatorChild, ThatExitsAtOnceIsUnavailableWithItsStderr) {
  ScratchDir d;
  auto v = Validator::start({fake_program(d, "node", "echo 'no such module' >&2\nexit 3\n"), "/x"});
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, "VALIDATOR_UNAVAILABLE");
  EXPECT_NE(v.error().message.find("exited with status 3 before loading gltf-validator"),
            std::string::npos)
      << v.error().message;
  EXPECT_NE(v.error().message.find("no such module"), std::string::npos) << v.error().message;
}

TEST(ValidatorChild, ThatCannotLoadThePackageSaysHowToInstall) {
  ScratchDir d;
  auto v = Validator::start(
      {fake_program(d, "node", "printf '%s\\n' '{\"failure\":\"cannot load gltf-validator\"}'\n"),
       "/x"});
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("cannot load gltf-validator: install it with"),
            std::string::npos)
      << v.error().message;
}

TEST(ValidatorChild, TheRealNodeWithoutThePackageIsUnavailable) {
  const std::string node = io::find_program("node");
  ASSERT_FALSE(node.empty()) << "node is not in PATH";
  auto v = Validator::start({node, "/nonexistent/node_modules/gltf-validator"});
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("cannot load gltf-validator from /nonexistent"),
            std::string::npos)
      << v.error().message;
}

TEST(ValidatorChild, ThatNeverGetsReadyTimesOut) {
  ScratchDir d;
  const auto t0 = Clock::now();
  auto v = Validator::start({fake_program(d, "node", "exec sleep 30\n"), "/x"},
                            std::chrono::milliseconds(300));
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("did not load gltf-validator within 300 ms"), std::string::npos)
      << v.error().message;
  EXPECT_LT(seconds_since(t0), 5.0);
}

TEST(ValidatorChild, ThatDiesMidBatchFailsTheRestWithoutWaiting) {
  ScratchDir d;
  auto v = start_fake(fake_program(d, "node",
                                   std::string(kReady) +
                                       "read line\n"
                                       "printf '%s\\n' '{\"errors\":0,\"warnings\":1,\"infos\":2,"
                                       "\"hints\":3,\"messages\":[]}'\n"
                                       "read line\necho 'validator crashed' >&2\nexit 7\n"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->version(), "fake");
  const ValidationCounts first = v->validate("a.glb");
  EXPECT_FALSE(first.failure);
  EXPECT_EQ(first.warnings, 1u);
  EXPECT_EQ(first.hints, 3u);
  const auto t0 = Clock::now();
  const ValidationCounts second = v->validate("b.glb");
  ASSERT_TRUE(second.failure);
  EXPECT_NE(second.failure->find("quit while validating this output; the validator exited with "
                                 "status 7 (stderr: validator crashed)"),
            std::string::npos)
      << *second.failure;
  EXPECT_TRUE(v->stopped());
  for (int i = 0; i < 100; ++i) {
    const ValidationCounts later = v->validate("c.glb");
    ASSERT_TRUE(later.failure);
    EXPECT_EQ(later.failure->rfind("the validator stopped at an earlier output: ", 0), 0u);
  }
  EXPECT_LT(seconds_since(t0), 3.0);
}

TEST(ValidatorChild, ThatHasQuitDoesNotRaiseSigpipe) {
  ScratchDir d;
  auto v = start_fake(fake_program(d, "node", std::string(kReady) + "exec 0<&-\nexit 0\n"));
  ASSERT_TRUE(v);
  ::usleep(200 * 1000);  // it has quit: writing to its stdin now gives EPIPE (SIGPIPE would end us)
  const ValidationCounts r = v->validate("a.glb");
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->rfind("the validator quit before this output; the validator exited with "
                             "status 0",
                             0),
            0u)
      << *r.failure;
  sigset_t pending;
  sigpending(&pending);
  EXPECT_EQ(sigismember(&pending, SIGPIPE), 0);  // consumed, not left for someone else
}

TEST(ValidatorChild, ThatHangsIsKilledAfterTheTimeout) {
  ScratchDir d;
  auto v = start_fake(fake_program(d, "node", std::string(kReady) + "exec sleep 30\n"),
                      std::chrono::milliseconds(300));
  ASSERT_TRUE(v);
  const auto t0 = Clock::now();
  const ValidationCounts r = v->validate("a.glb");
  ASSERT_TRUE(r.failure);
  EXPECT_NE(r.failure->find("did not answer within 300 ms and was stopped; the validator was "
                            "killed by signal 9"),
            std::string::npos)
      << *r.failure;
  EXPECT_TRUE(v->validate("b.glb").failure);
  EXPECT_LT(seconds_since(t0), 3.0);
}

TEST(ValidatorChild, ThatAnswersNonsenseIsStopped) {
  ScratchDir d;
  auto v = start_fake(fake_program(
      d, "node", std::string(kReady) + "read line\necho hello\nexec cat >/dev/null\n"));
  ASSERT_TRUE(v);
  const ValidationCounts r = v->validate("a.glb");
  ASSERT_TRUE(r.failure);
  EXPECT_NE(r.failure->find("unexpected answer from the validator: hello"), std::string::npos)
      << *r.failure;
  EXPECT_TRUE(v->stopped());
}

// ---- the answer, the report, the totals ---------------------------------------------------

TEST(ValidatorAnswer, CountsAndTheFirstFiveMessagesAreRead) {
  json messages = json::array();
  for (int i = 0; i < 7; ++i)
    messages.push_back({{"severity", "error"},
                        {"code", "C" + std::to_string(i)},
                        {"message", "m"},
                        {"pointer", i ? json("/p") : json(nullptr)},
                        {"offset", i ? json(nullptr) : json(12)}});
  auto v = parse_validator_answer(
      json{{"errors", 7}, {"warnings", 1}, {"infos", 2}, {"hints", 3}, {"messages", messages}}
          .dump());
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ((std::vector<uint64_t>{v->errors, v->warnings, v->infos, v->hints}),
            (std::vector<uint64_t>{7, 1, 2, 3}));
  ASSERT_EQ(v->messages.size(), 5u);
  EXPECT_EQ(v->messages[0].code, "C0");
  EXPECT_EQ(v->messages[0].pointer, "");
  EXPECT_EQ(v->messages[0].offset, std::optional<uint64_t>(12));
  EXPECT_EQ(v->messages[4].code, "C4");
  EXPECT_EQ(v->messages[4].pointer, "/p");
  EXPECT_FALSE(v->messages[4].offset);
  EXPECT_FALSE(v->failure);

  auto f = parse_validator_answer(R"({"failure":"ENOENT: x"})");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->failure, std::optional<std::string>("ENOENT: x"));
}

TEST(ValidatorAnswer, AnythingElseIsAProtocolError) {
  for (const char* line :
       {"", "hello", "[]", R"({"errors":0,"warnings":0,"infos":0,"messages":[]})",
        R"({"errors":-1,"warnings":0,"infos":0,"hints":0,"messages":[]})",
        R"({"errors":0,"warnings":0,"infos":0,"hints":0})", R"({"failure":3})"}) {
    auto v = parse_validator_answer(line);
    ASSERT_FALSE(v) << line;
    EXPECT_EQ(v.error().code, "GLTF_VALIDATOR_PROTOCOL");
  }
}

ValidationCounts sample_counts() {
  ValidationCounts v;
  v.errors = 2;
  v.warnings = 1;
  v.infos = 6;
  v.messages.push_back({"error", "ACCESSOR_TOO_LONG", "too long", "/accessors/0", std::nullopt});
  v.messages.push_back({"warning", "W", "w", "", 44});
  return v;
}

TEST(ValidationReport, AnEntryHasValidationOnlyWhenValidated) {
  FileResult r;
  r.status = Status::Converted;
  EXPECT_FALSE(file_result_json(r).contains("validation"));
  r.validation = sample_counts();
  EXPECT_EQ(file_result_json(r)["validation"], json::parse(R"({
    "errors": 2, "warnings": 1, "infos": 6, "hints": 0, "failure": null,
    "messages": [
      {"severity": "error", "code": "ACCESSOR_TOO_LONG", "message": "too long",
       "pointer": "/accessors/0", "offset": null},
      {"severity": "warning", "code": "W", "message": "w", "pointer": null, "offset": 44}]})"));
  r.validation = ValidationCounts{};
  r.validation->failure = "the validator quit";
  EXPECT_EQ(file_result_json(r)["validation"]["failure"], "the validator quit");
}

TEST(ValidationReport, TotalsCountOutputsErrorsAndFailures) {
  std::vector<FileResult> results(4);
  results[0].status = Status::Converted;
  results[0].validation = sample_counts();
  results[1].status = Status::Converted;
  results[1].validation = ValidationCounts{};
  results[1].validation->warnings = 3;
  results[2].status = Status::Converted;
  results[2].validation = ValidationCounts{};
  results[2].validation->failure = "timed out";
  results[3].status = Status::Skipped;
  Totals t = totals_of(results, 1.0);
  ASSERT_TRUE(t.validation);
  EXPECT_EQ(t.validation->outputs, 2u);
  EXPECT_EQ(t.validation->outputs_with_errors, 1u);
  EXPECT_EQ(t.validation->not_validated, 1u);
  EXPECT_EQ(t.validation->errors, 2u);
  EXPECT_EQ(t.validation->warnings, 4u);
  EXPECT_EQ(t.validation->infos, 6u);
  EXPECT_EQ(exit_code_of(t), 1);
  t.validation->validator = "2.0.0-dev.3.10";
  EXPECT_EQ(report_json({}, t)["totals"]["validation"], json::parse(R"({
    "validator": "2.0.0-dev.3.10", "outputs": 2, "outputs_with_errors": 1, "not_validated": 1,
    "errors": 2, "warnings": 4, "infos": 6, "hints": 0})"));
  const std::string summary = summary_text(t);
  EXPECT_NE(summary.find("\n  validator: 2 outputs, 2 errors, 4 warnings (1 outputs with errors), "
                         "1 not validated\n"),
            std::string::npos)
      << summary;

  Totals clean = totals_of({results[3]}, 1.0);
  EXPECT_FALSE(clean.validation);
  EXPECT_FALSE(report_json({}, clean)["totals"].contains("validation"));
  EXPECT_EQ(summary_text(clean).find("validator"), std::string::npos);
  clean.validation = ValidationTotals{};
  clean.validation->outputs = 14;
  clean.validation->warnings = 2;
  EXPECT_EQ(exit_code_of(clean), 0);  // warnings are counted, not failures
  EXPECT_NE(summary_text(clean).find("  validator: 14 outputs, 0 errors, 2 warnings\n"),
            std::string::npos);
}

// ---- the built forge2gltf -------------------------------------------------------------------

RunResult tool(const std::vector<std::string>& env, const std::vector<std::string>& args) {
  return f2g::testing::run_tool(args, env);
}

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ValidateCli, WithoutTheValidatorItIsAUsageErrorBeforeAnyConversion) {
  ScratchDir d;
  RunResult r = tool({"FORGE2GLTF_VALIDATOR_DIR=/nonexistent"},
                     {"convert", kSamples, "-o", (d / "out").string(), "--validate"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("forge2gltf: --validate: FORGE2GLTF_VALIDATOR_DIR=/nonexistent has no "
                       "node_modules/gltf-validator: install it with `npm install "
                       "gltf-validator`"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(d / "out"));
  r = tool({"FORGE2GLTF_NODE=/nonexistent/node", "FORGE2GLTF_VALIDATOR_DIR=" + kValidatorDir},
           {"convert", kSamples, "-o", (d / "out").string(), "--validate"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("needs Node.js"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "out"));
}

TEST(ValidateCli, AnOutputWithValidatorErrorsIsKeptAndTheRunExitsOne) {
  ScratchDir d;
  const std::string node = fake_program(
      d, "node",
      std::string(kReady) +
          "while read -r line; do printf '%s\\n' '{\"errors\":2,\"warnings\":0,\"infos\":0,"
          "\"hints\":0,\"messages\":[{\"severity\":\"error\",\"code\":\"FAKE_CODE\",\"message\":"
          "\"made up\",\"pointer\":\"/nodes/0\",\"offset\":null}]}'; done\n");
  const std::string sample = kSamples + "/sws/static_materials.mesh";
  const fs::path out = d / "out";
  RunResult r = tool(
      {"FORGE2GLTF_NODE=" + node, "FORGE2GLTF_VALIDATOR_DIR=" + kValidatorDir},
      {"convert", sample, "-o", out.string(), "--validate", "--report", (d / "r.json").string()});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(fs::exists(out / "static_materials.glb"));
  EXPECT_EQ(r.err, "forge2gltf: " + (out / "static_materials.glb").string() +
                       ": the glTF-Validator found 2 errors and 0 warnings; first: FAKE_CODE at "
                       "/nodes/0: made up [GLTF_VALIDATOR_ERRORS]\n");
  EXPECT_NE(r.out.find("1 converted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  validator: 1 outputs, 2 errors, 0 warnings (1 outputs with errors)\n"),
            std::string::npos)
      << r.out;
  const json report = json::parse(read_text(d / "r.json"));
  EXPECT_EQ(report["inputs"][0]["status"], "converted");
  EXPECT_EQ(report["inputs"][0]["validation"]["errors"], 2);
  EXPECT_EQ(report["inputs"][0]["validation"]["messages"][0]["code"], "FAKE_CODE");
  EXPECT_EQ(report["totals"]["validation"]["validator"], "fake");
  EXPECT_EQ(report["totals"]["validation"]["outputs_with_errors"], 1);

  // A second run: the output is up to date, skipped and not validated again.
  r = tool(
      {"FORGE2GLTF_NODE=" + node, "FORGE2GLTF_VALIDATOR_DIR=" + kValidatorDir},
      {"convert", sample, "-o", out.string(), "--validate", "--report", (d / "r2.json").string()});
  EXPECT_EQ(r.code, 0) << r.err;
  const json again = json::parse(read_text(d / "r2.json"));
  EXPECT_EQ(again["inputs"][0]["status"], "skipped");
  EXPECT_FALSE(again["inputs"][0].contains("validation"));
  EXPECT_EQ(again["totals"]["validation"]["outputs"], 0);
}

TEST(ValidateCli, AValidatorThatDiesMidBatchMarksTheRestNotValidated) {
  ScratchDir d;
  const std::string node =
      fake_program(d, "node",
                   std::string(kReady) +
                       "read -r line\n"
                       "printf '%s\\n' '{\"errors\":0,\"warnings\":0,\"infos\":0,"
                       "\"hints\":0,\"messages\":[]}'\n"
                       "exit 0\n");
  const auto t0 = Clock::now();
  RunResult r = tool({"FORGE2GLTF_NODE=" + node, "FORGE2GLTF_VALIDATOR_DIR=" + kValidatorDir},
                     {"convert", kSamples, "-o", (d / "out").string(), "--validate", "--report",
                      (d / "r.json").string()});
  EXPECT_LT(seconds_since(t0), 30.0);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(count_of(r.err, "[GLTF_NOT_VALIDATED]"), 1u) << r.err;  // once, not per output
  const json report = json::parse(read_text(d / "r.json"));
  // The n outputs: one per sample mesh file and one per Mesh resource of the sample archives;
  // samples/generator's sources are skipped.
  std::vector<json> validations;
  size_t from_files = 0;
  for (const json& e : report["inputs"]) {
    if (e["status"] == "converted") {
      validations.push_back(e["validation"]);
      from_files += !e.contains("archive");
    } else {
      EXPECT_FALSE(e.contains("validation")) << e["input"];
    }
  }
  EXPECT_EQ(from_files, f2g::test::sample_mesh_paths().size());
  const size_t n = validations.size();
  ASSERT_GT(n, from_files);
  EXPECT_TRUE(validations[0]["failure"].is_null());
  for (size_t i = 1; i < n; ++i) EXPECT_TRUE(validations[i]["failure"].is_string()) << i;
  EXPECT_EQ(report["totals"]["validation"]["outputs"], 1);
  EXPECT_EQ(report["totals"]["validation"]["not_validated"], n - 1);
  EXPECT_EQ(report["totals"]["converted"], n);
  EXPECT_NE(r.out.find("  validator: 1 outputs, 0 errors, 0 warnings, " + std::to_string(n - 1) +
                       " not validated\n"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace f2g::convert
