// The archive dialects, registered like the games: one table row per dialect (grw, grb), so a
// third is one entry (docs/READING.md "Forge archives"). A dialect fixes what the archive's
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
enum class Codec { Lzo1x, Lzo1x999, Lzo2a, Oodle };

struct CompressionNumber {
  uint8_t number;  // the block set's compression byte
  Codec codec;
  const char* name;  // "LZO1X-999", for listings and messages
};

// The container's record sizes, which its version decides (docs/READING.md "Container"). The
// header (21), section (48) and the name record's fields (type at 16, timestamp at 40, name
// char[128] at 44) are the same in every layout.
struct ContainerLayout {
  int32_t version;            // the header's i32 (27)
  uint8_t data_header_size;   // i32 entry count, kept fields, u64 first section (44)
  uint8_t index_record_size;  // u64 payload offset, file id, i32 payload size (20)
  uint8_t id_width;           // bytes of the index record's file id (8)
  uint8_t name_record_size;   // (192)
};
constexpr uint8_t kMaxNameRecordSize = 192;  // the largest name record of any layout

struct Dialect {
  const char* name;  // "grw", "grb": --dialect, listings
  const char* game;  // "Ghost Recon Wildlands"
  const ContainerLayout* layout;
  int16_t set_version;        // every block set's version: 1 GRW, 3 GRB (decides detection)
  uint8_t size_width;         // bytes per block size: 2 (u16 pairs, GRW) or 4 (i32 pairs, GRB)
  uint8_t write_compression;  // the number the writer uses for new sets (LZO1X-999 in both)
  const CompressionNumber* numbers;
  uint8_t number_count;

  // The row of `number`, or nullptr when the dialect does not name it.
  const CompressionNumber* compression(uint8_t number) const;
};

// Every registered dialect, in detection order.
const std::vector<const Dialect*>& dialects();
// The dialect called `name` ("grw", "grb"), or nullptr.
const Dialect* dialect_named(std::string_view name);
// The dialect whose block sets carry `set_version`, or nullptr.
const Dialect* dialect_of_set_version(int16_t set_version);
// The container layout of archive version `version` (a header's i32), or nullptr.
const ContainerLayout* layout_of_version(int32_t version);
// The archive versions some dialect reads, ascending, for messages ("27").
std::string known_versions();

}  // namespace f2g::archive
