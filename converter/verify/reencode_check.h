// `forge2gltf verify --reencode INPUT`: the format's encoder must give back the input byte for
// byte (docs/ARCHITECTURE.md "Tests": encode(decode(bytes)) == bytes). On a difference the report
// names the first differing offset, both bytes and the input field that covers the offset
// (a second decode with a FieldLog attached, then field_at()).
//
// JSON shape (stable; keys are never removed):
//   {"input": "in.mesh", "ok": false, "input_size": 1234, "output_size": 1234,
//    "differing_bytes": 1,
//    "first_difference": null | {"offset": 52, "field": "mesh/compiled/flags",
//                                "field_offset": 52, "field_size": 4,
//                                "expected": 16, "found": 17},
//    "error": null | {"code", "message", "path", "offset"}}
// "expected"/"found" are the input's and the re-encoded byte, null past the end of either;
// "field" is "" when no field read covers the offset (past the end of the input).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "ir/diagnostic.h"

namespace f2g::verify {

struct ByteDifference {
  uint64_t offset = 0;
  std::string field;  // innermost field of the input covering `offset`
  uint64_t field_offset = 0;
  uint64_t field_size = 0;
  int expected = -1;  // input byte; -1 past its end
  int found = -1;     // re-encoded byte; -1 past its end
};

struct ReencodeReport {
  std::string input;
  uint64_t input_size = 0;
  uint64_t output_size = 0;
  uint64_t differing_bytes = 0;  // over the common length, plus the size difference
  std::optional<ByteDifference> first_difference;
  std::optional<ir::Diagnostic> error;  // decode or encode failed

  bool ok() const { return !error && !first_difference; }
};

// reencode(input) compared with input.
ReencodeReport reencode_check(const uint8_t* input, size_t size, const DecodeOptions& options);

// The comparison on its own: `reencoded` against `input`, fields named from `input`.
ReencodeReport compare_bytes(const uint8_t* input, size_t size,
                             const std::vector<uint8_t>& reencoded, const DecodeOptions& options);

nlohmann::json to_json(const ReencodeReport& report);
void print_text(const ReencodeReport& report, std::ostream& out);

// `forge2gltf verify --reencode INPUT [--json]`: 0 when byte-exact, else 1.
int run_reencode(const std::string& input, bool json, const DecodeOptions& options,
                 std::ostream& out, std::ostream& err);

}  // namespace f2g::verify
