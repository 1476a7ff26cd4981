// The 4x4 bone matrices every game of the engine stores: whether one can serve as an inverse
// bind matrix, and the identity used in place of one that cannot.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "formats/common/checks.h"
#include "ir/mesh.h"

namespace f2g {

constexpr std::array<float, 16> kIdentityMatrix{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

// Invertible in practice: finite, not all zero, and a determinant that is not negligible
// against the size of the entries.
bool invertible(const std::array<float, 16>& a);

// The stored fields of RR's and GRB/GRW's bone `i` in a skin: the 16 floats in stored order
// are the glTF column-major inverse bind matrix (docs/READING.md "Bones"). A matrix that is
// not invertible cannot be one: identity stands in, the stored floats go to the bone's
// extras ("stored_matrix"), and `def` warns at `path` / `offset`. This keeps the skin usable
// (the bone sits at the origin) without inventing a pose. Named "bone_<i>_0x<HASH>".
struct StoredBone {
  uint64_t id = 0;
  uint32_t name_hash = 0;
  std::array<float, 16> matrix{};
  ir::Json extras;  // the game's stored fields besides these
};
ir::Bone bone_of(size_t i, const StoredBone& b, Checker& c, const CheckDef& def,
                 const std::string& path, uint64_t offset);

// The skin of a game's bone records in stored order, or nothing for none: record i is
// `stored_of(record)` (its StoredBone, and the offset of the record, whose matrix starts 16
// bytes in), its matrix checked as bone_of does at `list`[i].matrix.
template <class Record, class StoredOf>
std::optional<ir::Skin> skin_of(const std::vector<Record>& records, Checker& c, const CheckDef& def,
                                const std::string& list, StoredOf stored_of) {
  if (records.empty()) return std::nullopt;
  ir::Skin skin;
  for (size_t i = 0; i < records.size(); ++i) {
    const auto [stored, offset] = stored_of(records[i]);
    skin.bones.push_back(
        bone_of(i, stored, c, def, list + "[" + std::to_string(i) + "].matrix", offset + 16));
  }
  return skin;
}

}  // namespace f2g
