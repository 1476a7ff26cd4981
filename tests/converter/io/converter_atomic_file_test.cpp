#include <gtest/gtest.h>
#include <sys/stat.h>

#include <thread>

#include "converter/io/atomic_file.h"
#include "tests/support/converter_test_util.h"

namespace f2g::convert {
namespace {

using f2g::testing::list_files;
using f2g::testing::read_text;
using f2g::testing::ScratchDir;
using f2g::testing::write_text;
namespace fs = std::filesystem;

const std::string kNew = "new content";

io::FileData data(const fs::path& p, const std::string& text = kNew) {
  return io::FileData{p, reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

// A fifo at `path` (standing for /dev/null or /dev/stdout) with a reader collecting what
// is written to it.
class FifoReader {
 public:
  explicit FifoReader(const fs::path& path) : made_(::mkfifo(path.c_str(), 0600) == 0) {
    if (made_) reader_ = std::thread([this, path] { received_ = read_text(path); });
  }
  bool made() const { return made_; }
  std::string received() {
    if (reader_.joinable()) reader_.join();
    return received_;
  }

 private:
  bool made_;
  std::string received_;
  std::thread reader_;
};

// `text` appended by the streamed writer.
std::optional<ir::Diagnostic> put(io::AtomicFile& f, const std::string& text) {
  return f.write(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

io::FaultInjector fail_at(const std::string& step, const std::string& file = "") {
  return [step, file](const std::string& s, const fs::path& p) {
    return s == step && (file.empty() || p.filename() == file);
  };
}

// A fifo stands for /dev/null and /dev/stdout: renaming a temp over it would replace the
// node itself (as root, /dev/null for the whole machine). It is written to, and stays a fifo.
TEST(AtomicFile, AStreamDestinationIsWrittenToNotReplaced) {
  ScratchDir d;
  const fs::path fifo = d / "out.fifo";
  FifoReader reader(fifo);
  ASSERT_TRUE(reader.made());
  io::AtomicOptions replace;
  replace.replace = true;
  EXPECT_FALSE(io::write_atomically({data(fifo)}, replace).has_value());
  EXPECT_EQ(reader.received(), kNew);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(list_files(d.path()).empty());  // no temp left (a fifo is no regular file)
  EXPECT_TRUE(io::is_stream_destination("/dev/null"));
  EXPECT_FALSE(io::is_stream_destination(fifo.parent_path()));
  EXPECT_FALSE(io::is_stream_destination(d / "missing"));
}

TEST(AtomicFile, WritesTheContentAndLeavesNoTemp) {
  ScratchDir d;
  EXPECT_FALSE(io::write_atomically({data(d / "a.glb")}).has_value());
  EXPECT_EQ(read_text(d / "a.glb"), kNew);
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.glb"}));
}

TEST(AtomicFile, CreatesMissingDirectories) {
  ScratchDir d;
  EXPECT_FALSE(io::write_atomically({data(d / "x/y/z/a.glb")}).has_value());
  EXPECT_EQ(read_text(d / "x/y/z/a.glb"), kNew);
}

TEST(AtomicFile, WithoutReplaceAnExistingFileIsKept) {
  ScratchDir d;
  write_text(d / "a.glb", "old");
  const auto err = io::write_atomically({data(d / "a.glb")});
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "OUTPUT_EXISTS");
  EXPECT_NE(err->message.find("--force"), std::string::npos);
  EXPECT_EQ(read_text(d / "a.glb"), "old");
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.glb"}));
}

TEST(AtomicFile, WithReplaceAnExistingFileIsReplaced) {
  ScratchDir d;
  write_text(d / "a.glb", "old");
  io::AtomicOptions o;
  o.replace = true;
  EXPECT_FALSE(io::write_atomically({data(d / "a.glb")}, o).has_value());
  EXPECT_EQ(read_text(d / "a.glb"), kNew);
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.glb"}));
}

TEST(AtomicFile, FailedWriteLeavesNoTempAndNoFile) {
  for (const char* step : {"open", "write", "fsync", "rename", "mkdir"}) {
    ScratchDir d;
    io::AtomicOptions o;
    o.sync = true;
    o.fault = fail_at(step);
    const auto err = io::write_atomically({data(d / "sub/a.glb")}, o);
    ASSERT_TRUE(err.has_value()) << step;
    EXPECT_EQ(err->code, "OUTPUT_WRITE_FAILED") << step;
    EXPECT_NE(err->message.find("a.glb"), std::string::npos) << step;
    EXPECT_TRUE(list_files(d.path()).empty()) << step;
  }
}

TEST(AtomicFile, FailedWriteLeavesAnExistingFileUntouched) {
  for (const char* step : {"open", "write", "fsync", "rename"}) {
    ScratchDir d;
    write_text(d / "a.glb", "old");
    io::AtomicOptions o;
    o.replace = true;
    o.sync = true;
    o.fault = fail_at(step);
    ASSERT_TRUE(io::write_atomically({data(d / "a.glb")}, o).has_value()) << step;
    EXPECT_EQ(read_text(d / "a.glb"), "old") << step;
    EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.glb"})) << step;
  }
}

TEST(AtomicFile, SyncsOnlyWhenAsked) {
  // The fault seam is asked before every fsync: without `sync` there is none to fail.
  ScratchDir d;
  io::AtomicOptions o;
  o.fault = fail_at("fsync");
  EXPECT_FALSE(io::write_atomically({data(d / "a.glb")}, o).has_value());
  EXPECT_EQ(read_text(d / "a.glb"), kNew);
  o.sync = true;
  const auto err = io::write_atomically({data(d / "b.glb")}, o);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->message.find("cannot sync"), std::string::npos) << err->message;
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.glb"}));
}

TEST(AtomicFile, PathUnderARegularFileFailsCleanly) {
  // Tests run as root, so a read-only directory would not stop the write; a file where a
  // directory should be does.
  ScratchDir d;
  write_text(d / "blocker", "i am a file");
  const auto err = io::write_atomically({data(d / "blocker/sub/a.glb")});
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "OUTPUT_WRITE_FAILED");
  EXPECT_EQ(read_text(d / "blocker"), "i am a file");
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"blocker"}));
}

TEST(AtomicFile, AFailedSecondFileUndoesTheFirst) {
  // .gltf + .bin: when the .gltf cannot be placed, the .bin this call created goes too.
  ScratchDir d;
  io::AtomicOptions o;
  o.fault = fail_at("rename", "a.gltf");
  const auto err = io::write_atomically({data(d / "a.bin", "bin"), data(d / "a.gltf", "json")}, o);
  ASSERT_TRUE(err.has_value());
  EXPECT_TRUE(list_files(d.path()).empty());
}

TEST(AtomicFile, AFailedSecondTempRemovesTheFirstTemp) {
  ScratchDir d;
  io::AtomicOptions o;
  o.fault = fail_at("write", "a.gltf");
  ASSERT_TRUE(io::write_atomically({data(d / "a.bin", "bin"), data(d / "a.gltf", "json")}, o));
  EXPECT_TRUE(list_files(d.path()).empty());
}

TEST(AtomicFile, EmptyFileIsWritten) {
  ScratchDir d;
  EXPECT_FALSE(io::write_atomically({io::FileData{d / "empty", nullptr, 0}}).has_value());
  EXPECT_TRUE(fs::exists(d / "empty"));
  EXPECT_EQ(fs::file_size(d / "empty"), 0u);
}

TEST(AtomicFile, TempNameIsHiddenAndInTheSameDirectory) {
  const fs::path t1 = io::temp_path_for("/out/sub/a.glb");
  const fs::path t2 = io::temp_path_for("/out/sub/a.glb");
  EXPECT_EQ(t1.parent_path(), fs::path("/out/sub"));
  EXPECT_EQ(t1.filename().string().rfind(".a.glb.tmp-", 0), 0u);
  EXPECT_NE(t1, t2);
}

// The streamed form (import into a large archive): pieces go to a hidden temp beside the
// destination, nothing is under the final name before commit(), and the temp holds what was
// written so far, for the read-back.
TEST(AtomicFileStreamed, PiecesAppearUnderTheFinalNameOnlyAtCommit) {
  ScratchDir d;
  io::AtomicFile f(d / "sub" / "a.forge");
  ASSERT_FALSE(put(f, "new "));
  ASSERT_FALSE(put(f, "content"));
  EXPECT_FALSE(fs::exists(d / "sub" / "a.forge"));
  EXPECT_EQ(f.temp().parent_path(), d / "sub");
  EXPECT_EQ(read_text(f.temp()), kNew);
  EXPECT_FALSE(f.commit().has_value());
  EXPECT_EQ(read_text(d / "sub" / "a.forge"), kNew);
  EXPECT_EQ(list_files(d / "sub"), (std::vector<std::string>{"a.forge"}));
}

TEST(AtomicFileStreamed, AWriterDestroyedBeforeCommitLeavesNothing) {
  ScratchDir d;
  {
    io::AtomicFile f(d / "a.forge");
    ASSERT_FALSE(put(f, kNew));
    EXPECT_TRUE(fs::exists(f.temp()));
  }
  EXPECT_TRUE(list_files(d.path()).empty());
}

TEST(AtomicFileStreamed, AnExistingDestinationIsRefusedAtTheFirstWriteWithoutReplace) {
  ScratchDir d;
  write_text(d / "a.forge", "old");
  io::AtomicFile f(d / "a.forge");
  const std::optional<ir::Diagnostic> e = put(f, kNew);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->code, "OUTPUT_EXISTS");
  ASSERT_TRUE(f.commit().has_value());  // the failure sticks
  EXPECT_EQ(read_text(d / "a.forge"), "old");
  EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.forge"}));
}

TEST(AtomicFileStreamed, AFileThatAppearsWhileWritingIsNotReplaced) {
  ScratchDir d;
  io::AtomicFile f(d / "a.forge");
  ASSERT_FALSE(put(f, kNew));
  write_text(d / "a.forge", "theirs");
  const std::optional<ir::Diagnostic> e = f.commit();
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->code, "OUTPUT_EXISTS");
  EXPECT_EQ(read_text(d / "a.forge"), "theirs");
}

TEST(AtomicFileStreamed, AFailedWriteOrRenameLeavesNoTempAndKeepsTheOldFile) {
  for (const char* step : {"write", "fsync", "rename"}) {
    ScratchDir d;
    write_text(d / "a.forge", "old");
    io::AtomicOptions o;
    o.replace = true;
    o.sync = true;
    o.fault = fail_at(step);
    {
      io::AtomicFile f(d / "a.forge", o);
      const std::optional<ir::Diagnostic> w = put(f, kNew);
      const std::optional<ir::Diagnostic> c = f.commit();
      ASSERT_TRUE(c.has_value()) << step;
      EXPECT_EQ(c->code, "OUTPUT_WRITE_FAILED") << step;
      EXPECT_EQ(w.has_value(), std::string(step) == "write") << step;
    }
    EXPECT_EQ(read_text(d / "a.forge"), "old") << step;
    EXPECT_EQ(list_files(d.path()), (std::vector<std::string>{"a.forge"})) << step;
  }
}

TEST(AtomicFileStreamed, AStreamDestinationIsWrittenDirectly) {
  ScratchDir d;
  const fs::path fifo = d / "out.fifo";
  FifoReader reader(fifo);
  ASSERT_TRUE(reader.made());
  io::AtomicOptions replace;
  replace.replace = true;
  {
    io::AtomicFile f(fifo, replace);
    EXPECT_FALSE(put(f, kNew));
    EXPECT_TRUE(f.temp().empty());
    EXPECT_FALSE(f.commit().has_value());
  }
  EXPECT_EQ(reader.received(), kNew);
  EXPECT_TRUE(fs::is_fifo(fifo));
}

}  // namespace
}  // namespace f2g::convert
