// Builds a consistent MeshFile of either dialect from geometry in the IR's decoded shape:
// every relation the decoder checks holds in what it makes. The sample generator and the
// tests use it; they then change single fields to show warnings or break relations.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "formats/common/mesh_builder.h"
#include "formats/grb/mesh_format.h"
#include "formats/grb/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::grb {

using f2g::BuildDraw;  // formats/common/mesh_builder.h

struct BuildInput {
  Dialect dialect = Dialect::Grb;
  uint8_t vertex_format = 0;
  bool clustered = true;  // else MeshData-only (absolute indices in MeshData's buffers)
  bool index32 = false;
  std::vector<ir::Attribute> attributes;  // shaped as decode_vertices returns them
  uint64_t vertex_count = 0;
  std::vector<uint32_t> indices;
  std::vector<BuildDraw> draws;
  std::vector<MeshBone> bones;  // their ids are assigned here
  // Static meshes: |w| = Q with a sign per vertex (true = negative); empty: w = +32767.
  std::vector<bool> negative_w;
  float q = 0;  // 0: the largest |coordinate| (static: rounded up to an integer)
  float uvq = 1;
  bool shadow_primitives = true;  // one shadow MeshPrimitive per draw
  std::vector<SubMeshRef> submeshes;
  std::optional<FileHeader> file_header;
  std::vector<uint8_t> platform_data;
  uint64_t class_id = 0;  // the Mesh object's id (its ClassID)
  uint8_t filler = 0;     // the vertex bytes no element names (binormal, 4th normal byte)
  int32_t user_category = 0;
};

// Throws std::invalid_argument when the input is inconsistent (an index outside its draw,
// a draw outside the indices, an unknown format).
MeshFile build_mesh(const BuildInput& in);
MeshFile build_mesh(const BuildInput& in, const VertexFormats& formats);

}  // namespace f2g::grb
