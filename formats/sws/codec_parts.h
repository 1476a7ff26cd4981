// Internal to the SWS codec: the per-structure decoders and encoders (side by side in
// decode_*.cpp / encode_*.cpp) and what the strict read passes between them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/sws/mesh_format.h"

namespace f2g::sws {

// Where the read found things, for relations checked after the read (SubMeshes come before
// the CompiledMesh they must match) and for warnings of the normalisation.
struct SubMeshSite {
  uint64_t start = 0;
  uint64_t indices = 0;
  uint64_t positions = 0;
  uint64_t colours = 0;
  uint64_t uv_channels = 0;
  uint64_t material_id = 0;
  std::vector<uint64_t> morph_positions;
};

struct Sites {
  std::vector<SubMeshSite> submeshes;
  std::vector<uint64_t> bones;  // start of each MeshBone
  uint64_t compiled = 0;        // Data[0]
  uint64_t flags = 0;
  uint64_t streams = 0;
  uint64_t indices = 0;
  uint64_t ranges = 0;
  std::vector<uint64_t> palettes;
  uint64_t material_ids = 0;
};

// The strict read's state: reader (field paths, offsets), checker (errors, warnings,
// observer), sites.
struct Ctx {
  Reader& r;
  Checker& c;
  Sites& sites;

  // Evaluates one relation of the field `field` (in the current scope) read at `at`; the
  // path is built only when someone will see it.
  template <class MakeMessage>
  bool rule(const CheckDef& def, bool held, const char* field, uint64_t at, MakeMessage&& msg) {
    if (held && !c.observer()) return true;
    return c.check(def, held, r.path(field), at, msg);
  }
};

// Minimum stored sizes, to reject impossible counts before looping (Reader::run_count).
constexpr uint64_t kSubMeshMinSize = 101;   // every field present, every run empty
constexpr uint64_t kUVChannelMinSize = 21;  // 4 + 4 + 4 + 1 + two empty runs
constexpr uint64_t kMorphChannelMinSize = 24;
constexpr int kMaxCopyDepth = 4;  // copies nest once in the data; deeper is refused

std::string u32s(uint64_t v);  // std::to_string, shorter at call sites

Mesh read_mesh(Ctx& x);
void write_mesh(ByteWriter& w, const Mesh& m);

MeshBone read_bone(Ctx& x);
void write_bone(ByteWriter& w, const MeshBone& b);

// `bone_count`, `has_submeshes` and `max_morph_channels` come from the fields read before.
CompiledData read_compiled(Ctx& x, uint32_t data_length, uint64_t data_length_at, size_t bone_count,
                           bool has_submeshes, uint32_t max_morph_channels);
void write_compiled(ByteWriter& w, const CompiledData& d);

Range read_range(Ctx& x);
void write_range(ByteWriter& w, const Range& r);

Palette read_palette(Ctx& x, const Range& range, size_t bone_count, bool slot_marker);
void write_palette(ByteWriter& w, const Palette& p);

// `is_copy`: read behind an original's copy pointer; `site` receives offsets (originals).
SubMesh read_submesh(Ctx& x, bool is_copy, int depth, SubMeshSite* site);
void write_submesh(ByteWriter& w, const SubMesh& s);

UVChannel read_uv_channel(Ctx& x, size_t vertex_count);
void write_uv_channel(ByteWriter& w, const UVChannel& u);

MorphChannel read_morph_channel(Ctx& x, size_t vertex_count, uint64_t* positions_at);
void write_morph_channel(ByteWriter& w, const MorphChannel& m);

// Relations between the SubMeshes and the CompiledMesh that need no vertex table
// (material of the range, vertex count sum).
void check_submeshes_against_compiled(Ctx& x, const Mesh& m);

}  // namespace f2g::sws
