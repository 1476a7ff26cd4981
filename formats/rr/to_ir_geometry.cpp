// Indices and vertex attributes of the IR, with the checks that look at every value.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "formats/common/error.h"
#include "formats/common/indices.h"
#include "formats/rr/rr_checks.h"
#include "formats/rr/to_ir.h"
#include "formats/rr/vertex_codec.h"

namespace f2g::rr {

// Ranged: stored + the range's vertex base; inline: as stored. Each checked to name a vertex
// of its own range or object.
std::vector<uint32_t> decode_indices(const Layout& l, Checker& c) {
  std::vector<uint32_t> out(static_cast<size_t>(l.index_count));
  const uint8_t* data = l.indices->bytes.data();
  const uint64_t data_at = l.indices->offset + 4;
  const char* path = l.ranged ? "mesh/ranged.indices" : "mesh/mesh_data.indices";
  for (size_t si = 0; si < l.spans.size(); ++si) {
    const Span& s = l.spans[si];
    // Ranged indices are relative to the range's vertex base; inline ones are absolute
    // (spec: "adding the vertex base changes the result incorrectly").
    const uint64_t lo = l.ranged ? 0 : s.first_vertex;
    const uint64_t hi = lo + s.vertex_count;
    const uint64_t add = l.ranged ? s.first_vertex : 0;
    uint64_t bad = UINT64_MAX, bad_value = 0;
    for (uint64_t k = s.first_index; k < s.first_index + s.index_count; ++k) {
      const uint32_t v = index_at(data, k, l.index_size);
      if (v < lo || v >= hi) {
        bad = k, bad_value = v;
        break;
      }
      out[k] = static_cast<uint32_t>(v + add);
    }
    const uint64_t at = data_at + (bad == UINT64_MAX ? s.first_index : bad) * l.index_size;
    c.check(check::indices_inside_range, bad == UINT64_MAX, path, at, [&] {
      return "index " + std::to_string(bad) + " = " + std::to_string(bad_value) + " of " +
             (l.ranged ? "range " : "object ") + std::to_string(si) + " is outside its vertices [" +
             std::to_string(lo) + ", " + std::to_string(hi) + ")" +
             (l.ranged ? " (relative to its vertex base)" : "");
    });
  }
  return out;
}

namespace {

// The stored box the positions should lie in: ranged centre +- half extent, inline the
// header extent.
struct Box {
  float lo[3], hi[3];
  const char* path;
  uint64_t offset;
};

Box stored_box(const MeshFile& m) {
  Box b{};
  if (m.ranged) {
    for (int i = 0; i < 3; ++i) {
      b.lo[i] = m.ranged->centre[i] - m.ranged->half_extent[i];
      b.hi[i] = m.ranged->centre[i] + m.ranged->half_extent[i];
    }
    b.path = "mesh/ranged.centre";
    b.offset = m.ranged->offset + 21;
  } else {
    for (int i = 0; i < 3; ++i) {
      b.lo[i] = m.header.extent_min[i];
      b.hi[i] = m.header.extent_max[i];
    }
    b.path = "mesh/header.extent_min";
    b.offset =
        (m.resource ? kResourceHeaderSize : 0) + 20 + kBoneRecordSize * m.header.bones.size();
  }
  return b;
}

void check_bounds(const MeshFile& m, const Layout& l, const ir::Attribute& pos, Checker& c) {
  const Box b = stored_box(m);
  float size = 0;
  for (int i = 0; i < 3; ++i) size = std::max(size, std::fabs(b.hi[i] - b.lo[i]));
  // Bounds may come from unquantised positions: allow a quantisation step and rounding.
  const bool quantised = l.format->find("POSITION")->type == ElementType::S16x4Quantized;
  const float step = quantised ? m.materials.quantization_factor : 0.0f;
  const float tol = 1e-4f * size + std::fabs(step) + 1e-6f;
  uint64_t outside = 0, first = 0;
  for (size_t v = 0; v < pos.vertex_count(); ++v) {
    bool in = true;
    for (int i = 0; i < 3; ++i) {
      const float p = pos.f32[v * 3 + i];
      in = in && p >= b.lo[i] - tol && p <= b.hi[i] + tol;  // NaN is outside
    }
    if (!in && outside++ == 0) first = v;
  }
  c.check(check::positions_inside_bounds, outside == 0, b.path, b.offset, [&] {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "%llu of %zu positions lie outside the stored bounds, first "
                  "vertex %llu at (%g, %g, %g)",
                  static_cast<unsigned long long>(outside), pos.vertex_count(),
                  static_cast<unsigned long long>(first), pos.f32[first * 3],
                  pos.f32[first * 3 + 1], pos.f32[first * 3 + 2]);
    return std::string(buf);
  });
}

// docs/READING.md: "JOINTS index the mesh's bones". A weighted joint past the bone list would make
// the glTF invalid: it becomes joint 0 with weight 0, counted in one warning.
void check_joints(std::vector<ir::Attribute>& attrs, size_t bone_count, const Layout& l,
                  Checker& c) {
  uint64_t bad = 0, first_vertex = 0, first_value = 0;
  for (int set = 0; set < 2; ++set) {
    const std::string n = std::to_string(set);
    ir::Attribute* joints = nullptr;
    ir::Attribute* weights = nullptr;
    for (ir::Attribute& a : attrs) {
      if (a.semantic == "JOINTS_" + n) joints = &a;
      if (a.semantic == "WEIGHTS_" + n) weights = &a;
    }
    if (!joints || !weights) continue;
    for (size_t i = 0; i < joints->u8.size(); ++i) {
      if (weights->u8[i] == 0 || joints->u8[i] < bone_count) continue;
      if (bad++ == 0) first_vertex = i / 4, first_value = joints->u8[i];
      joints->u8[i] = 0;
      weights->u8[i] = 0;
    }
  }
  const Blob* skin = l.streams[2];
  c.check(check::joints_below_bone_count, bad == 0,
          l.ranged ? "mesh/ranged.skin" : "mesh/mesh_data.skin", skin->offset + 4, [&] {
            return std::to_string(bad) + " weighted joints name no bone of " +
                   std::to_string(bone_count) + " (first: vertex " + std::to_string(first_vertex) +
                   ", joint " + std::to_string(first_value) + "); set to joint 0, weight 0";
          });
  if (bone_count == 0) ir::drop_influences(attrs);  // nothing to bind to: no joints without a skin
}

}  // namespace

// Warns about positions outside the stored bounds and weighted joints that name no bone (those
// become joint 0 with weight 0; without bones the joint and weight attributes are dropped).
std::vector<ir::Attribute> decode_attributes(const MeshFile& m, const Layout& l, Checker& c) {
  const StreamBytes streams{&l.streams[0]->bytes, &l.streams[1]->bytes, &l.streams[2]->bytes};
  std::vector<ir::Attribute> attrs =
      decode_vertices(*l.format, streams, l.vertex_count, m.materials.quantization_factor);
  for (const ir::Attribute& a : attrs)
    if (a.semantic == "POSITION") check_bounds(m, l, a, c);
  check_joints(attrs, m.header.bones.size(), l, c);
  return attrs;
}

}  // namespace f2g::rr
