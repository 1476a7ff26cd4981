// The forge archive container: header, data header, the chain of sections and each section's
// index and name tables (docs/READING.md "Forge archives", "Container"). Reading it is cheap:
// tables only, no payload is decompressed. Every offset, count and the section chain (cycles
// included) is bounded by the archive's size before anything is allocated or read.
//
//   header      "scimitar", u8, i32 version (27), u64 offset of the data header
//   data header (44) i32 entry count, 32 bytes kept, u64 offset of the first section
//   section     (48) i32 count, u32, u64 index table, i64 next section (-1 = last),
//                    i32 first index, i32 last index, u64 name table, u64
//   index record (20) u64 payload offset, u64 file id, i32 payload size
//   name record (192) i32 size (= the index record's), ..., u32 resource type at 16, ...,
//                    i32 timestamp at 40, char name[128] at 44, i32[5]
// The sizes in brackets are version 27's: the version picks its ContainerLayout (dialect.h).
// Version 25 (docs/READING.md "Version 25") has a 40-byte data header, 16-byte index records
// with a u32 id, 188-byte name records, and a 440-byte FILEDATA wrapper before each payload.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "formats/archive/codec.h"
#include "formats/archive/dialect.h"
#include "formats/common/checks.h"
#include "formats/common/error.h"

namespace f2g::archive {

constexpr char kArchiveMagic[8] = {'s', 'c', 'i', 'm', 'i', 't', 'a', 'r'};
constexpr uint64_t kArchiveAlignment = 0x8000;  // archives are padded with zeros to this
constexpr size_t kHeaderSize = 21;
constexpr size_t kSectionSize = 48;
constexpr size_t kNameFieldOffset = 44, kNameFieldSize = 128;
constexpr char kWrapperMagic[8] = {'F', 'I', 'L', 'E', 'D', 'A', 'T', 'A'};
constexpr size_t kWrapperIdAt = 391, kWrapperSizeAt = 395, kWrapperTimestampAt = 431;

// True when `data` starts with the archive magic "scimitar".
bool looks_like_archive(const uint8_t* data, size_t size);

// `at` rounded up to a multiple of `n` (`at` itself when n is 0: no alignment).
inline uint64_t round_up(uint64_t at, uint64_t n) { return n ? (at + n - 1) / n * n : at; }

struct DataHeader {
  int32_t entry_count = 0;
  std::array<uint8_t, 32> fields{};  // bytes 4..size-8, kept verbatim (meaning not established)
  uint64_t first_section_offset = 0;
  uint64_t offset = 0;  // where it is (the header's u64)
};

struct Section {
  int32_t count = 0;
  uint32_t unknown1 = 0;  // kept
  uint64_t index_table_offset = 0;
  int64_t next_offset = -1;  // -1: the last section
  int32_t first_index = 0, last_index = -1;
  uint64_t name_table_offset = 0;
  uint64_t unknown2 = 0;  // kept
  uint64_t offset = 0;    // of this section's header
};

struct Entry {
  uint32_t index = 0;          // position in archive order, across sections
  uint32_t section = 0;        // which section lists it
  uint64_t file_id = 0;        // unique within an archive: entries are addressed by id, not name
  uint64_t offset = 0;         // of the payload (after its wrapper, if the layout has one)
  uint32_t size = 0;           // of the payload (the index record's; the name record's equals it)
  uint32_t resource_type = 0;  // name record +16
  int32_t timestamp = 0;       // name record +40
  std::string name;            // name record +44, up to its first NUL
  std::array<uint8_t, kMaxNameRecordSize> name_record{};  // verbatim (the layout's size)
  std::vector<uint8_t> wrapper;  // version 25: the FILEDATA wrapper before the payload, verbatim
  uint64_t index_record_offset = 0, name_record_offset = 0;  // where its records are
};

struct Archive {
  const Dialect* dialect = nullptr;          // detected from the block sets, or given
  const Codecs* codecs = &builtin_codecs();  // what its entries are read with (ReadOptions)
  const ContainerLayout* layout = nullptr;   // its version's
  uint8_t header_byte = 0;                   // the u8 after the magic, kept
  int32_t version = 0;
  DataHeader data_header;
  std::vector<Section> sections;  // in chain order
  std::vector<Entry> entries;     // in archive order (section by section)
  // Bytes [0, first payload): header, tables and whatever lies between them, verbatim; the
  // writer writes it back with the tables brought up to date. Empty when some table lies
  // above a payload (another tool's layout): such an archive reads, but write_archive refuses it.
  std::vector<uint8_t> prelude;
  bool tables_first = true;
  uint32_t payload_alignment = 0;  // every payload (its wrapper) starts on this multiple: kept
  uint64_t file_size = 0;
  std::vector<Error> warnings;  // layout-only breaks: the archive still reads

  // The entry with `file_id`, or nullptr.
  const Entry* entry_with_id(uint64_t file_id) const;
};

// The layout warnings of `now` that `before` does not have (same code and path): what a
// rewrite added, where an archive read with a warning (AC1's empty section) keeps it.
std::vector<Error> new_layout_warnings(const Archive& now, const Archive& before);

struct ReadOptions {
  const Dialect* dialect = nullptr;    // forces a dialect; nullptr detects it
  DecodeObserver* observer = nullptr;  // receives every check's outcome (census), if set
  const Codecs* codecs = nullptr;      // the block codecs of this run; nullptr: LZO only
};

// Reads the container of the archive data[0..size). Errors carry the field path
// ("archive/sections[1]/index[4].offset") and the byte offset; layout-only breaks (payloads
// out of index order, gaps, non-zero padding, a size not a multiple of 0x8000) are warnings.
// The dialect is that of the first entry whose payload starts with a block set of a known
// version (ARCHIVE_DIALECT_UNKNOWN when none does and none is given).
Result<Archive> read_archive(const uint8_t* data, size_t size, const ReadOptions& options = {});

// A new entry for make_archive: payload size and offset are filled in by the writer.
struct NewEntry {
  uint64_t file_id = 0;
  uint32_t resource_type = 0;
  int32_t timestamp = 0;
  std::string name;  // at most 127 bytes
};

// Lays out a new archive: header, data header, then per section its header, index table and
// name table, sections of at most `section_capacity` entries; payloads follow the tables.
Result<Archive> make_archive(const Dialect& dialect, const std::vector<NewEntry>& entries,
                             uint32_t section_capacity = 5000);

// One entry's payload, for the writer (a view: mapped archive bytes or a new payload).
struct PayloadRef {
  const uint8_t* data = nullptr;
  size_t size = 0;
};
using Sink = std::function<void(const uint8_t* data, size_t size)>;

// Writes `archive` with `payloads` (one per entry, in entry order) to `sink`: the prelude with
// every table record updated (payload offsets and both sizes; names, types and timestamps from
// the entries), the payloads contiguous in entry order (each after its wrapper, its size patched
// where it was the payload's; each on the archive's payload alignment), zeros to a multiple of
// 0x8000. Memory
// stays bounded by the prelude: payloads are passed to the sink as given, so unchanged ones
// are copied verbatim from a mapped archive. Returns the bytes written. A no-op rewrite of an
// archive laid out as the games lay theirs out is byte-identical.
Result<uint64_t> write_archive(const Archive& archive, const std::vector<PayloadRef>& payloads,
                               const Sink& sink);
// The same, into memory (small archives: samples, tests).
Result<std::vector<uint8_t>> write_archive(const Archive& archive,
                                           const std::vector<PayloadRef>& payloads);

}  // namespace f2g::archive
