// import: what Blender 3.4's glTF exporter (File > Export > glTF 2.0 with its defaults) does
// not carry as it was imported, read back from the donor where the file shows it unedited.
//
// - COLOR_0. Blender's importer keeps a glTF COLOR_0 as a face-corner colour layer of sRGB
//   bytes; its exporter indexes that layer by vertex number, so the vertex Blender numbers k
//   is written with the colour of face corner k, not its own. Both numberings follow from the
//   glb convert wrote, so from the donor: the importer numbers the vertices primitive by
//   primitive (each primitive's distinct indices, ascending) and the corners triangle by
//   triangle (without the degenerate and repeated triangles its mesh validation removes). An
//   unedited file then carries, for every vertex owning one of the first corners, its colour
//   at another vertex's place; the vertices owning none of them carry no colour at all.
// - Shape-key normals. Blender keeps none of a glTF's target normals; it exports the ones it
//   computes from each deformed shape.
#pragma once

#include <cstdint>
#include <string>

#include "ir/mesh.h"

namespace f2g::import {

struct CornerColours {
  bool applied = false;  // the incoming COLOR_0 was read as Blender 3.4 writes it
  uint64_t carried = 0;  // vertices given the colour the file carries for them elsewhere
  uint64_t absent = 0;   // matched vertices the file carries no colour for: the donor's
};

struct BlenderReadback {
  CornerColours colours;
  uint64_t target_normals = 0;  // target normals taken from the donor (per target and vertex)
};

// Only when `generator` (the glTF's asset.generator) is Blender's glTF I/O; `incoming`'s
// materials must be the donor's (after the names were matched). Each incoming vertex is first
// matched loosely to a donor vertex on position, normal and UVs (this only finds its Blender
// number; identity is decided later, by the format's own steps).
// - COLOR_0, when it fits the donor's colours at more vertices read through the corners than
//   read straight: each vertex gets the colour the file carries for it (at the vertex numbered
//   like one of its corners), or, where the file carries none, the donor vertex's; a channel
//   whose byte is the one Blender stores for the donor's value gets the donor's value. The
//   matcher then compares these with the donor as any colour: an edited colour still differs.
// - Target normals: where a target's position at a vertex is the donor's, the donor's normal;
//   elsewhere (a moved shape) Blender's stays.
BlenderReadback read_blender_export(const std::string& generator, const ir::Mesh& donor,
                                    ir::Mesh& incoming);

}  // namespace f2g::import
