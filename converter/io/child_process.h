// A child process talking a line protocol over pipes (the node child of `convert --validate`,
// `npm root -g`): started without a shell, every read and write bounded by a deadline, and a
// child that dies or closes its end is a status, never a hang or a SIGPIPE. POSIX only.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "ir/result.h"

namespace f2g::io {

// The absolute path of `name` in $PATH (or `name` itself when it holds a '/' and is
// executable); empty when there is none.
std::string find_program(const std::string& name);

class ChildProcess {
 public:
  using Millis = std::chrono::milliseconds;
  enum class Io { Ok, Closed, Timeout };

  // Starts argv[0] (a path; not looked up in PATH) with pipes on its stdin, stdout and
  // stderr. The child gets its own process group: a Ctrl-C meant for forge2gltf does not
  // reach it, it ends when its stdin closes.
  static ir::Result<std::unique_ptr<ChildProcess>> start(const std::vector<std::string>& argv);
  ~ChildProcess();  // finish(1 s)
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes all of `text` to the child's stdin. Closed when the child no longer reads (EPIPE;
  // SIGPIPE is blocked for the calling thread meanwhile and a pending one consumed).
  Io write(const std::string& text, Millis timeout);
  // The next stdout line, without its '\n'. Closed at end of file; stderr is kept meanwhile
  // (its last 4 KiB, see stderr_tail).
  Io read_line(std::string& line, Millis timeout);
  void close_stdin();

  // Ends the child: closes its stdin, gives it `grace` to exit (draining stderr), then kills
  // its process group. Returns how it ended: "exited with status 3", "killed by signal 9".
  // Later calls return the same text.
  const std::string& finish(Millis grace);
  const std::string& stderr_tail() const { return stderr_; }

 private:
  ChildProcess() = default;
  bool pump(int timeout_ms, bool want_stdout);  // one poll(): reads what is ready
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_buffer_, stderr_, ended_;
};

}  // namespace f2g::io
