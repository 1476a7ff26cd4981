// The archive dialects, registered like the games: one table row per dialect (sws, grw, grb), so
// another is one entry (docs/READING.md "Forge archives"). A dialect fixes what the archive's
// bytes cannot say by themselves: its container's layout, the block-set version, the width of
// a block's size pair and what each compression number means.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace f2g::archive {

// What a compression number decodes with. Lzo1x999 streams are LZO1X streams (one decoder);
// the number only tells which compressor wrote them, and the writer uses LZO1X-999 for both.
enum class Codec { Lzo1x, Lzo1x999, Lzo2a, Lzo1c, Oodle };

struct CompressionNumber {
  uint8_t number;  // the block set's compression byte
  Codec codec;
  const char* name;  // "LZO1X-999", for listings and messages
};

// The container's record sizes, which its version decides (docs/READING.md "Container",
// "Version 25"). The header (21), section (48) and the name record's fields (type at 16,
// timestamp at 40, name char[128] at 44) are the same in every layout.
struct ContainerLayout {
  int32_t version;             // the header's i32 (27; 25)
  uint8_t data_header_size;    // i32 entry count, kept fields, u64 first section (44; 40)
  uint8_t index_record_size;   // u64 payload offset, file id, i32 payload size (20; 16)
  uint8_t id_width;            // bytes of the index record's file id (8; 4)
  uint8_t name_record_size;    // (192; 188)
  uint8_t max_files_at;        // the data header's max-files i32 (28; 24), for new archives
  uint8_t section_count_at;    // the data header's section count (32; 28), for new archives
  uint16_t wrapper_size;       // the FILEDATA wrapper before each payload (0; 440)
  uint16_t payload_alignment;  // the alignment payloads may keep (0: none; 2048)
  bool sizes_observed;         // the name record's size = the index's is Observed, not Proven
};
constexpr uint8_t kMaxNameRecordSize = 192;  // the largest name record of any layout

// What an entry's payload holds (docs/READING.md "Payload", "Version 25"): a directory set and
// a records set (version 27), or the version-25 data file (prefix, table or stream sets, u16
// count and rows, records with a flag).
enum class PayloadLayout { Paired, DataFile };

struct Dialect {
  const char* name;  // "grw", "grb": --dialect, listings
  const char* game;  // "Ghost Recon Wildlands"
  const ContainerLayout* layout;
  int16_t set_version;        // every block set's version: 1 SWS and GRW, 3 GRB
  uint8_t size_width;         // bytes per block size: 2 (u16 pairs, SWS, GRW) or 4 (i32, GRB)
  uint8_t count_width;        // bytes of a table set's block count: 2 (SWS) or 4
  uint8_t write_compression;  // the number the writer uses for new sets (LZO1X-999 in all)
  const CompressionNumber* numbers;
  uint8_t number_count;
  PayloadLayout payload;
  uint8_t body_id_at;      // the body's id: u64 at 0 (GRW, GRB); u32 at 1 after the managed byte
  uint8_t body_id_width;   // 8; 4
  bool checksum_observed;  // Adler-32 from 0 is Observed (a warning), not Proven

  // The row of `number`, or nullptr when the dialect does not name it.
  const CompressionNumber* compression(uint8_t number) const;
};

// Every registered dialect, in detection order.
const std::vector<const Dialect*>& dialects();
// The dialect called `name` ("grw", "grb"), or nullptr.
const Dialect* dialect_named(std::string_view name);
// The dialect of an archive of container `version` whose block sets carry `set_version`, or
// nullptr.
const Dialect* dialect_of_set_version(int32_t version, int16_t set_version);
// The one dialect with container `version`'s layout (the version alone decides), or nullptr
// when none or several have it.
const Dialect* dialect_of_version(int32_t version);
// The container layout of archive version `version` (a header's i32), or nullptr.
const ContainerLayout* layout_of_version(int32_t version);
// The archive versions some dialect reads, ascending, for messages ("27").
std::string known_versions();

}  // namespace f2g::archive
