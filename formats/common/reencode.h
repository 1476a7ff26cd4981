// verify --reencode for the games whose encoder needs only the byte grammar (RR, GRB/GRW):
// the stored structure is read, with the field log, and encoded again. Relations between
// structures are not checked, so a mesh that breaks one still re-encodes and verify can name
// the fields that differ.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/reader.h"

namespace f2g {

// `read(reader, checker)` gives the structure, `encode(structure)` its bytes; `game` names
// the reader's codes ("RR", "GRB").
template <class Read, class Encode>
Result<std::vector<uint8_t>> reencode_grammar(const uint8_t* data, size_t size,
                                              const DecodeOptions& options, const char* game,
                                              Read read, Encode encode) {
  return catch_failure([&] {
    Reader r(data, data + size, game);
    r.set_log(options.field_log);
    std::vector<ir::Diagnostic> warnings;
    Checker c(r, warnings, options.observer);
    return encode(read(r, c));
  });
}

}  // namespace f2g
