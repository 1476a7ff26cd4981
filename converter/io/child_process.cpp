#include "converter/io/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace f2g::io {

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kStderrKept = 4096;
constexpr size_t kMaxLine = size_t(1) << 20;  // answers are a few KiB; more is a broken child

int millis_left(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return int(std::clamp<long long>(left.count(), 0, 1 << 30));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

bool executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

ir::Diagnostic spawn_error(const std::string& program, const std::string& what, int err) {
  return ir::Diagnostic{"CHILD_START_FAILED",
                        "cannot start " + program + ": " + what + ": " + std::strerror(err), "", 0};
}

}  // namespace

std::string find_program(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return executable_file(name) ? name : "";
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (size_t start = 0;;) {
    const size_t colon = dirs.find(':', start);
    std::string dir =
        dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (dir.empty()) dir = ".";  // POSIX: an empty PATH entry is the current directory
    const std::string candidate = dir + "/" + name;
    if (executable_file(candidate)) return candidate;
    if (colon == std::string::npos) return "";
    start = colon + 1;
  }
}

ir::Result<std::unique_ptr<ChildProcess>> ChildProcess::start(
    const std::vector<std::string>& argv) {
  if (argv.empty()) return ir::Diagnostic{"CHILD_START_FAILED", "no program to start", "", 0};
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) return spawn_error(argv[0], "pipe", errno);
  if (::pipe2(out, O_CLOEXEC) != 0) {
    const int e = errno;
    ::close(in[0]), ::close(in[1]);
    return spawn_error(argv[0], "pipe", e);
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    const int e = errno;
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    return spawn_error(argv[0], "pipe", e);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attr, &none);         // not the caller's blocked signals
  posix_spawnattr_setsigdefault(&attr, &defaults);  // nor its ignored ones
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]), ::close(out[1]), ::close(err[1]);
  if (rc != 0) {
    ::close(in[1]), ::close(out[0]), ::close(err[0]);
    return spawn_error(argv[0], "spawn", rc);
  }
  std::unique_ptr<ChildProcess> child(new ChildProcess());
  child->pid_ = pid;
  child->in_ = in[1];
  child->out_ = out[0];
  child->err_ = err[0];
  for (int fd : {child->in_, child->out_, child->err_})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);  // poll() bounds every wait
  return child;
}

ChildProcess::~ChildProcess() { finish(std::chrono::seconds(1)); }

ChildProcess::Io ChildProcess::write(const std::string& text, Millis timeout) {
  if (in_ < 0) return Io::Closed;
  // A write to a pipe nobody reads raises SIGPIPE in the writing thread, whose default ends
  // the process: block it here, and consume the one this write raised (never another's).
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  sigset_t pending;
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE) == 1;

  const auto deadline = Clock::now() + timeout;
  Io status = Io::Ok;
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(in_, text.data() + done, text.size() - done);
    if (n > 0) {
      done += size_t(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{in_, POLLOUT, 0};
      const int left = millis_left(deadline);
      if (left == 0 || ::poll(&p, 1, left) == 0) {
        status = Io::Timeout;
        break;
      }
    } else {
      if (n < 0 && errno == EPIPE && !was_pending) {
        const timespec zero{0, 0};
        while (::sigtimedwait(&pipe_set, nullptr, &zero) < 0 && errno == EINTR) {
        }
      }
      status = Io::Closed;
      break;
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return status;
}

bool ChildProcess::pump(int timeout_ms, bool want_stdout) {
  pollfd fds[2];
  int* owners[2];
  nfds_t n = 0;
  if (want_stdout && out_ >= 0) fds[n] = {out_, POLLIN, 0}, owners[n++] = &out_;
  if (err_ >= 0) fds[n] = {err_, POLLIN, 0}, owners[n++] = &err_;
  if (n == 0) return false;
  if (::poll(fds, n, timeout_ms) <= 0) return true;  // timeout or EINTR: the caller re-checks
  char buf[65536];
  for (nfds_t i = 0; i < n; ++i) {
    if (!fds[i].revents) continue;
    int& fd = *owners[i];
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got > 0 && &fd == &out_) {
      out_buffer_.append(buf, size_t(got));
    } else if (got > 0) {
      stderr_.append(buf, size_t(got));
      if (stderr_.size() > kStderrKept) stderr_.erase(0, stderr_.size() - kStderrKept);
    } else if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
      close_fd(fd);  // end of file, or a broken pipe
    }
  }
  return true;
}

ChildProcess::Io ChildProcess::read_line(std::string& line, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const size_t newline = out_buffer_.find('\n');
    if (newline != std::string::npos || out_buffer_.size() > kMaxLine) {
      const size_t end = std::min(newline, out_buffer_.size());
      line = out_buffer_.substr(0, end);
      out_buffer_.erase(0, std::min(end + 1, out_buffer_.size()));
      return Io::Ok;
    }
    if (out_ < 0) return Io::Closed;
    const int left = millis_left(deadline);
    if (left == 0) return Io::Timeout;
    pump(left, true);
  }
}

void ChildProcess::close_stdin() { close_fd(in_); }

const std::string& ChildProcess::finish(Millis grace) {
  if (pid_ < 0) return ended_;
  close_stdin();
  close_fd(out_);  // nothing more is read; a child still writing gets EPIPE
  const auto deadline = Clock::now() + grace;
  int status = 0;
  pid_t reaped = 0;
  while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0) {
    const int left = millis_left(deadline);
    if (left == 0) break;
    if (!pump(std::min(left, 20), false))  // drain stderr: the child may block writing it
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min(left, 10)));
  }
  if (reaped == 0) {
    ::kill(-pid_, SIGKILL);  // its whole process group
    ::kill(pid_, SIGKILL);
    while ((reaped = ::waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
    }
  }
  // What is left in the stderr pipe (a grandchild may hold it open: take only what is ready).
  for (int i = 0; i < 64 && err_ >= 0; ++i) {
    pollfd p{err_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) break;
    pump(0, false);
  }
  close_fd(err_);
  if (reaped < 0)
    ended_ = "ended (its status is unknown)";
  else if (WIFEXITED(status))
    ended_ = "exited with status " + std::to_string(WEXITSTATUS(status));
  else if (WIFSIGNALED(status))
    ended_ = "was killed by signal " + std::to_string(WTERMSIG(status));
  else
    ended_ = "ended";
  pid_ = -1;
  return ended_;
}

}  // namespace f2g::io
