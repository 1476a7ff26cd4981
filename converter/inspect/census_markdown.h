// The census as Markdown that reads like the spec's own notes ("holds on all 11 meshes",
// "0 on 9 meshes; 1 to 5 on 2"): every check by name, every field, every vertex-format
// entry in use. Deterministic, no timestamps (docs/census-samples.md is checked in).
#pragma once

#include <string>

#include "converter/inspect/census.h"

namespace f2g::census {

std::string to_markdown(const CensusReport& report, const std::string& title);

// The phrases, exposed for tests.
std::string count_text(uint64_t n);  // 16149 -> "16,149"
// 16 -> "16", 70000 -> "0x11170", 0.5 -> "0.5"; whole numbers in hex when `hex` (bit sets).
std::string value_text(double v, bool hex = false);
std::string holds_text(uint64_t held, uint64_t evaluated);  // "holds on all 11 meshes"
std::string field_text(const std::string& name, const FieldTally& field);
// Names in natural order: "trailer_bool_2" before "trailer_bool_10".
bool natural_less(const std::string& a, const std::string& b);

}  // namespace f2g::census
