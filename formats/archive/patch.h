// Patch forges (docs/READING.md "Forge archives", "Patches"): an install resolves resources by
// resource id across its forges, and NAME_patch_NN.forge supersedes NAME.forge (a higher NN a
// lower one) only for the resource ids it holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

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

// One archive's resource ids.
struct ArchiveIds {
  std::string file_name;
  std::vector<uint64_t> ids;
};
// For every resource id, the index in `archives` of the archive whose copy the install reads.
std::unordered_map<uint64_t, size_t> resolve_resources(const std::vector<ArchiveIds>& archives);

}  // namespace f2g::archive
