// Forge archives among the inputs (docs/ARCHITECTURE.md "CLI"): recognised by content
// ("scimitar" at byte 0, never by extension), memory-mapped, their tables read once; an entry
// is then decompressed on its own and its pages given back (converter/io MappedInput), so an
// archive of any size is read in memory bounded by the entries in flight. Every command that
// takes archives (convert, ls, extract, info, census) opens them here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "converter/io/input_file.h"
#include "converter/io/inputs.h"
#include "formats/archive/archive.h"
#include "ir/result.h"

namespace f2g::install {

// True when the file starts with the archive magic (reads its first 8 bytes; false when it
// cannot be read: the caller's own read then says why).
bool starts_like_archive(const std::string& path);

// An archive's tables and the bytes they describe, mapped (each entry's pages given back
// once read) or in memory (`mapped` null).
struct ArchiveView {
  const archive::Archive& archive;
  const uint8_t* data;
  size_t size;
  const io::MappedInput* mapped;
};

struct MappedArchive {
  std::unique_ptr<io::MappedInput> input;
  archive::Archive archive;  // the tables; its warnings are layout-only breaks
  const uint8_t* data() const { return input->data(); }
  size_t size() const { return input->size(); }
  ArchiveView view() const { return {archive, data(), size(), input.get()}; }
};

// Maps the file and reads its container. The error is the container's (code, field path,
// archive offset) or the open's (INPUT_UNREADABLE).
// `observer` (census) receives every check outcome of the reading.
ir::Result<MappedArchive> open_archive(const std::string& path, DecodeObserver* observer = nullptr);

// Entry `entry`, decompressed and read (archive::read_entry), then its payload's pages given
// back: the result owns everything it needs.
ir::Result<archive::EntryContents> read_archive_entry(const ArchiveView& a, size_t entry,
                                                      DecodeObserver* observer = nullptr);

// The directory alone (the patch pre-pass), pages given back the same way.
ir::Result<std::vector<archive::DirectoryEntry>> read_archive_directory(const ArchiveView& a,
                                                                        size_t entry);

// The bytes unpacking tools write for a resource, and what convert decodes: the record's gap
// (the FileHeader) then the body (docs/READING.md "Forge archives", "Payload"); in version 25
// the body alone (the gap is the record's flag). `gap` is
// where the body starts: decoded with DecodeOptions::payload_offset = gap, so the gap, what
// ever it holds, never decides whether the body reads.
struct ResourceBytes {
  const uint8_t* data = nullptr;
  size_t size = 0;
  size_t gap = 0;
};
ResourceBytes resource_file_bytes(const archive::EntryContents& contents,
                                  const archive::Resource& resource);

// An id as users type it: "0x" + hex digits, or decimal (as unpacking tools name files).
std::optional<uint64_t> parse_id(const std::string& text);

// A class id for people: its name where known ("Mesh"), else "0x%08X".
std::string class_label(uint32_t class_id);

// The compression of an entry's records set by name ("LZO1X-999"), or "" when it has no sets.
std::string compression_label(const archive::Archive& archive,
                              const archive::EntryContents& contents);

// The archives among `jobs`: those without an error whose file starts like one, in job order.
std::vector<size_t> archive_jobs(const std::vector<io::Job>& jobs);

// The stderr line of an archive's layout-only break: "forge2gltf: <archive>: warning: <where>
// (offset 0x..) [CODE]", and the one line per archive for its entries that need Oodle
// (ARCHIVE_OODLE, with the count: a warning, since nothing read is broken).
std::string archive_warning_line(const std::string& archive, const ir::Diagnostic& warning);
// The first Oodle line of a run (`hinted` false) is followed by one hint line naming --oodle.
std::string oodle_warning_line(const std::string& archive, uint64_t entries, bool& hinted);

// The ARCHIVE arguments of ls, extract, info and census --archives: expand_inputs, keeping
// every file named directly (a missing one with its error; one that is not an archive fails
// when opened, ARCHIVE_MAGIC) and, inside directories, the files that start like an archive.
std::vector<io::Job> list_archives(const std::vector<std::string>& arguments);

}  // namespace f2g::install
