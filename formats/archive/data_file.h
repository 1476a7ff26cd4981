// The room's inside (not part of the API): the version-25 payload, a "data file" (docs/READING.md
// "Version 25"), read and written beside the version-27 pair of sets in entry.cpp, on the same
// record walk.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "formats/archive/entry.h"
#include "formats/common/checks.h"

namespace f2g::archive {

constexpr size_t kRecordHead = 12;  // u32 class, u32 body size, u32 name length

// Walks `rec` by the directory's record sizes: each record's id (at the dialect's body_id_at)
// and class checked against the directory's and its own (throws DecodeFailure). `at` is the
// archive offset the diagnostics carry (the set holding the records).
std::vector<Resource> walk_records(const Dialect& d, const std::vector<uint8_t>& rec,
                                   const std::vector<DirectoryEntry>& dir, uint64_t at, Checker& c,
                                   const std::string& path);
// The records of `resources` as one buffer, in order (the mirror of walk_records).
std::vector<uint8_t> write_records(const std::vector<ResourceRecord>& resources);

// Entry `e`'s data file: prefix, sets, rows, records, each form detected and every relation
// checked (throws DecodeFailure).
EntryContents read_data_file(const Archive& a, const Entry& e, const uint8_t* data, Checker& c);

// The rows alone, cheaply, where the first set of a table pair holds exactly the index part
// (as version 27's leading set holds the directory): that set decompressed, the rest not read.
// nullopt where it does not (a stream, no set, another split): read_data_file then decides.
std::optional<std::vector<DirectoryEntry>> data_file_directory(const Archive& a, const Entry& e,
                                                               const uint8_t* data, Checker& c);

// `resources` as a data file: in `like`'s form and sets (a payload read: its rows patched with
// the new sizes, its sets' compressions and split kept) or, `like` null, in `form`.
Result<std::vector<uint8_t>> encode_data_file(const Dialect& d,
                                              const std::vector<ResourceRecord>& resources,
                                              const EntryContents* like, const DataFileForm& form,
                                              int compression, const Codecs& codecs);

}  // namespace f2g::archive
