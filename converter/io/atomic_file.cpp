#include "converter/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

namespace f2g::io {
namespace fs = std::filesystem;

namespace {

ir::Diagnostic write_failed(const fs::path& path, const std::string& what,
                            const std::string& reason) {
  return ir::Diagnostic{"OUTPUT_WRITE_FAILED",
                        "cannot " + what + " " + path.string() + ": " + reason, "", 0};
}

ir::Diagnostic already_exists(const fs::path& path) {
  return ir::Diagnostic{"OUTPUT_EXISTS",
                        path.string() + " already exists; use --force to replace it", "", 0};
}

bool injected(const AtomicOptions& o, const char* step, const fs::path& p) {
  return o.fault && o.fault(step, p);
}

std::string errno_text(int e) { return std::strerror(e); }

// All of [data, data + size) to `fd`, retried after a signal; `path` names it in the error.
std::optional<ir::Diagnostic> write_all(int fd, const uint8_t* data, size_t size,
                                        const fs::path& path) {
  for (size_t done = 0; done < size;) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return write_failed(path, "write", n < 0 ? errno_text(errno) : "no progress");
    done += static_cast<size_t>(n);
  }
  return std::nullopt;
}

// Creates the new file `tmp`, the temp of `path`, for writing into `fd`.
std::optional<ir::Diagnostic> create_temp(const fs::path& tmp, const fs::path& path,
                                          const AtomicOptions& o, int& fd) {
  if (injected(o, "open", path))
    return write_failed(path, "create a temp file for", "injected failure");
  fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return write_failed(path, "create a temp file for", errno_text(errno));
  return std::nullopt;
}

// Writes all of data to a new file `tmp` (and fsyncs it with o.sync); on failure removes it.
std::optional<ir::Diagnostic> write_temp(const fs::path& tmp, const FileData& f,
                                         const AtomicOptions& o) {
  int fd = -1;
  if (auto err = create_temp(tmp, f.path, o, fd)) return err;
  std::optional<ir::Diagnostic> err;
  if (f.size && injected(o, "write", f.path)) {
    // A short write first, so the failure happens with a partial temp file on disk.
    const ssize_t half = ::write(fd, f.data, f.size / 2);
    (void)half;
    err = write_failed(f.path, "write", "injected failure");
  } else {
    err = write_all(fd, f.data, f.size, f.path);
  }
  if (o.sync && !err && injected(o, "fsync", f.path))
    err = write_failed(f.path, "sync", "injected failure");
  if (o.sync && !err && ::fsync(fd) != 0) err = write_failed(f.path, "sync", errno_text(errno));
  if (::close(fd) != 0 && !err) err = write_failed(f.path, "close", errno_text(errno));
  if (err) ::unlink(tmp.c_str());
  return err;
}

// A stream destination takes the bytes as they are: no temp, no sync, no rename.
std::optional<ir::Diagnostic> write_stream(const FileData& f) {
  const int fd = ::open(f.path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return write_failed(f.path, "open", errno_text(errno));
  std::optional<ir::Diagnostic> err = write_all(fd, f.data, f.size, f.path);
  if (::close(fd) != 0 && !err) err = write_failed(f.path, "close", errno_text(errno));
  return err;
}

// rename(2) that refuses to replace: renameat2(RENAME_NOREPLACE) where the file system has
// it, else link + unlink (link fails with EEXIST just the same). 0 or an errno value.
int rename_no_replace(const fs::path& from, const fs::path& to) {
#if defined(__linux__) && defined(SYS_renameat2)
  if (::syscall(SYS_renameat2, AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), 1u /*NOREPLACE*/) == 0)
    return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
#endif
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

// Before anything is written to `path`: its directory made, and without o.replace the
// promise kept that an existing file is never overwritten.
std::optional<ir::Diagnostic> prepare_destination(const fs::path& path, const AtomicOptions& o) {
  const fs::path dir = path.parent_path();
  std::error_code ec;
  if (injected(o, "mkdir", path))
    return write_failed(path, "create the directory of", "injected failure");
  if (!dir.empty()) fs::create_directories(dir, ec);
  if (ec) return write_failed(path, "create the directory of", ec.message());
  if (!o.replace && fs::exists(fs::symlink_status(path))) return already_exists(path);
  return std::nullopt;
}

// The complete temp renamed over `dest` (never replacing it without o.replace).
std::optional<ir::Diagnostic> rename_into_place(const fs::path& tmp, const fs::path& dest,
                                                const AtomicOptions& o) {
  if (injected(o, "rename", dest)) return write_failed(dest, "rename into", "injected failure");
  int e = 0;
  if (o.replace)
    e = ::rename(tmp.c_str(), dest.c_str()) != 0 ? errno : 0;
  else
    e = rename_no_replace(tmp, dest);
  if (e == EEXIST) return already_exists(dest);
  if (e != 0) return write_failed(dest, "rename into", errno_text(e));
  return std::nullopt;
}

}  // namespace

bool is_stream_destination(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  return S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
}

fs::path temp_path_for(const fs::path& path) {
  static std::atomic<unsigned long> counter{0};
  const std::string name = "." + path.filename().string() + ".tmp-" +
                           std::to_string(static_cast<long>(::getpid())) + "-" +
                           std::to_string(counter.fetch_add(1));
  return path.parent_path() / name;
}

std::optional<ir::Diagnostic> write_atomically(const std::vector<FileData>& files,
                                               const AtomicOptions& options) {
  std::vector<fs::path> temps;  // one per file, in order; empty for a stream written directly
  auto remove_temps = [&] {
    for (const fs::path& t : temps)
      if (!t.empty()) ::unlink(t.c_str());
  };
  for (const FileData& f : files) {
    if (auto err = prepare_destination(f.path, options)) {
      remove_temps();
      return err;
    }
    if (options.replace && is_stream_destination(f.path)) {
      if (auto err = write_stream(f)) {
        remove_temps();
        return err;
      }
      temps.emplace_back();
      continue;
    }
    const fs::path tmp = temp_path_for(f.path);
    if (auto err = write_temp(tmp, f, options)) {
      remove_temps();
      return err;
    }
    temps.push_back(tmp);
  }
  // Every temp is complete: rename them in order. A file renamed into place that did not
  // exist before is removed again if a later rename fails.
  std::vector<fs::path> created;
  for (size_t i = 0; i < files.size(); ++i) {
    if (temps[i].empty()) continue;  // a stream, already written
    const fs::path& dest = files[i].path;
    std::error_code ec;
    const bool existed = fs::exists(fs::symlink_status(dest, ec));
    if (auto err = rename_into_place(temps[i], dest, options)) {
      for (size_t j = i; j < temps.size(); ++j)
        if (!temps[j].empty()) ::unlink(temps[j].c_str());
      for (const fs::path& c : created) ::unlink(c.c_str());
      return err;
    }
    if (!existed) created.push_back(dest);
  }
  return std::nullopt;
}

AtomicFile::AtomicFile(fs::path path, AtomicOptions options)
    : path_(std::move(path)), options_(std::move(options)) {}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

std::optional<ir::Diagnostic> AtomicFile::open() {
  if (auto err = prepare_destination(path_, options_)) return err;
  stream_ = options_.replace && is_stream_destination(path_);
  if (stream_) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) return write_failed(path_, "open", errno_text(errno));
    return std::nullopt;
  }
  const fs::path tmp = temp_path_for(path_);
  if (auto err = create_temp(tmp, path_, options_, fd_)) return err;
  temp_ = tmp;
  return std::nullopt;
}

std::optional<ir::Diagnostic> AtomicFile::write(const uint8_t* data, size_t size) {
  if (!error_ && fd_ < 0 && !committed_) error_ = open();
  if (!error_ && committed_) error_ = write_failed(path_, "write", "already committed");
  if (!error_ && injected(options_, "write", path_))
    error_ = write_failed(path_, "write", "injected failure");
  if (!error_) error_ = write_all(fd_, data, size, path_);
  return error_;
}

std::optional<ir::Diagnostic> AtomicFile::commit() {
  if (!error_ && fd_ < 0 && !committed_) error_ = open();  // nothing written: an empty file
  if (error_ || committed_) return error_;
  if (!stream_ && options_.sync && injected(options_, "fsync", path_))
    error_ = write_failed(path_, "sync", "injected failure");
  if (!error_ && !stream_ && options_.sync && ::fsync(fd_) != 0)
    error_ = write_failed(path_, "sync", errno_text(errno));
  if (::close(fd_) != 0 && !error_) error_ = write_failed(path_, "close", errno_text(errno));
  fd_ = -1;
  if (error_ || stream_) {
    committed_ = !error_;
    return error_;
  }
  error_ = rename_into_place(temp_, path_, options_);
  committed_ = !error_;
  return error_;
}

}  // namespace f2g::io
