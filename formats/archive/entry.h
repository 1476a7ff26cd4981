// An entry's payload (docs/READING.md "Forge archives", "Payload"): two block sets, a small
// leading set holding the directory, u16 count then count x {u64 resource id, u32 record size,
// u16 flags}, and the set of records, each {u32 class, u32 body size, u32 name length, name,
// gap, body}. The gap is what the record size leaves between the name and the body (normally
// one NUL), kept verbatim; the body starts with the resource's u64 id and its class again (a
// Mesh body is exactly the Mesh payload the mesh readers take). Checked on every record:
// directory id = body id, record class = body class, directory size = walked record length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/archive/block_set.h"
#include "formats/archive/container.h"
#include "formats/common/error.h"

namespace f2g::archive {

enum class EntryKind {
  Resources,     // directory and records read
  Special,       // PrefetchingFileInfos, GlobalMetaFile: listed and passed over, never decoded
  CodecMissing,  // a block's codec is missing (Oodle without a library): listed, resources
                 // unknown (directory known if readable); reported as ARCHIVE_OODLE
};
const char* kind_name(EntryKind kind);  // "resources", "special", "oodle"

// True for the entries the archives carry besides resources (by name or resource type):
// PrefetchingFileInfos (the magic, not the block-set layout) and GlobalMetaFile (no magic).
bool is_special(const Entry& entry);

struct DirectoryEntry {
  uint64_t id = 0;
  uint32_t record_size = 0;
  uint16_t flags = 0;  // kept
};

struct Resource {
  uint64_t id = 0;
  uint32_t class_id = 0;
  std::string name;
  uint32_t record_size = 0;  // the directory's, = the walked record length
  uint16_t flags = 0;
  // Within EntryContents::records:
  size_t record_offset = 0;  // the record's u32 class
  size_t gap_offset = 0, gap_size = 0;
  size_t body_offset = 0, body_size = 0;  // the body: u64 id, u32 class, fields
};

// How a version-25 payload is laid out (docs/READING.md "Version 25"): detected from the bytes,
// named by info and census, kept by re-encoding.
enum class IndexRows {
  Ac1,      // u32 id, u32 record size
  Ac2,      // u32 id, u32 record size, i16 k, k x u16; then u32 m and m bytes
  Ac2Bare,  // u32 id, u32 record size, i16 k (ACX: no u16s before its format 2); u32 m, m bytes
};
struct DataFileForm {
  std::vector<uint8_t> prefix;  // verbatim: empty (AC1), or u32 n and n x 8 bytes (AC2 era)
  bool sets = true;             // false: the data file stored without a block set (ACX)
  bool stream = false;          // one stream set, not a table set pair
  uint8_t length_width = 4;     // a stream's raw chunk length: i32, or u16 (ACX's reading)
  IndexRows rows = IndexRows::Ac1;
  // For a new payload: each row's u16s (Ac2; Ac2Bare writes only their count as k) and the
  // m bytes after the rows (Ac2, Ac2Bare). A payload read keeps them in directory_raw.
  std::vector<std::vector<uint16_t>> row_extras;
  std::vector<uint8_t> kept;
  // Of a payload read: each row's size field in directory_raw; the records with flag 1.
  std::vector<size_t> size_at;
  size_t flag_one = 0;
};
// "prefix none, table sets, AC1 rows, flags 0": the words info and census use.
std::string describe(const DataFileForm& form);

struct EntryContents {
  EntryKind kind = EntryKind::Resources;
  // Version 25: the payload was a data file laid out as `form`; a record's gap is its flag,
  // not a FileHeader of the resource's own.
  bool data_file = false;
  DataFileForm form;
  std::vector<BlockSet> sets;          // the stored sets (views into the archive)
  std::vector<uint8_t> directory_raw;  // the leading set, decompressed
  std::vector<DirectoryEntry> directory;
  std::vector<uint8_t> records;  // the records set, decompressed
  std::vector<Resource> resources;
  std::vector<Error> warnings;
};

// Reads entry `entry_index` of `archive` from the archive's bytes data[0..size): its two sets,
// decompressed, then directory and records, every relation checked. Errors carry the path
// ("archive/entries[3]/sets[1]/blocks[2]"), the archive byte offset, and a message starting
// with the entry's file id and name ("entry 1001 'GR_Ranger': ..."); a bad entry never
// affects another. Special entries come back as EntryKind::Special, untouched; an entry whose
// records need a codec the archive's Codecs lack as EntryKind::CodecMissing (ARCHIVE_OODLE is
// the code to report them under).
// `observer` receives every check's outcome (census), if set.
Result<EntryContents> read_entry(const Archive& archive, const uint8_t* data, size_t size,
                                 size_t entry_index, DecodeObserver* observer = nullptr);

// Only the leading set (cheap: one small set), for the patch pre-pass: the resource ids an
// entry holds. Empty for special entries.
Result<std::vector<DirectoryEntry>> read_directory(const Archive& archive, const uint8_t* data,
                                                   size_t size, size_t entry_index,
                                                   DecodeObserver* observer = nullptr);

// A resource to encode: the record's fields; the gap kept verbatim (one NUL when new).
struct ResourceRecord {
  uint32_t class_id = 0;
  std::string name;
  std::vector<uint8_t> gap{0};
  std::vector<uint8_t> body;  // starts with the u64 id and the class (the id is read there)
  uint16_t flags = 0;
};

// The mirror of read_entry for a new payload: the directory and the records, each compressed
// into its own set (encode_block_set, compression number `compression`, the dialect's default
// when -1). Version 25: the data file in `form` (AC1 rows, a table set pair by default).
Result<std::vector<uint8_t>> encode_entry_payload(const Dialect& dialect,
                                                  const std::vector<ResourceRecord>& resources,
                                                  int compression = -1,
                                                  const Codecs& codecs = builtin_codecs(),
                                                  const DataFileForm& form = {});
// The records of `contents` as ResourceRecords (for re-encoding an entry with one changed).
std::vector<ResourceRecord> resource_records(const EntryContents& contents);

// `resources` encoded with the set structure of `like` (a Resources entry as read): the
// directory set and the records set, each with the compression number its own set has, so a
// rewritten entry keeps what the game loads (a payload repacked otherwise does not). For an
// unchanged entry whose blocks LZO1X-999 wrote, the result is the stored payload byte for byte.
// ARCHIVE_CODEC_UNAVAILABLE for a set whose number has no codec in `codecs` (Oodle without a
// library).
Result<std::vector<uint8_t>> reencode_entry_payload(const Dialect& dialect,
                                                    const EntryContents& like,
                                                    const std::vector<ResourceRecord>& resources,
                                                    const Codecs& codecs = builtin_codecs());

}  // namespace f2g::archive
