// The verify report as users and scripts see it: a text table and a stable JSON document.
//
// JSON shape (`forge2gltf verify --json`, also embedded per file by `convert --verify`):
//   {
//     "input": "in.mesh", "output": "out.glb", "ok": true,
//     "compact": "" | "quantized" | "compressed" | "quantized+compressed",  // form read
//     "error": null | {"code", "message", "path", "offset"},   // input or glb unreadable
//     "rows": [{"attribute": "POSITION", "compared": 120, "exact": 120,
//               "within_tolerance": 0, "nearest": 0, "mismatched": 0,
//               "max_error": 0}, ...],                          // verify.h lists every row
//     "mismatches": [{"primitive": 0, "attribute": "POSITION", "index_kind": "vertex",
//                     "index": 17, "expected": "(1, 2, 3)", "found": "(1.00000012, 2, 3)"}]
//   }
// Counts are integers; max_error is a number (null when infinite: a value absent on one side
// or non-finite); "primitive" is -1 for mesh-level values; "index_kind" says what "index"
// counts ("vertex", "corner" within the primitive, "bone", "material", "target",
// "primitive", "count", "attribute", "mesh"). Keys are never removed; new ones may be added.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>

#include "converter/verify/verify.h"

namespace f2g::verify {

nlohmann::json to_json(const VerifyReport& report);

// A header line (OK / FAILED with the mismatch count), the row table, then the listed
// mismatches, one per line.
void print_text(const VerifyReport& report, std::ostream& out);

}  // namespace f2g::verify
