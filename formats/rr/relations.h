// What the stored structure draws: the vertex format, the buffers, and one span per range
// (ranged) or object (inline) in stored order. Deriving it checks every relation between the
// structures (spec: "Ranged buffers", "Inline meshes and index origin", "Material list").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/rr/mesh_format.h"
#include "formats/rr/vertex_formats.h"

namespace f2g::rr {

// One draw: its actual index and vertex intervals (from the buffers) and, where a
// MeshPrimitive record exists for it, the counts that record declares.
struct Span {
  uint64_t first_index = 0;
  uint64_t index_count = 0;
  uint64_t first_vertex = 0;
  uint64_t vertex_count = 0;
  bool has_declared = false;
  uint32_t declared_vertex_count = 0;
  uint32_t declared_triangle_count = 0;
  bool clamped = false;  // declared counts ran past the buffers and were cut to them
};

struct Layout {
  bool ranged = false;
  uint8_t kind = 0;
  std::array<uint32_t, 3> strides{};
  const VertexFormat* format = nullptr;
  std::array<const Blob*, 3> streams{};  // primary, positions, skin
  const Blob* indices = nullptr;
  uint32_t index_size = 2;
  uint64_t vertex_count = 0;
  uint64_t index_count = 0;
  std::vector<Span> spans;
};

// Paths and offsets of stored fields, for diagnostics.
std::string field_path(const char* scope, const char* field);
std::string item_path(const char* scope, const char* list, size_t index, const char* field);

Layout derive_layout(const MeshFile& m, const VertexFormats& formats, Checker& c);

}  // namespace f2g::rr
