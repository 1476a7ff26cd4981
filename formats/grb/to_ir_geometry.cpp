// Indices and vertex attributes of the IR, with the checks that look at every value
// (docs/READING.md "Draws, indices and materials", "GRB/GRW element decoding").
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "formats/common/indices.h"
#include "formats/grb/grb_checks.h"
#include "formats/grb/to_ir.h"
#include "formats/grb/vertex_codec.h"

namespace f2g::grb {

// Clustered MinIndex + stored index, MeshData-only as stored; each inside the vertex buffer
// (error) and the draw's declared span (warning).
std::vector<uint32_t> decode_indices(const Layout& l, Checker& c) {
  std::vector<uint32_t> out(static_cast<size_t>(l.index_count));
  const uint8_t* data = l.indices->bytes.data();
  const uint64_t data_at = l.indices->offset + 4;
  const std::string path =
      l.clustered ? "mesh/compiled/clustered.index_buffer" : "mesh/compiled/mesh_data.index_buffer";
  uint64_t outside_span = 0, first_k = 0, first_v = 0;
  size_t first_draw = 0;
  for (size_t di = 0; di < l.draws.size(); ++di) {
    const Draw& d = l.draws[di];
    const uint64_t add = l.clustered ? d.min_index : 0;  // relative only in clustered meshes
    for (uint64_t k = d.first_index; k < d.first_index + d.index_count; ++k) {
      const uint32_t stored = index_at(data, k, l.index_size);
      const uint64_t v = add + stored;
      c.check(check::index_inside_vertex_buffer, v < l.vertex_count, path,
              data_at + k * l.index_size, [&] {
                return "index " + std::to_string(k) + " of draw " + std::to_string(di) +
                       " names vertex " + std::to_string(v) +
                       (l.clustered ? " (MinIndex + stored)" : "") + " of a buffer of " +
                       std::to_string(l.vertex_count);
              });
      if ((v < d.min_index || v - d.min_index >= d.num_vertices) && outside_span++ == 0)
        first_k = k, first_v = v, first_draw = di;
      out[static_cast<size_t>(k)] = static_cast<uint32_t>(v);
    }
  }
  c.check(check::index_inside_draw_span, outside_span == 0, path, data_at + first_k * l.index_size,
          [&] {
            const Draw& d = l.draws[first_draw];
            return std::to_string(outside_span) + " indices lie outside their draw's [MinIndex, " +
                   "MinIndex + NumVertices); first: index " + std::to_string(first_k) + " = " +
                   std::to_string(first_v) + " of draw " + std::to_string(first_draw) + " [" +
                   std::to_string(d.min_index) + ", " +
                   std::to_string(d.min_index + d.num_vertices) + ")";
          });
  return out;
}

namespace {

std::string vb_path(const Layout& l) {
  return l.clustered ? "mesh/compiled/clustered.vertex_buffer"
                     : "mesh/compiled/mesh_data.vertex_buffer";
}

ir::Attribute* find(std::vector<ir::Attribute>& attrs, const std::string& semantic) {
  for (ir::Attribute& a : attrs)
    if (a.semantic == semantic) return &a;
  return nullptr;
}

// Skinned meshes store w = +32767, static ones |w| = Q (docs/READING.md "Position").
void check_position_w(const MeshFile& m, const Layout& l, Checker& c) {
  const uint8_t* vb = l.vertices->bytes.data();
  uint64_t bad = 0, first = 0;
  int first_w = 0;
  for (uint64_t v = 0; v < l.vertex_count; ++v) {
    const int w = std::abs(int(position_w(*l.format, vb, v)));
    if (w != 32767 && float(w) != m.compiled.q && bad++ == 0) first = v, first_w = w;
  }
  c.check(check::position_w_is_32767_or_q, bad == 0, vb_path(l),
          l.vertices->offset + 4 + first * l.stride + l.format->find("POSITION")->offset + 6, [&] {
            return std::to_string(bad) +
                   " positions have |w| neither 32767 nor Q = " + std::to_string(m.compiled.q) +
                   " (first: vertex " + std::to_string(first) + ", |w| " + std::to_string(first_w) +
                   ")";
          });
}

// docs/READING.md "Skin": joints index the mesh's bones; a weighted joint past BoneCount is an
// error, a zero-weight one a warning read as bone 0; weights should sum to 255.
void check_skin(std::vector<ir::Attribute>& attrs, size_t bones, const Layout& l, Checker& c) {
  std::vector<std::pair<ir::Attribute*, ir::Attribute*>> sets;
  std::vector<uint32_t> joint_offsets;
  for (int s = 0; s < 4; ++s) {
    const std::string n = std::to_string(s);
    ir::Attribute* j = find(attrs, "JOINTS_" + n);
    ir::Attribute* w = find(attrs, "WEIGHTS_" + n);
    if (j && w) {
      sets.push_back({j, w});
      joint_offsets.push_back(l.format->find("JOINTS_" + n)->offset);
    }
  }
  if (sets.empty()) return;
  const uint64_t vb_at = l.vertices->offset + 4;
  uint64_t zero_bad = 0, zero_v = 0, sum_bad = 0, sum_v = 0;
  unsigned first_sum = 0;
  for (uint64_t v = 0; v < l.vertex_count; ++v) {
    unsigned sum = 0;
    for (size_t s = 0; s < sets.size(); ++s)
      for (int lane = 0; lane < 4; ++lane) {
        const size_t i = static_cast<size_t>(v) * 4 + lane;
        uint8_t& joint = sets[s].first->u8[i];
        const uint8_t weight = sets[s].second->u8[i];
        sum += weight;
        if (joint < bones) continue;
        c.check(check::weighted_joint_inside_bones, weight == 0, vb_path(l),
                vb_at + v * l.stride + joint_offsets[s] + lane, [&] {
                  return "vertex " + std::to_string(v) + " has joint " + std::to_string(joint) +
                         " with weight " + std::to_string(weight) + " past the " +
                         std::to_string(bones) + " bones";
                });
        if (zero_bad++ == 0) zero_v = v;
        joint = 0;
      }
    if (sum != 255 && sum_bad++ == 0) sum_v = v, first_sum = sum;
  }
  c.check(check::zero_weight_joint_inside_bones, zero_bad == 0, vb_path(l),
          vb_at + zero_v * l.stride, [&] {
            return std::to_string(zero_bad) + " zero-weight joints name no bone of " +
                   std::to_string(bones) + " (first: vertex " + std::to_string(zero_v) +
                   "); read as bone 0";
          });
  c.check(check::weights_sum_255, sum_bad == 0, vb_path(l), vb_at + sum_v * l.stride, [&] {
    return std::to_string(sum_bad) + " vertices' weights do not sum to 255 (first: vertex " +
           std::to_string(sum_v) + ", " + std::to_string(first_sum) + ")";
  });
  if (bones == 0) ir::drop_influences(attrs);  // nothing to bind to: no joints without a skin
}

// docs/READING.md "GRB/GRW element decoding": the open alternative, joints through the draw's
// instancing bone table, is census only. Per draw: do all its weighted joints index the table
// (u16 entries, the count at +3) and name a bone through it?
void census_joint_tables(const MeshFile& m, const Layout& l,
                         const std::vector<ir::Attribute>& attrs, Checker& c) {
  const size_t bones = m.mesh.bones.size();
  if (!c.observer() || bones == 0 || !l.format->find("JOINTS_0")) return;
  for (size_t di = 0; di < l.draws.size(); ++di) {
    const Instancing& e = m.compiled.instancing[di];
    const Draw& d = l.draws[di];
    bool fits = true;
    for (int s = 0; s < 4 && fits; ++s) {
      const ir::Attribute* j = nullptr;
      const ir::Attribute* w = nullptr;
      for (const ir::Attribute& a : attrs) {
        if (a.semantic == "JOINTS_" + std::to_string(s)) j = &a;
        if (a.semantic == "WEIGHTS_" + std::to_string(s)) w = &a;
      }
      if (!j || !w) continue;
      const uint64_t end = std::min<uint64_t>(d.min_index + d.num_vertices, l.vertex_count);
      for (uint64_t v = d.min_index; v < end && fits; ++v)
        for (int lane = 0; lane < 4 && fits; ++lane) {
          const size_t i = static_cast<size_t>(v) * 4 + lane;
          if (w->u8[i] == 0) continue;
          uint16_t through = 0xFFFF;
          if (j->u8[i] < e.word3 && j->u8[i] < kBoneTableSize / 2)
            std::memcpy(&through, e.bone_table.data() + 2 * j->u8[i], 2);
          fits = through < bones;
        }
    }
    c.field("grb.joints_fit_instancing_table", fits);
  }
}

}  // namespace

// With the checks on every position w and every skin lane.
std::vector<ir::Attribute> decode_attributes(const MeshFile& m, const Layout& l, Checker& c) {
  std::vector<ir::Attribute> attrs = decode_vertices(*l.format, l.vertices->bytes.data(),
                                                     l.vertex_count, m.compiled.q, m.compiled.uvq);
  check_position_w(m, l, c);
  census_joint_tables(m, l, attrs, c);  // before check_skin drops or resets joints
  check_skin(attrs, m.mesh.bones.size(), l, c);
  return attrs;
}

}  // namespace f2g::grb
