// MeshInstancingData, 12 + 274 bytes (docs/READING.md "MeshInstancingData"). The words at
// +1, +3 and +5 and the bone table are open: kept as stored, and the census tallies the
// evidence for each reading (never an error or a warning).
#include <algorithm>

#include "formats/grb/codec_parts.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {

namespace {

// The table as AnvilToolkit reads it: 128 u16 entries.
uint16_t table_entry(const Instancing& e, size_t k) {
  uint16_t v;
  std::memcpy(&v, e.bone_table.data() + 2 * k, 2);
  return v;
}

// The census of the open readings for entry `draw`.
void census_open_readings(ReadContext& x, const Instancing& e, uint32_t draw) {
  if (!x.c.observer()) return;
  constexpr size_t kEntries = kBoneTableSize / 2;
  size_t leading = 0;
  while (leading < kEntries && table_entry(e, leading) != 0) ++leading;
  // Identity: entries 0..n-1 are 0..n-1 (n the word at +3, AnvilToolkit's count), the rest 0.
  bool identity = e.word3 <= kEntries;
  for (size_t k = 0; identity && k < kEntries; ++k)
    identity = table_entry(e, k) == (k < e.word3 ? k : 0);
  x.c.field("grb.instancing_plus1_equals_draw_index", e.word1 == draw);
  x.c.field("grb.instancing_plus3_equals_draw_index", e.word3 == draw);
  x.c.field("grb.instancing_plus5_equals_draw_index", e.word5 == draw);
  x.c.field("grb.instancing_plus1_equals_leading_nonzero", e.word1 == leading);
  x.c.field("grb.instancing_plus3_equals_leading_nonzero", e.word3 == leading);
  x.c.field("grb.instancing_plus5_equals_leading_nonzero", e.word5 == leading);
  x.c.field("grb.instancing_table_is_identity", identity);
}

}  // namespace

void read_instancing(ReadContext& x, Instancing& e, uint32_t draw) {
  e.head = read_head(x, check::instancing_class, kMeshInstancingDataClass);
  read_fields(x.r, e, kInstancingFields);
  const uint8_t* t = x.r.take(kBoneTableSize, "bone_table");
  std::copy(t, t + kBoneTableSize, e.bone_table.begin());
  x.c.field("grb.instancing_shadow_caster", e.shadow_caster);
  x.c.field("grb.instancing_material_tag", e.material_tag);
  census_open_readings(x, e, draw);
}

void write_instancing(ByteWriter& w, const Instancing& e) {
  write_head(w, e.head);
  write_fields(w, e, kInstancingFields);
  w.bytes(e.bone_table.data(), e.bone_table.size());
}

}  // namespace f2g::grb
