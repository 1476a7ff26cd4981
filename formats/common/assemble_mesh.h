// The IR mesh as RR and GRB/GRW assemble it (docs/IR.md): the game's stages
// (formats/common/to_ir_stages.h, found in its namespace through its MeshFile and Layout) run
// in this order, the order their warnings land in the mesh.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "ir/mesh.h"

namespace f2g {

// A primitive drawing `index_count` indices from `first_index`, all inside the vertices
// [first_vertex, first_vertex + vertex_count); normalise sets its material and extras.
inline ir::Primitive primitive_over(uint64_t first_index, uint64_t index_count,
                                    uint64_t first_vertex, uint64_t vertex_count) {
  ir::Primitive p;
  p.first_index = static_cast<uint32_t>(first_index);
  p.index_count = static_cast<uint32_t>(index_count);
  p.first_vertex = static_cast<uint32_t>(first_vertex);
  p.vertex_count = static_cast<uint32_t>(vertex_count);
  return p;
}

// Fills `mesh` (whose warnings the checker already appends to).
template <class MeshFile, class Layout>
void normalise(const MeshFile& m, const Layout& l, const DecodeOptions& options, Checker& c,
               ir::Mesh& mesh) {
  mesh.name = options.name;
  mesh.source = mesh_source(m, l);
  mesh.source.path = options.source_path;
  mesh.vertex_count = static_cast<uint32_t>(l.vertex_count);
  mesh.attributes = decode_attributes(m, l, c);
  mesh.indices = decode_indices(l, c);
  mesh.index_size = static_cast<uint8_t>(l.index_size);
  const size_t ranges = range_count(l);
  for (size_t i = 0; i < ranges; ++i) {
    ir::Primitive p = range_primitive(l, mesh.indices, i);
    p.material = static_cast<uint32_t>(i);
    p.extras = range_extras(m, l, i);
    mesh.primitives.push_back(std::move(p));
  }
  const size_t materials = material_count(m, l);
  for (size_t i = 0; i < materials; ++i) mesh.materials.push_back(material_of(m, i));
  mesh.skin = make_skin(m, c);
  mesh.z_up = true;
  mesh.extras = mesh_extras(m, l);
}

}  // namespace f2g
