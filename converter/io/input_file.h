// Reading inputs: a single read of a size-checked file, or a mapping of a large one. Every
// command reads its files through here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "ir/default_init.h"
#include "ir/result.h"

namespace f2g::io {

// Not zero-filled when sized, since read() overwrites every byte next.
using InputBytes = ir::UninitVector<uint8_t>;

// The largest input any command reads: no mesh of either game comes close to 1 GiB.
inline constexpr uint64_t kMaxInputBytes = uint64_t(1) << 30;

// The whole file, read once. A file larger than `max_bytes` is refused (INPUT_TOO_LARGE)
// before anything is allocated; an unreadable one, or one whose size changes while it is
// read, fails with INPUT_UNREADABLE.
// `what` names the kind of file in that message ("a mesh", "a GLB").
ir::Result<InputBytes> read_input(const std::filesystem::path& path, uint64_t max_bytes,
                                  const char* what = "a mesh");

// A whole file for a command that searches inputs of any size (scan's archives and memory
// dumps): mapped read-only, or read where it cannot be mapped. Opened and refused exactly as
// read_input does (a fifo or a directory never blocks or is read).
class MappedInput {
 public:
  static ir::Result<std::unique_ptr<MappedInput>> open(const std::filesystem::path& path);
  ~MappedInput();
  MappedInput(const MappedInput&) = delete;
  MappedInput& operator=(const MappedInput&) = delete;

  const uint8_t* data() const;
  size_t size() const { return size_; }
  // Gives back the memory of the bytes [offset, offset + size) once they have been read (an
  // archive entry): their pages leave the process's resident set and are read from the file
  // again if touched. Reading a large file piece by piece so keeps memory bounded by the
  // pieces in flight, not the file. No effect on an input that had to be copied.
  void release(uint64_t offset, uint64_t size) const;

 private:
  MappedInput() = default;
  void* map_ = nullptr;
  size_t size_ = 0;
  InputBytes copy_;
};

// read_input for a command with its own read-failure code (VERIFY_READ_FAILED,
// CENSUS_READ_FAILED): INPUT_TOO_LARGE keeps its code, any other failure gets
// `unreadable_code`; either message starts with the file's path.
ir::Result<InputBytes> read_input_as(const std::filesystem::path& path, uint64_t max_bytes,
                                     const char* what, const char* unreadable_code);

}  // namespace f2g::io
