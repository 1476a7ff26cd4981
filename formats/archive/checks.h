// The named relations of the archive reading, one CheckDef each (docs/READING.md "Forge
// archives", docs/errors.md "Archives"). A break of what decides the bytes read (sizes,
// offsets, counts, checksums, ids, classes, the walked record length) is an error (Proven); a
// break of layout alone, which reads correctly and other tools' repacks may not keep, is a
// warning (Observed).
#pragma once

#include <vector>

#include "formats/common/checks.h"

namespace f2g::archive::check {

// Container: errors
extern const CheckDef magic;                  // ARCHIVE_MAGIC
extern const CheckDef version;                // ARCHIVE_VERSION
extern const CheckDef data_header_inside;     // ARCHIVE_DATA_HEADER_OFFSET
extern const CheckDef section_inside;         // ARCHIVE_SECTION_OFFSET
extern const CheckDef section_chain_acyclic;  // ARCHIVE_SECTION_CYCLE
extern const CheckDef section_count;          // ARCHIVE_SECTION_COUNT
extern const CheckDef table_inside;           // ARCHIVE_TABLE_OFFSET
extern const CheckDef entry_count;            // ARCHIVE_ENTRY_COUNT
extern const CheckDef payload_inside;         // ARCHIVE_PAYLOAD_BOUNDS
extern const CheckDef sizes_agree;            // ARCHIVE_SIZE_MISMATCH
extern const CheckDef file_id_unique;         // ARCHIVE_DUPLICATE_ID
extern const CheckDef dialect_known;          // ARCHIVE_DIALECT_UNKNOWN
extern const CheckDef wrapper_magic;          // ARCHIVE_WRAPPER_MAGIC (version 25)
// Container: warnings (layout only)
extern const CheckDef section_range;      // ARCHIVE_SECTION_RANGE
extern const CheckDef payload_order;      // ARCHIVE_PAYLOAD_ORDER
extern const CheckDef payload_gap;        // ARCHIVE_PAYLOAD_GAP
extern const CheckDef payload_overlap;    // ARCHIVE_PAYLOAD_OVERLAP
extern const CheckDef padding_zero;       // ARCHIVE_PADDING
extern const CheckDef file_size_aligned;  // ARCHIVE_FILE_SIZE
// Container, version 25: warnings (inferred for SWS, not deciding the bytes read)
extern const CheckDef name_size;     // ARCHIVE_NAME_SIZE
extern const CheckDef wrapper_id;    // ARCHIVE_WRAPPER_ID
extern const CheckDef wrapper_size;  // ARCHIVE_WRAPPER_SIZE

// Block sets: errors
extern const CheckDef set_magic;          // ARCHIVE_SET_MAGIC
extern const CheckDef set_version;        // ARCHIVE_SET_VERSION
extern const CheckDef block_size;         // ARCHIVE_BLOCK_SIZE
extern const CheckDef block_count;        // ARCHIVE_BLOCK_COUNT
extern const CheckDef checksum;           // ARCHIVE_CHECKSUM
extern const CheckDef compression_known;  // ARCHIVE_COMPRESSION_UNKNOWN
extern const CheckDef stream_decodes;     // ARCHIVE_STREAM
extern const CheckDef set_mode;           // ARCHIVE_SET_MODE (version 25)
extern const CheckDef stream_chunk;       // ARCHIVE_STREAM_CHUNK (version 25)
// Block sets: warnings
extern const CheckDef block_size2;  // ARCHIVE_BLOCK_SIZE2
// Block sets, version 25: warnings
extern const CheckDef checksum_from_one;  // ARCHIVE_CHECKSUM_FROM_ONE
extern const CheckDef checksum_unknown;   // ARCHIVE_CHECKSUM_UNKNOWN

// Payload: errors
extern const CheckDef two_sets;          // ARCHIVE_PAYLOAD_TRAILING
extern const CheckDef directory_size;    // ARCHIVE_DIRECTORY_SIZE
extern const CheckDef record_length;     // ARCHIVE_RECORD_SIZE
extern const CheckDef record_id;         // ARCHIVE_RECORD_ID
extern const CheckDef record_class;      // ARCHIVE_RECORD_CLASS
extern const CheckDef records_consumed;  // ARCHIVE_RECORDS_TRAILING
extern const CheckDef data_index;        // ARCHIVE_DATA_INDEX (version 25)
// Payload, version 25: warnings
extern const CheckDef record_flag;  // ARCHIVE_RECORD_FLAG

// Every archive check, for all_checks() and the census.
std::vector<const CheckDef*> all();

}  // namespace f2g::archive::check

namespace f2g::archive {
// Reported once per archive for its Oodle entries (a warning: every other entry converts).
extern const char* const kOodleCode;  // "ARCHIVE_OODLE"
}  // namespace f2g::archive
