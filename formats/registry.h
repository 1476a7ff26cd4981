// The format registry: one entry per game (formats/common/format.h), and the one detection,
// decode and re-encode entry point everything above formats/ uses. Adding a game is a
// folder under formats/ and one line in registry.cpp (docs/ARCHITECTURE.md "Adding a game").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/format.h"

namespace f2g {

// Every registered format, in detection order.
const std::vector<const Format*>& registered_formats();

// The entry named `name` ("sws"), or nullptr.
const Format* find_format(const std::string& name);

// Which format the bytes hold: the first entry, in registry order, whose looks_like accepts
// them. A forced entry is returned as is. Anything else is an Error with code
// FORMAT_UNRECOGNISED naming every entry's signature and what was found.
Result<const Format*> detect(const uint8_t* data, size_t size, const Format* forced = nullptr);

Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options);

// decode then encode the format's own structure: equals the input for every readable mesh.
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options);

// Every named relation of every format (the census and the error catalogue list them).
std::vector<const CheckDef*> all_checks();

}  // namespace f2g
