// The census as JSON: a stable shape, sorted, no timestamps, so it can be checked in and
// compared (docs/census-samples.json).
#pragma once

#include <nlohmann/json.hpp>

#include "converter/inspect/census.h"

namespace f2g::census {

// {"files", "formats", "unrecognised", "failures", "checks", "fields", "vertex_formats"}
nlohmann::json to_json(const CensusReport& report);

// The most common values of a field: count descending, then value ascending, at most `n`.
std::vector<std::pair<double, uint64_t>> top_values(const FieldTally& field, size_t n);

constexpr size_t kTopValues = 10;

}  // namespace f2g::census
