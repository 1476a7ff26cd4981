// Patch forges (docs/READING.md "Forge archives", "Patches"): an install resolves resources by
// resource id across its forges, and NAME_patch_NN.forge supersedes NAME.forge (a higher NN a
// lower one) only for the resource ids it holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace f2g::archive {

struct ForgeName {
  std::string base;  // "DataPC.forge" for both DataPC.forge and DataPC_patch_01.forge
  int patch = 0;     // 0 for a base forge, NN for NAME_patch_NN.forge
};
// Parses a file name (a directory part is ignored).
ForgeName forge_name(std::string_view file_name);

// True when `a`'s copy of a resource id both hold wins over `b`'s: a higher patch number
// wins; between equal numbers (different bases) the later file name wins, so the choice is
// deterministic (assumed: the sources say nothing of ids shared across bases).
bool supersedes(std::string_view a, std::string_view b);

}  // namespace f2g::archive
