// Builds a consistent MeshFile from geometry in the IR's decoded shape: every relation the
// decoder checks holds in what it makes. The sample generator and the tests use it; they
// then change single fields to show warnings (stale counts) or break relations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/mesh_builder.h"
#include "formats/rr/mesh_format.h"
#include "formats/rr/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::rr {

using f2g::BuildDraw;  // formats/common/mesh_builder.h: one range or inline object

struct BuildInput {
  std::string format;                         // vertex-format table entry name, e.g. "static24"
  bool inline_layout = false;                 // else ranged
  uint8_t index_width = 0;                    // inline only: 0 u16, 1 u32 (ranged indices are u16)
  std::optional<uint64_t> resource_identity;  // the 12-byte resource header when set
  std::vector<ir::Attribute> attributes;      // shaped as decode_vertices returns them
  uint64_t vertex_count = 0;
  std::vector<uint32_t> indices;  // absolute vertex numbers
  std::vector<BuildDraw> parts;   // in order, tiling indices and vertices
  std::vector<MeshBone> bones;
  float quantization_factor = 0;  // 0: largest |coordinate| / 32767
  uint8_t descriptor_mask = 0;
  uint8_t generated = 0;
  float max_culling_distance = 0;
  uint64_t compiled_mesh_id = 0;
  bool cpu_copies = false;  // ranged: fill the four final runs with copies (first bool 1)
  uint32_t user_category = 0;
};

// Throws std::invalid_argument when the input is inconsistent (parts not tiling, an index
// outside its part, an unknown format name).
MeshFile build_mesh(const BuildInput& in, const VertexFormats& formats = builtin_vertex_formats());

}  // namespace f2g::rr
