// Normalisation of a decoded SWS Mesh to the IR (docs/IR.md): attributes of stream 0 per the
// vertex layout, absolute indices, one primitive per first-partition range, palettes
// resolved to global bones, morph targets from streams 1..s, materials and extras.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/mesh_format.h"
#include "formats/sws/vertex_layout.h"
#include "ir/mesh.h"

namespace f2g::sws {

// Warnings go to the checker's list (the caller moves them into the IR's warnings).
// `submesh_ranges`: the range each SubMesh matched (check_submesh_geometry).
ir::Mesh to_ir(const Mesh& m, const VertexLayout& layout, const Sites& sites,
               const std::vector<uint32_t>& submesh_ranges, Checker& c,
               const DecodeOptions& options);

// Parts of to_ir, one file each.
void add_skin(const Mesh& m, const VertexLayout& layout, const Sites& sites, ir::Mesh& out,
              Checker& c);
void add_morph_targets(const Mesh& m, const VertexLayout& layout, ir::Mesh& out);

// Shared with the structure JSON (structure_json.cpp).
nlohmann::json range_json(const Range& g);
nlohmann::json palette_json(const Palette& p);
// Counts of every run, ids, material, flags, morph channel ids/hashes; the copy nested.
nlohmann::json submesh_summary(const SubMesh& s);

}  // namespace f2g::sws
