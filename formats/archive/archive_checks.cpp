// docs/READING.md "Forge archives": each statement is the reading's.
#include "formats/archive/checks.h"

namespace f2g::archive::check {

constexpr Severity E = Severity::Proven;    // decides the bytes read: an error
constexpr Severity W = Severity::Observed;  // layout only: a warning

const CheckDef magic{"archive.magic", "ARCHIVE_MAGIC", E, "the archive starts with \"scimitar\""};
const CheckDef version{"archive.version", "ARCHIVE_VERSION", E,
                       "the archive's version is 27 or 25"};
const CheckDef data_header_inside{"archive.data_header_inside", "ARCHIVE_DATA_HEADER_OFFSET", E,
                                  "the data header's 44 bytes lie inside the archive, after the "
                                  "21-byte header"};
const CheckDef section_inside{"archive.section_inside", "ARCHIVE_SECTION_OFFSET", E,
                              "every section's 48 bytes lie inside the archive"};
const CheckDef section_chain_acyclic{"archive.section_chain_acyclic", "ARCHIVE_SECTION_CYCLE", E,
                                     "the chain of sections ends (-1) without visiting a "
                                     "section twice"};
const CheckDef section_count{"archive.section_count", "ARCHIVE_SECTION_COUNT", E,
                             "a section's entry count is not negative"};
const CheckDef table_inside{"archive.table_inside", "ARCHIVE_TABLE_OFFSET", E,
                            "a section's index table (20 bytes per entry) and name table (192 "
                            "bytes per entry) lie inside the archive"};
const CheckDef entry_count{"archive.entry_count", "ARCHIVE_ENTRY_COUNT", E,
                           "the data header's entry count is the sum of the sections' counts"};
const CheckDef payload_inside{"archive.payload_inside", "ARCHIVE_PAYLOAD_BOUNDS", E,
                              "every payload (offset, size >= 0) lies inside the archive"};
const CheckDef sizes_agree{"archive.sizes_agree", "ARCHIVE_SIZE_MISMATCH", E,
                           "the name record's size equals the index record's"};
const CheckDef file_id_unique{"archive.file_id_unique", "ARCHIVE_DUPLICATE_ID", E,
                              "file ids are unique within an archive"};
const CheckDef dialect_known{"archive.dialect_known", "ARCHIVE_DIALECT_UNKNOWN", E,
                             "some entry's payload starts with a block set of a registered "
                             "version, or a dialect is given"};

const CheckDef wrapper_magic{"archive.wrapper_magic", "ARCHIVE_WRAPPER_MAGIC", E,
                             "a version-25 index record points at a 440-byte wrapper starting "
                             "\"FILEDATA\", the payload after it"};

const CheckDef section_range{"archive.section_range", "ARCHIVE_SECTION_RANGE", W,
                             "a section's first index is the count of the entries before it, "
                             "its last index first + count - 1"};
const CheckDef payload_order{"archive.payload_order", "ARCHIVE_PAYLOAD_ORDER", W,
                             "payloads are stored in index order"};
const CheckDef payload_gap{"archive.payload_gap", "ARCHIVE_PAYLOAD_GAP", W,
                           "each payload starts where the one before it ends"};
const CheckDef payload_overlap{"archive.payload_overlap", "ARCHIVE_PAYLOAD_OVERLAP", W,
                               "no payload overlaps another or the tables"};
const CheckDef padding_zero{"archive.padding_zero", "ARCHIVE_PADDING", W,
                            "the bytes after the last payload are zeros"};
const CheckDef file_size_aligned{"archive.file_size_aligned", "ARCHIVE_FILE_SIZE", W,
                                 "the archive's size is the end of the last payload rounded up "
                                 "to 0x8000"};

const CheckDef name_size{"archive.name_size", "ARCHIVE_NAME_SIZE", W,
                         "a version-25 name record's size equals the index record's"};
const CheckDef wrapper_id{"archive.wrapper_id", "ARCHIVE_WRAPPER_ID", W,
                          "a FILEDATA wrapper's file id (i32 at 391) is the index record's"};
const CheckDef wrapper_size{"archive.wrapper_size", "ARCHIVE_WRAPPER_SIZE", W,
                            "a FILEDATA wrapper's raw size (i32 at 395) is the index record's "
                            "payload size"};

const CheckDef set_magic{"archive.set_magic", "ARCHIVE_SET_MAGIC", E,
                         "a block set starts with 0x1004FA9957FBAA33"};
const CheckDef set_version{"archive.set_version", "ARCHIVE_SET_VERSION", E,
                           "a block set's version is the dialect's (GRW 1, GRB 3)"};
const CheckDef block_size{"archive.block_size", "ARCHIVE_BLOCK_SIZE", E,
                          "the set's block size is 0x8000 and every block's uncompressed size "
                          "is at most that, its stored size at most its uncompressed size"};
const CheckDef block_count{"archive.block_count", "ARCHIVE_BLOCK_COUNT", E,
                           "the block count is not negative and its size pairs fit the payload"};
const CheckDef checksum{"archive.checksum", "ARCHIVE_CHECKSUM", E,
                        "a block's checksum is the Adler-32 (sums from 0) of its stored bytes"};
const CheckDef compression_known{"archive.compression_known", "ARCHIVE_COMPRESSION_UNKNOWN", E,
                                 "a set with compressed blocks names a compression number of "
                                 "its dialect"};
const CheckDef stream_decodes{"archive.stream_decodes", "ARCHIVE_STREAM", E,
                              "a compressed block decodes to exactly its uncompressed size"};
const CheckDef set_mode{"archive.set_mode", "ARCHIVE_SET_MODE", E,
                        "a version-25 set's mode is 0x8000 (a table) or 0 (a stream)"};
const CheckDef stream_chunk{"archive.stream_chunk", "ARCHIVE_STREAM_CHUNK", E,
                            "a stream chunk's flag is 0 or 1 and its sizes fit the payload, "
                            "the uncompressed at most 256 x stored + 64"};
const CheckDef checksum_from_one{"archive.checksum_from_one", "ARCHIVE_CHECKSUM_FROM_ONE", W,
                                 "a version-25 checksum holds from 0, not only from 1"};
const CheckDef checksum_unknown{"archive.checksum_unknown", "ARCHIVE_CHECKSUM_UNKNOWN", W,
                                "a version-25 checksum is the Adler-32 of its stored bytes, "
                                "from 0 or from 1"};
const CheckDef block_size2{"archive.block_size2", "ARCHIVE_BLOCK_SIZE2", W,
                           "the set's second block-size field equals the first"};

const CheckDef two_sets{"archive.two_sets", "ARCHIVE_PAYLOAD_TRAILING", E,
                        "a payload is exactly two block sets: the directory, the records"};
const CheckDef directory_size{"archive.directory_size", "ARCHIVE_DIRECTORY_SIZE", E,
                              "the leading set is 2 + 14 x count bytes: u16 count, "
                              "count x {u64 id, u32 record size, u16 flags}"};
const CheckDef record_length{"archive.record_length", "ARCHIVE_RECORD_SIZE", E,
                             "the directory's record size is the walked record length: 12 + "
                             "name length + gap + body size, inside the records"};
const CheckDef record_id{"archive.record_id", "ARCHIVE_RECORD_ID", E,
                         "the directory's resource id equals the body's u64 id"};
const CheckDef record_class{"archive.record_class", "ARCHIVE_RECORD_CLASS", E,
                            "the record's class equals the body's class"};
const CheckDef records_consumed{"archive.records_consumed", "ARCHIVE_RECORDS_TRAILING", E,
                                "the records end where the set ends"};
const CheckDef data_index{"archive.data_index", "ARCHIVE_DATA_INDEX", E,
                          "a version-25 data file's u16 count, rows and kept block lie inside "
                          "it, and its records walk to its end"};
const CheckDef record_flag{"archive.record_flag", "ARCHIVE_RECORD_FLAG", W,
                           "a version-25 record's flag is 0, or 1 followed by 3 bytes, u32 c "
                           "and 12 x c bytes, filling the space before the payload"};

std::vector<const CheckDef*> all() {
  return {&magic,
          &version,
          &data_header_inside,
          &section_inside,
          &section_chain_acyclic,
          &section_count,
          &table_inside,
          &entry_count,
          &payload_inside,
          &sizes_agree,
          &file_id_unique,
          &dialect_known,
          &wrapper_magic,
          &section_range,
          &payload_order,
          &payload_gap,
          &payload_overlap,
          &padding_zero,
          &file_size_aligned,
          &name_size,
          &wrapper_id,
          &wrapper_size,
          &set_magic,
          &set_version,
          &block_size,
          &block_count,
          &checksum,
          &compression_known,
          &stream_decodes,
          &set_mode,
          &stream_chunk,
          &block_size2,
          &checksum_from_one,
          &checksum_unknown,
          &two_sets,
          &directory_size,
          &record_length,
          &record_id,
          &record_class,
          &records_consumed,
          &data_index,
          &record_flag};
}

}  // namespace f2g::archive::check

namespace f2g::archive {
const char* const kOodleCode = "ARCHIVE_OODLE";
}  // namespace f2g::archive
