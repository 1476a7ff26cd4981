#include "converter/io/input_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string>

namespace f2g::io {

namespace {

ir::Diagnostic unreadable(const std::string& why) {
  return ir::Diagnostic{"INPUT_UNREADABLE", "cannot read the input: " + why, "", 0};
}

// Opens a regular file for reading and gives its size; anything else is refused unread.
std::optional<ir::Diagnostic> open_regular(const std::filesystem::path& path, int& fd,
                                           uint64_t& size) {
  // O_NONBLOCK: opening a fifo would otherwise wait for a writer, forever; fstat then refuses
  // it. It changes nothing for a regular file.
  fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return unreadable(std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    return unreadable(std::strerror(e));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return unreadable("not a regular file");
  }
  size = static_cast<uint64_t>(st.st_size);
  return std::nullopt;
}

}  // namespace

ir::Result<InputBytes> read_input(const std::filesystem::path& path, uint64_t max_bytes,
                                  const char* what) {
  int fd = -1;
  uint64_t size = 0;
  if (auto refused = open_regular(path, fd, size)) return *refused;
  if (size > max_bytes) {
    ::close(fd);
    return ir::Diagnostic{"INPUT_TOO_LARGE",
                          "the input has " + std::to_string(size) + " bytes, more than the " +
                              std::to_string(max_bytes) + " " + what + " may have",
                          "", 0};
  }
  InputBytes bytes(static_cast<size_t>(size));  // not zero-filled: read() fills it
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int e = errno;
      ::close(fd);
      return unreadable(std::strerror(e));
    }
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  // One byte more would mean the file grew while it was read.
  uint8_t extra;
  const ssize_t more = done == bytes.size() ? ::read(fd, &extra, 1) : 0;
  ::close(fd);
  if (done != bytes.size() || more > 0) return unreadable("its size changed while it was read");
  return bytes;
}

ir::Result<std::unique_ptr<MappedInput>> MappedInput::open(const std::filesystem::path& path) {
  int fd = -1;
  uint64_t size = 0;
  if (auto refused = open_regular(path, fd, size)) return *refused;
  std::unique_ptr<MappedInput> in(new MappedInput);
  in->size_ = static_cast<size_t>(size);
  void* p = size ? ::mmap(nullptr, in->size_, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  ::close(fd);
  if (p != MAP_FAILED) {
    in->map_ = p;
    return in;
  }
  if (size == 0) return in;
  // Not mappable: read it, with read_input's checks.
  ir::Result<InputBytes> bytes = read_input(path, size);
  if (!bytes) return bytes.error();
  in->copy_ = std::move(*bytes);
  return in;
}

MappedInput::~MappedInput() {
  if (map_) ::munmap(map_, size_);
}

void MappedInput::release(uint64_t offset, uint64_t size) const {
  if (!map_ || offset >= size_) return;
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  const uint64_t end = offset + std::min<uint64_t>(size, size_ - offset);
  const uint64_t first = offset / page * page;
  // MADV_DONTNEED on a read-only private mapping drops clean pages: a page shared with a
  // neighbour still being read is simply read from the file again, nothing is lost.
  ::madvise(static_cast<uint8_t*>(map_) + first, static_cast<size_t>(end - first), MADV_DONTNEED);
}

const uint8_t* MappedInput::data() const {
  return map_ ? static_cast<const uint8_t*>(map_) : copy_.data();
}

ir::Result<InputBytes> read_input_as(const std::filesystem::path& path, uint64_t max_bytes,
                                     const char* what, const char* unreadable_code) {
  ir::Result<InputBytes> bytes = read_input(path, max_bytes, what);
  if (bytes) return bytes;
  ir::Diagnostic e = bytes.error();
  if (e.code != "INPUT_TOO_LARGE") e.code = unreadable_code;
  e.message = path.string() + ": " + e.message;
  return e;
}

}  // namespace f2g::io
