// The room's inside (not part of the API): the block-set codec on the shared Reader and
// Checker, so an entry's two sets are read from one reader with one field path.
#pragma once

#include <string>
#include <vector>

#include "formats/archive/block_set.h"
#include "formats/common/checks.h"
#include "formats/common/reader.h"

namespace f2g::archive {

// Reads one set at the reader's position and advances past it (throws DecodeFailure).
BlockSet read_set(Reader& r, const Dialect& dialect, Checker& c);
// Decompresses `set` with `codecs` (throws DecodeFailure; ARCHIVE_OODLE for a block whose
// codec is missing).
std::vector<uint8_t> decompress_set(const Dialect& dialect, const BlockSet& set,
                                    const Codecs& codecs, Checker& c, const std::string& path);
// The failure a block gives whose codec this run lacks, located at the block.
[[noreturn]] void fail_codec_missing(const StoredBlock& block, const std::string& path);

}  // namespace f2g::archive
