// What the rest of the program needs of one game: a registry entry (formats/registry.h lists
// them). Each game's folder defines its own entry; nothing outside formats/ names a game.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/rebuild.h"
#include "formats/common/skeleton_tree.h"
#include "formats/common/texture_reading.h"

namespace f2g {

// census: which vertex-format table entry a mesh uses, as the values of these stored fields
// (found by name in the decoded structure or the field log), and the relation that tests the
// entry.
struct CensusEntryField {
  const char* name;   // in the structure and, prefixed "<format>.", as a reported field
  const char* label;  // in the entry's name
  bool hex;           // a bit set
};
struct CensusRule {
  std::vector<CensusEntryField> fields;  // in the entry's name order
  const char* relation = nullptr;        // the check whose outcome tells whether the entry fits
};

// scan: one way a mesh of this format shows inside a larger file. The class word is searched
// for; each hit is turned into the mesh starts it implies by `starts`, whose cheap checks keep
// a stray class word from becoming a candidate (no decode is run there).
struct ScanSignature {
  const char* name;   // stable, in the scan's JSON: "sws", "rr-header", "rr-body"
  uint32_t class_id;  // the little-endian class word searched for
  // Appends to `out` every start the hit at `hit` implies. `max_bones` bounds how many bone
  // counts a signature may try when it derives a start from a marker behind the bones.
  void (*starts)(const uint8_t* data, size_t size, uint64_t hit, uint32_t max_bones,
                 std::vector<uint64_t>& out);
};

struct Format {
  const char* name;       // --format, the report's "format", census keys: "sws"
  const char* game;       // --help: "Shaun White Skateboarding"
  const char* signature;  // FORMAT_UNRECOGNISED names it: "SWS: Mesh class 0x415D9568 at byte 5"
  int id_hex_digits;      // object ids as written: 8 for u32 ids, 16 for u64 ids
  // Detection by content: does the buffer start with a mesh of this format?
  bool (*looks_like)(const uint8_t* data, size_t size);
  // Strict read to the exact end, then normalisation to the IR.
  Result<Decoded> (*decode)(const uint8_t* data, size_t size, const DecodeOptions& options);
  // decode to the format structure and encode it back (byte-exact for every readable mesh).
  Result<std::vector<uint8_t>> (*reencode)(const uint8_t* data, size_t size,
                                           const DecodeOptions& options);
  // The named relations the decoder checks.
  std::vector<const CheckDef*> (*checks)();
  // Parses a user's vertex-format table (--vertex-formats; `file` names it in messages).
  Result<std::shared_ptr<const VertexTable>> (*parse_vertex_table)(const std::string& json,
                                                                   const std::string& file);
  CensusRule census;
  std::vector<ScanSignature> scan;
  // scan: the name of the container record that frames the confirmed mesh [offset, offset +
  // length) of `data`, when the bytes before it are such a record whose lengths agree with the
  // mesh; "" otherwise. nullptr: the format knows no such record.
  std::string (*scan_record_name)(const uint8_t* data, size_t size, uint64_t offset,
                                  uint64_t length);
  // import: the donor's structure with the new geometry, every derived field recomputed,
  // encoded (formats/common/rebuild.h). nullptr: `import` refuses this format's donors.
  Result<Rebuilt> (*rebuild)(const RebuildInput& input);
  // Its files may carry a header before the payload, and an archive record's gap is read as
  // one (DecodeOptions::payload_offset); false: the record's body alone is decoded.
  bool reads_record_gap;
  // A Skeleton resource's body read to its tree (formats/common/skeleton_tree.h); `observer`
  // sees the checks. nullptr: the game's Skeleton layout is not known.
  Result<SkeletonReading> (*skeleton)(const uint8_t* data, size_t size, DecodeObserver* observer);
  // A Skeleton body read whole and written again (verify --reencode); nullptr with `skeleton`.
  Result<std::vector<uint8_t>> (*skeleton_reencode)(const uint8_t* data, size_t size);
  // Materials and texture maps (formats/common/texture_reading.h). nullptr: the game's
  // layouts are not known, its materials stay placeholders.
  const TextureCodecs* textures;
};

}  // namespace f2g
