// Synthetic geometry for the benchmark corpus, in the shape both formats' builders take:
// parts of grid surfaces (one per draw range), vertices and triangles in row order as a
// cache-optimised game mesh has them, analytic unit normals and tangent frames, UVs, vertex
// colours and skin weights. Formats pick what their layout stores.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/corpus_random.h"
#include "ir/mesh.h"

namespace f2g::bench {

struct Part {
  uint32_t first_index = 0, index_count = 0;
  uint32_t first_vertex = 0, vertex_count = 0;
};

struct Geometry {
  uint32_t vertex_count = 0;
  std::vector<float> positions;   // 3 per vertex, Z-up metres
  std::vector<float> normals;     // 3, unit
  std::vector<float> tangents;    // 4: xyz unit, w = +1 / -1
  std::vector<float> binormals;   // 3: w x cross(N, T)
  std::vector<float> uv0, uv1;    // 2
  std::vector<uint8_t> colours;   // R, G, B, A
  uint32_t influences = 0;        // joints / weights per vertex (0: no skin)
  std::vector<uint8_t> joints;    // global bone indices
  std::vector<uint8_t> weights;   // per vertex they sum to 255
  std::vector<uint32_t> indices;  // absolute, triangle list
  std::vector<Part> parts;        // tiling indices and vertices in order
};

enum class Shape { Sheet, Character };

struct GeometrySpec {
  std::vector<uint32_t> part_vertices;  // about this many vertices per part (>= 4)
  Shape shape = Shape::Sheet;
  double size = 1;                 // metres across
  std::array<double, 3> offset{};  // where the mesh sits in its level
  double uv_repeat = 1;            // TEXCOORD_0 in [0, uv_repeat]
  bool colours = false;
  uint32_t influences = 0;                       // 0, 4 or 8
  std::vector<std::vector<uint8_t>> part_bones;  // per part: the bones it may use, in order
};

Geometry make_geometry(const GeometrySpec& spec, Rng& r);

// A standing character over spec.part_vertices' parts: 1.6 to 2.2 m tall, at the origin,
// `influences` (4 or 8) per vertex, part p weighted to its band of the `bones` bones and the
// neighbours' bones on either side.
void make_character(GeometrySpec& spec, uint32_t bones, uint32_t influences, Rng& r);

// The attribute a vertex-table element of `semantic` takes from `g`, shaped as the RR and
// GRB/GRW decoders give it: TEXCOORD_0 is uv0, any other set uv1; JOINTS_1 / WEIGHTS_1 are
// the second four of eight influences.
ir::Attribute attribute_for(const std::string& semantic, const Geometry& g);

// Bone i of n of a standing character: an inverse bind matrix (column-major, glTF layout;
// the stored order of both formats' bone matrices), a rotation about Z and a height.
std::array<float, 16> inverse_bind(uint32_t i, uint32_t n, Rng& r);

// `total` vertices split into `parts` parts of at least `least` each, in random proportions.
std::vector<uint32_t> split_vertices(uint32_t total, uint32_t parts, uint32_t least, Rng& r);

}  // namespace f2g::bench
