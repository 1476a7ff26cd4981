// Writing outputs so that a failure never leaves a partial file (docs/ARCHITECTURE.md "Output
// conventions"): each file goes to a temp name in its destination directory and is renamed
// over its final name only once complete, so a crash, a kill or a full disk never leaves a
// half-written file under a final name. With `sync` (convert --sync) each temp is also
// fsynced before its rename, which makes the outputs durable against a power loss too; it is
// off by default because an fsync per file multiplies a batch's wall time and no peer tool
// or copy does it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/diagnostic.h"

namespace f2g::io {

struct FileData {
  std::filesystem::path path;
  const uint8_t* data = nullptr;
  size_t size = 0;
};

// Test seam: asked before each step ("mkdir", "open", "write", "fsync", "rename") with the
// file concerned; returning true makes that step fail as if the system had refused it.
using FaultInjector =
    std::function<bool(const std::string& step, const std::filesystem::path& path)>;

struct AtomicOptions {
  bool replace = false;  // --force: an existing file may be replaced
  bool sync = false;     // --sync: fsync each file before its rename
  FaultInjector fault;   // tests only
};

// Writes `files` (in order: put a .bin before the .gltf that names it), creating missing
// directories. Nothing is renamed until every temp file is complete (and synced, with
// `sync`). On any failure every temp file is removed, files this call created are removed again,
// and files that existed before are left as they were. Without `replace`, an existing destination
// is never overwritten, even one that appears while writing: OUTPUT_EXISTS. Other failures:
// OUTPUT_WRITE_FAILED naming the file and the system's reason. nullopt on success. With
// `replace`, a stream destination (is_stream_destination) is written directly, in order.
std::optional<ir::Diagnostic> write_atomically(const std::vector<FileData>& files,
                                               const AtomicOptions& options = {});

// An existing destination that is a stream, not a file: a character device (/dev/null,
// /dev/stdout), a fifo or a socket. Renaming a temp over it would replace the device node
// itself (as root, /dev/null for the whole machine), so such a destination is written to
// directly: write_atomically with `replace` and the report do so.
bool is_stream_destination(const std::filesystem::path& path);

// One file written piece by piece, with write_atomically's guarantees: the pieces go to a temp
// file in the destination's directory (created on the first write, when the destination is
// checked as write_atomically checks it), and commit() renames it over the final name; a
// writer destroyed before its commit removes the temp. For an output too large to hold in
// memory (import into a multi-gigabyte archive). A stream destination is written directly.
class AtomicFile {
 public:
  AtomicFile(std::filesystem::path path, AtomicOptions options = {});
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends [data, data + size). After a failure every later write returns the same error.
  std::optional<ir::Diagnostic> write(const uint8_t* data, size_t size);
  // The temp file holding what was written so far (empty before the first write, and for a
  // stream destination), to read back before commit().
  const std::filesystem::path& temp() const { return temp_; }
  // Syncs (with options.sync) and renames the temp over the destination: OUTPUT_EXISTS
  // without options.replace when it exists by now, OUTPUT_WRITE_FAILED otherwise.
  std::optional<ir::Diagnostic> commit();

 private:
  std::optional<ir::Diagnostic> open();
  std::filesystem::path path_, temp_;
  AtomicOptions options_;
  int fd_ = -1;
  bool stream_ = false, committed_ = false;
  std::optional<ir::Diagnostic> error_;
};

// The temp name used for `path`: ".<name>.tmp-<pid>-<n>" in the same directory (the rename
// stays on one file system). Hidden, so a half-done run does not look like output.
std::filesystem::path temp_path_for(const std::filesystem::path& path);

}  // namespace f2g::io
