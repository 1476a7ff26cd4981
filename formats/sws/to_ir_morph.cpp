// Morph targets: compiled streams 1..s, each a whole vertex array of stream 0's layout
// (spec: CompiledMesh data, 0x30), named by the SubMeshes' MorphChannel hashes.
#include <cstring>
#include <set>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/to_ir.h"

namespace f2g::sws {

namespace {

using Json = nlohmann::json;

// Bit for bit (a NaN stored unchanged is unchanged).
bool same_values(const ir::Attribute& a, const ir::Attribute& b) {
  return a.f32.size() == b.f32.size() && a.u8 == b.u8 && a.u16 == b.u16 &&
         (a.f32.empty() || std::memcmp(a.f32.data(), b.f32.data(), 4 * a.f32.size()) == 0);
}

}  // namespace

void add_morph_targets(const Mesh& m, const VertexLayout& layout, ir::Mesh& out) {
  const CompiledData& d = m.compiled;
  const uint32_t n = out.vertex_count;
  const LayoutElement* pos = layout.find("POSITION");
  if (!pos) return;
  const LayoutElement* nor = layout.find("NORMAL");
  std::set<std::string> names;
  for (uint32_t k = 1; k <= d.extra_streams; ++k) {
    const uint8_t* stream = d.streams.data() + uint64_t(d.vertex_bytes) * k;
    ir::MorphTarget t;
    // docs/IR.md: the MorphChannel hash as "0x%08X" when SubMeshes give one (channel k - 1
    // of the first SubMesh holding that many), else "morph_<k - 1>".
    Json channels = Json::array();
    for (size_t s = 0; s < m.submeshes.size(); ++s) {
      const SubMesh& sm = m.submeshes[s].submesh;
      if (sm.morph_channels.size() < k) continue;
      const MorphChannel& ch = sm.morph_channels[k - 1];
      if (t.name.empty()) t.name = hex(ch.hash, 8);
      channels.push_back({{"submesh", s}, {"id", hex(ch.id, 8)}, {"hash", hex(ch.hash, 8)}});
    }
    if (t.name.empty()) t.name = "morph_" + std::to_string(k - 1);
    if (!names.insert(t.name).second) {
      t.name += "_" + std::to_string(k - 1);
      names.insert(t.name);
    }
    t.extras = {{"stream", k}};
    if (!channels.empty()) t.extras["channels"] = channels;

    t.positions = decode_element(*pos, stream, d.stride, n).attribute.f32;
    if (nor) {
      ir::Attribute a = decode_element(*nor, stream, d.stride, n).attribute;
      if (a.width == 3) t.normals = std::move(a.f32);
    }
    // docs/IR.md: others carries further changed semantics (TEXCOORD_0, COLOR_0).
    for (const char* semantic : {"TEXCOORD_0", "COLOR_0"}) {
      const LayoutElement* e = layout.find(semantic);
      const ir::Attribute* base = out.find(semantic);
      if (!e || !base) continue;
      ir::Attribute a = decode_element(*e, stream, d.stride, n).attribute;
      if (!same_values(a, *base)) t.others.push_back(std::move(a));
    }
    out.morph_targets.push_back(std::move(t));
  }
}

}  // namespace f2g::sws
