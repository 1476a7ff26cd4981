// `forge2gltf verify --reencode ARCHIVE`: every entry decompressed and compressed again with
// its own set structure (reencode_entry_payload), the tables rewritten (write_archive), and
// the result compared with the input byte for byte. Oodle and special entries cannot be
// recompressed here: they are copied verbatim and counted. The output is never held whole: it
// is compared as the writer produces it.
//
// JSON shape (stable; keys are never removed):
//   {"input": "DataPC.forge", "ok": false, "input_size": 98304, "output_size": 98304,
//    "entries": 7, "reencoded": 5, "copied_oodle": 1, "copied_special": 1,
//    "differing_entries": 1,
//    "first_entry": null | {"index": 2, "file_id": 1003, "name": "GR_Box",
//                           "offset": 33024, "input_size": 900, "output_size": 512,
//                           "first_byte": 61},
//    "first_difference": null | offset of the first differing byte of the archive,
//    "error": null | {"code", "message", "path", "offset"}}
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "converter/io/input_file.h"
#include "ir/diagnostic.h"

namespace f2g::verify {

struct EntryDifference {
  uint64_t index = 0, file_id = 0;
  std::string name;
  uint64_t offset = 0;  // of the input's payload
  uint64_t input_size = 0, output_size = 0;
  uint64_t first_byte = 0;  // within the payload
};

struct ArchiveReencodeReport {
  std::string input;
  uint64_t input_size = 0, output_size = 0;
  uint64_t entries = 0, reencoded = 0, copied_oodle = 0, copied_special = 0;
  uint64_t differing_entries = 0;
  std::optional<EntryDifference> first_entry;  // the first entry whose payload came out different
  std::optional<uint64_t> first_difference;    // the first differing byte of the archive
  std::optional<ir::Diagnostic> error;         // the archive or an entry did not read or encode

  bool ok() const { return !error && !first_entry && !first_difference; }
};

// `release(offset, size)` (if set) is told when the bytes of an entry are done with, so a
// caller reading a mapped archive can give their pages back. An entry that re-encodes to its
// stored bytes is written from them, so memory holds only the entries that differ: a game's
// archive of any size checks in a bounded resident set.
ArchiveReencodeReport reencode_archive_check(
    const uint8_t* data, size_t size,
    const std::function<void(uint64_t offset, uint64_t size)>& release = nullptr);

nlohmann::json to_json(const ArchiveReencodeReport& report);
void print_text(const ArchiveReencodeReport& report, std::ostream& out);

// verify --reencode on an input that is an archive: 0 when byte-exact, else 1.
int run_archive_reencode(const std::string& input, const io::MappedInput& archive, bool json,
                         std::ostream& out, std::ostream& err);

}  // namespace f2g::verify
