// Helpers shared by the converter and CLI tests: scratch directories, files, running the
// built tool.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/files.h"

namespace f2g::testing {

namespace fs = std::filesystem;

// A fresh directory under the system temp dir, removed with everything in it at the end.
class ScratchDir {
 public:
  ScratchDir() {
    static std::atomic<int> n{0};
    path_ = fs::temp_directory_path() /
            ("f2g-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const fs::path& p) const { return path_ / p; }

 private:
  fs::path path_;
};

inline void write_file(const fs::path& p, const std::vector<uint8_t>& bytes) {
  if (p.has_parent_path()) fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

inline void write_text(const fs::path& p, const std::string& text) {
  write_file(p, std::vector<uint8_t>(text.begin(), text.end()));
}

// The converter tests' name for f2g::test::read_bytes (tests/support/files.h).
inline std::vector<uint8_t> read_file(const fs::path& p) { return f2g::test::read_bytes(p); }
using f2g::test::read_text;

// Every regular file under `dir`, relative, generic form, sorted.
inline std::vector<std::string> list_files(const fs::path& dir) {
  std::vector<std::string> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path().lexically_relative(dir).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

struct RunResult {
  int code = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `program args...` with stdout and stderr captured separately.
inline RunResult run(const std::string& program, const std::vector<std::string>& args) {
  ScratchDir io;
  std::string cmd = shell_quote(program);
  for (const std::string& a : args) cmd += " " + shell_quote(a);
  cmd += " >" + shell_quote((io / "out").string()) + " 2>" + shell_quote((io / "err").string()) +
         " </dev/null";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(io / "out");
  r.err = read_text(io / "err");
  return r;
}

#ifdef F2G_BINARY_DIR  // defined for every test executable (tests/CMakeLists.txt f2g_test)
// The built tool and the bundled samples of this checkout.
inline std::string tool_path() { return std::string(F2G_BINARY_DIR) + "/forge2gltf"; }
inline fs::path samples_dir() { return fs::path(F2G_SOURCE_DIR) / "samples"; }

// Runs the built forge2gltf with `args`; `env` (NAME=VALUE, optional) set for it alone.
inline RunResult run_tool(const std::vector<std::string>& args,
                          const std::vector<std::string>& env = {}) {
  if (env.empty()) return run(tool_path(), args);
  std::vector<std::string> all = env;
  all.push_back(tool_path());
  all.insert(all.end(), args.begin(), args.end());
  return run("/usr/bin/env", all);
}
#endif

}  // namespace f2g::testing
