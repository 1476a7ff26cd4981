#include "formats/sws/structure_json.h"

#include "formats/common/error.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/to_ir.h"

namespace f2g::sws {

using Json = nlohmann::json;

Json range_json(const Range& g) {
  return {{"primitive_type", g.primitive_type}, {"first_vertex", g.first_vertex},
          {"vertex_count", g.vertex_count},     {"first_index", g.first_index},
          {"triangle_count", g.triangle_count}, {"unknown_0x14", g.unknown_0x14}};
}

Json palette_json(const Palette& p) {
  return {{"marker", p.marker},
          {"version", p.version},
          {"entry_count", p.bones.size()},
          {"unknown_0x3", p.unknown_0x3},
          {"vertex_count", p.vertex_count},
          {"bones", p.bones}};
}

Json submesh_summary(const SubMesh& s) {
  Json uv = Json::array();
  for (const UVChannel& u : s.uv_channels)
    uv.push_back({{"id", hex(u.id, 8)},
                  {"unknown_0x8", u.unknown_0x8},
                  {"unknown_0xc", u.unknown_0xc},
                  {"uvs", u.uvs.size()},
                  {"source", u.source.size()}});
  Json morph = Json::array();
  for (const MorphChannel& m : s.morph_channels)
    morph.push_back({{"id", hex(m.id, 8)},
                     {"hash", hex(m.hash, 8)},
                     {"positions", m.positions.size()},
                     {"normals", m.normals.size()},
                     {"uvs", m.uvs.size()}});
  Json j = {{"id", hex(s.id, 8)},
            {"managed", s.managed},
            {"unknown_0x9", s.unknown_0x9},
            {"vertex_count", s.positions.size()},
            {"triangle_count", s.indices.size() / 3},
            {"counts",
             {{"indices", s.indices.size()},
              {"source_vertices", s.source_vertices.size()},
              {"face_words", s.face_words.size()},
              {"face_bytes", s.face_bytes.size()},
              {"positions", s.positions.size()},
              {"normals", s.normals.size()},
              {"tangents", s.tangents.size()},
              {"binormals", s.binormals.size()},
              {"colours", s.colours.size()},
              {"vertex_words_a", s.vertex_words_a.size()},
              {"vertex_words_b", s.vertex_words_b.size()},
              {"empty_run_a", s.empty_run_a},
              {"vertex_words_c", s.vertex_words_c.size()},
              {"empty_run_b", s.empty_run_b},
              {"empty_run_c", s.empty_run_c}}},
            {"unknown_after_source", s.unknown_after_source},
            {"uv_channels", uv},
            {"unknown_after_uvs", s.unknown_after_uvs},
            {"morph_channels", morph},
            {"has_morphs", s.has_morphs},
            {"material_id", hex(s.material_id, 8)},
            {"unknown_flags", s.unknown_flags},
            {"copy_tag", s.copy_tag},
            {"unknown_last", hex(s.unknown_last, 8)}};
  if (!s.copy.empty()) j["copy"] = submesh_summary(s.copy.front());
  return j;
}

Json structure_json(const Mesh& m, const VertexLayout& layout,
                    const std::vector<uint32_t>& submesh_ranges) {
  const CompiledData& d = m.compiled;
  Json bones = Json::array();
  for (const MeshBone& b : m.bones)
    bones.push_back(
        {{"id", hex(b.id, 8)}, {"name_hash", hex(b.name_hash, 8)}, {"matrix", b.matrix}});
  Json elements = Json::array();
  for (const LayoutElement& e : layout.elements)
    elements.push_back({{"bit", hex(e.def.bit, 3)},
                        {"element", e.def.element},
                        {"semantic", e.def.semantic},
                        {"encoding", to_string(e.def.encoding)},
                        {"offset", e.offset},
                        {"bytes", e.def.bytes}});
  Json ranges_a = Json::array(), ranges_b = Json::array(), palettes = Json::array();
  for (const Range& g : d.ranges_a) ranges_a.push_back(range_json(g));
  for (const Range& g : d.ranges_b) ranges_b.push_back(range_json(g));
  for (const Palette& p : d.palettes) palettes.push_back(palette_json(p));
  Json subs = Json::array();
  for (size_t k = 0; k < m.submeshes.size(); ++k) {
    Json s = submesh_summary(m.submeshes[k].submesh);
    s["pointer_tag"] = m.submeshes[k].pointer_tag;
    if (k < submesh_ranges.size()) s["range"] = submesh_ranges[k];
    subs.push_back(std::move(s));
  }
  Json materials = Json::array();
  for (uint32_t id : m.material_ids) materials.push_back(hex(id, 8));
  return {
      {"format", "sws"},
      {"managed", m.managed},
      {"id", hex(m.id, 8)},
      {"class", hex(m.class_id, 8)},
      {"category", m.category},
      {"generated", m.generated},
      {"submeshes", subs},
      {"bones", bones},
      {"stored_11", hex_bytes(m.stored_11.data(), m.stored_11.size(), HexCase::Lower)},
      {"compiled",
       {{"class", hex(m.compiled_class, 8)},
        {"data_length", m.data_length},
        {"version", d.version},
        {"extra_streams", d.extra_streams},
        {"stride", d.stride},
        {"vertex_bytes", d.vertex_bytes},
        {"stride_all", d.stride_all},
        {"vertex_bytes_all", d.vertex_bytes_all},
        {"index_bytes", d.index_bytes},
        {"unknown_0x1c", d.unknown_0x1c},
        {"flags", d.flags},  // a number: the census files meshes by it
        {"flags_hex", hex(d.flags, 3)},
        {"elements", elements},
        {"vertex_format_table", layout.table},
        {"vertex_count", vertex_count(d)},
        {"index_count", d.indices.size()},
        {"range_count_a", d.range_count_a},
        {"range_count_b", d.range_count_b},
        {"total", d.total},
        {"ranges_a", ranges_a},
        {"ranges_b", ranges_b},
        {"palettes", palettes},
        {"palette_tail", hex_bytes(d.palette_tail.data(), d.palette_tail.size(), HexCase::Lower)}}},
      {"platform_version", m.platform_version},
      {"sdk_version", m.sdk_version},
      {"material_ids", materials}};
}

}  // namespace f2g::sws
