// The JSON of the parts formats/common/object_codec.h reads, for each game's
// structure_json.cpp (`info`, `census`): every stored field, buffers as lengths and offsets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "formats/common/object_codec.h"

namespace f2g {

nlohmann::json head_json(const ObjectHead& h);  // {"id", "class", "offset"}
nlohmann::json blob_json(const Blob& b);        // {"length", "offset", "data_offset"}
// ["0x0A", "0xFF", ...]: a short run of stored bytes, one string a byte.
nlohmann::json byte_list_json(const uint8_t* p, size_t n);

}  // namespace f2g
