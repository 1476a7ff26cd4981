// What the stored structure draws: the vertex format, the buffers and one draw per standard
// MeshPrimitive in stored order. Deriving it checks the relations between the structures
// (docs/READING.md "Draws, indices and materials").
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/checks.h"
#include "formats/grb/mesh_format.h"
#include "formats/grb/vertex_formats.h"

namespace f2g::grb {

struct Draw {
  uint64_t first_index = 0;
  uint64_t index_count = 0;
  uint64_t min_index = 0;     // added to stored indices of clustered meshes
  uint64_t num_vertices = 0;  // the declared span [min_index, min_index + num_vertices)
};

struct Layout {
  bool clustered = false;
  uint8_t format_byte = 0;
  uint32_t stride = 0;
  const VertexFormat* format = nullptr;
  const Blob* vertices = nullptr;
  const Blob* indices = nullptr;
  uint32_t index_size = 2;
  uint64_t vertex_count = 0;
  uint64_t index_count = 0;
  std::vector<Draw> draws;
};

Layout derive_layout(const MeshFile& m, const VertexFormats& formats, Checker& c);

}  // namespace f2g::grb
