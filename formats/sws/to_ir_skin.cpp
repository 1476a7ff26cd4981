// Skin normalisation: bones with their stored matrices as inverse binds, and blend indices
// resolved through the palettes to global bone indices (docs/READING.md "Bones", "Blend
// indices"; docs/IR.md "Materials, skin, morph targets").
#include <cmath>
#include <cstdio>
#include <cstring>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/sws_checks.h"
#include "formats/sws/to_ir.h"

namespace f2g::sws {

namespace {

using Json = nlohmann::json;

double det4(const std::array<float, 16>& a) {
  // Laplace expansion over 2x2 minors; the layout (row- or column-major) does not change it.
  const auto m = [&](int r, int c) { return double(a[size_t(r * 4 + c)]); };
  const double s0 = m(0, 0) * m(1, 1) - m(1, 0) * m(0, 1);
  const double s1 = m(0, 0) * m(1, 2) - m(1, 0) * m(0, 2);
  const double s2 = m(0, 0) * m(1, 3) - m(1, 0) * m(0, 3);
  const double s3 = m(0, 1) * m(1, 2) - m(1, 1) * m(0, 2);
  const double s4 = m(0, 1) * m(1, 3) - m(1, 1) * m(0, 3);
  const double s5 = m(0, 2) * m(1, 3) - m(1, 2) * m(0, 3);
  const double c5 = m(2, 2) * m(3, 3) - m(3, 2) * m(2, 3);
  const double c4 = m(2, 1) * m(3, 3) - m(3, 1) * m(2, 3);
  const double c3 = m(2, 1) * m(3, 2) - m(3, 1) * m(2, 2);
  const double c2 = m(2, 0) * m(3, 3) - m(3, 0) * m(2, 3);
  const double c1 = m(2, 0) * m(3, 2) - m(3, 0) * m(2, 2);
  const double c0 = m(2, 0) * m(3, 1) - m(3, 0) * m(2, 1);
  return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
}

bool invertible(const std::array<float, 16>& a) {
  double scale = 0;
  for (float f : a) {
    if (!std::isfinite(f)) return false;
    scale = std::max(scale, std::fabs(double(f)));
  }
  return scale > 0 && std::fabs(det4(a)) > 1e-12 * std::pow(scale, 4);
}

ir::Bone to_bone(const MeshBone& b, size_t i, const Sites& sites, Checker& c) {
  ir::Bone out;
  out.id = b.id;
  out.name_hash = b.name_hash;
  char name[48];
  std::snprintf(name, sizeof name, "bone_%zu_0x%08X", i, b.name_hash);
  out.name = name;
  out.extras = {{"id", hex(b.id, 8)}, {"name_hash", hex(b.name_hash, 8)}};
  // docs/READING.md: row-major with row vectors, so the 16 stored floats are already glTF's
  // column-major inverseBindMatrix.
  out.inverse_bind = b.matrix;
  if (!invertible(b.matrix)) {
    out.extras["stored_matrix"] = b.matrix;
    out.inverse_bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    c.warnings().push_back({"SWS_BONE_MATRIX_SINGULAR",
                            "the stored matrix is not invertible; identity used as the inverse "
                            "bind, the stored matrix kept in the bone's extras",
                            "mesh/bones[" + std::to_string(i) + "].matrix", sites.bones[i] + 12});
  }
  return out;
}

// Renames an attribute glTF cannot use without a skin to its custom name.
void keep_as_custom(ir::Mesh& out, const char* semantic, const char* custom) {
  if (ir::Attribute* a = out.find(semantic)) a->semantic = custom;
}

}  // namespace

void add_skin(const Mesh& m, const VertexLayout& layout, const Sites& sites, ir::Mesh& out,
              Checker& c) {
  ir::Attribute* slots = out.find("JOINTS_0");
  const ir::Attribute* weights = out.find("WEIGHTS_0");
  const CompiledData& d = m.compiled;
  const uint32_t n = out.vertex_count;

  if (weights) {
    // docs/READING.md: BLENDWEIGHT unorm8 x4, summing to 255 (assumed).
    int64_t bad = -1;
    for (uint32_t v = 0; v < n && bad < 0; ++v) {
      const uint8_t* w = &weights->u8[size_t(v) * 4];
      if (w[0] + w[1] + w[2] + w[3] != 255) bad = v;
    }
    const LayoutElement* e = layout.find("WEIGHTS_0");
    c.check(check::blend_weights_sum_255, bad < 0, "mesh/compiled.streams",
            sites.streams + (bad < 0 ? 0 : uint64_t(bad) * d.stride + e->offset), [&] {
              const uint8_t* w = &weights->u8[size_t(bad) * 4];
              return "vertex " + std::to_string(bad) + "'s weights sum to " +
                     std::to_string(w[0] + w[1] + w[2] + w[3]);
            });
  }
  if (m.bones.empty() || !slots || !weights) {
    if (!m.bones.empty()) {
      Json bones = Json::array();
      for (size_t i = 0; i < m.bones.size(); ++i) {
        const MeshBone& b = m.bones[i];
        bones.push_back(
            {{"id", hex(b.id, 8)}, {"name_hash", hex(b.name_hash, 8)}, {"matrix", b.matrix}});
      }
      out.extras["bones"] = bones;
      c.warnings().push_back({"SWS_BONES_WITHOUT_WEIGHTS",
                              std::to_string(m.bones.size()) +
                                  " bones but no BLENDINDICES and BLENDWEIGHT elements: no skin; "
                                  "the bones are kept in the mesh extras",
                              "mesh.bone_count", sites.bones.empty() ? 0 : sites.bones[0] - 4});
    }
    keep_as_custom(out, "JOINTS_0", "_BLENDINDICES");
    keep_as_custom(out, "WEIGHTS_0", "_BLENDWEIGHT");
    return;
  }

  ir::Skin skin;
  for (size_t i = 0; i < m.bones.size(); ++i)
    skin.bones.push_back(to_bone(m.bones[i], i, sites, c));

  // docs/READING.md: a range's blend indices index its palette; the IR holds global bones.
  // Vertices of range i use palette i; a vertex already resolved by an earlier range keeps
  // that resolution (first wins) and a disagreement is a warning.
  std::vector<uint16_t> joints(size_t(n) * 4, 0);
  std::vector<int64_t> owner(n, -1);
  for (size_t i = 0; i < d.ranges_a.size() && i < d.palettes.size(); ++i) {
    const Range& g = d.ranges_a[i];
    const std::vector<uint8_t>& palette = d.palettes[i].bones;
    int64_t outside = -1, conflict = -1, conflict_owner = -1;
    uint64_t conflicts = 0;
    const uint32_t end = uint32_t(std::min<uint64_t>(uint64_t(g.first_vertex) + g.vertex_count, n));
    for (uint32_t v = g.first_vertex; v < end; ++v) {
      uint16_t resolved[4];
      for (int k = 0; k < 4; ++k) {
        const uint8_t slot = slots->u8[size_t(v) * 4 + k];
        const bool weighted = weights->u8[size_t(v) * 4 + k] != 0;
        resolved[k] = slot < palette.size() ? palette[slot] : 0;
        if (slot >= palette.size() && weighted && outside < 0) outside = v;
        if (!weighted) resolved[k] = 0;  // docs/IR.md: zero weight -> joint 0
      }
      if (owner[v] < 0) {
        owner[v] = int64_t(i);
        std::memcpy(&joints[size_t(v) * 4], resolved, sizeof resolved);
      } else if (std::memcmp(&joints[size_t(v) * 4], resolved, sizeof resolved) != 0) {
        if (conflict < 0) {
          conflict = v;
          conflict_owner = owner[v];
        }
        ++conflicts;
      }
    }
    const std::string path = "mesh/compiled/palettes[" + std::to_string(i) + "]";
    c.check(check::blend_index_inside_palette, outside < 0, path + ".bones", sites.palettes[i],
            [&] {
              return "vertex " + std::to_string(outside) + " of range " + std::to_string(i) +
                     " has a weighted blend index past the palette's " +
                     std::to_string(palette.size()) + " entries; joint 0 used";
            });
    c.check(check::palettes_agree_on_shared_vertices, conflict < 0, path + ".bones",
            sites.palettes[i], [&] {
              return std::to_string(conflicts) + " vertices of range " + std::to_string(i) +
                     " (first " + std::to_string(conflict) + ") also belong to range " +
                     std::to_string(conflict_owner) +
                     ", whose palette resolves them to other bones; range " +
                     std::to_string(conflict_owner) + "'s is used";
            });
  }
  ir::Attribute j;
  j.semantic = "JOINTS_0";
  j.width = 4;
  if (m.bones.size() <= 256) {
    j.type = ir::Scalar::U8;
    j.u8.assign(joints.begin(), joints.end());
  } else {
    j.type = ir::Scalar::U16;
    j.u16 = std::move(joints);
  }
  *slots = std::move(j);
  out.skin = std::move(skin);
}

}  // namespace f2g::sws
