// The one way the tool turns JSON into text (every --json, --report, census and scan file):
// names come from file systems and archives and need not be UTF-8, so a byte that is not
// UTF-8 becomes U+FFFD instead of failing the whole output (docs/usage.md "Names that are not
// UTF-8"). Only the text changes: files and archive bytes keep the names as they are.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace f2g::io {

// `value` as text: `indent` < 0 is one line, otherwise nlohmann's indented form. Never throws
// on a string's bytes.
std::string json_text(const nlohmann::json& value, int indent = 2);

}  // namespace f2g::io
