// SWS codes: a committed sample (samples/sws) decoded to its structure, one field changed,
// encoded again and decoded (forced SWS, so a broken class still reaches the decoder); or the
// bytes themselves cut, extended or overwritten. The edits follow sws_checks_test.cpp,
// sws_codec_test.cpp and sws_to_ir_test.cpp.
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "formats/registry.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/sws.h"
#include "formats/sws/vertex_formats.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

using sws::Mesh;
using sws::SubMesh;

const std::vector<uint8_t>& sample(const std::string& name) {
  static std::map<std::string, std::vector<uint8_t>> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, read_bytes(source_path("samples/sws/" + name + ".mesh"))).first;
  return it->second;
}

std::vector<ir::Diagnostic> decode_sws(const std::vector<uint8_t>& bytes,
                                       DecodeOptions options = {}) {
  options.format = &sws::kFormat;
  return diagnostics_of(decode(bytes.data(), bytes.size(), options));
}

// The sample's structure; an empty Mesh (which fails to decode) when the sample does not read.
Mesh structure(const std::string& name) {
  const std::vector<uint8_t>& b = sample(name);
  Result<Mesh> m = sws::decode_structure(b.data(), b.size(), {});
  return m ? *m : Mesh{};
}

Input edit(const char* code, const std::string& name, const std::string& how,
           std::function<void(Mesh&)> change) {
  return {code, "samples/sws/" + name + ".mesh: " + how, [=] {
            Mesh m = structure(name);
            change(m);
            return decode_sws(sws::encode(m));
          }};
}

Input bytes(const char* code, const std::string& name, const std::string& how,
            std::function<void(std::vector<uint8_t>&)> change) {
  return {code, "samples/sws/" + name + ".mesh: " + how, [=] {
            std::vector<uint8_t> b = sample(name);
            change(b);
            return decode_sws(b);
          }};
}

// Byte `offset` of vertex `v` in stream `s` of the compiled vertex data.
uint8_t& stream_byte(Mesh& m, uint32_t s, uint32_t v, uint32_t offset) {
  sws::CompiledData& d = m.compiled;
  return d.streams[size_t(s) * d.vertex_bytes + size_t(v) * d.stride + offset];
}

// A copy of vertex 0 appended to every stream: in no range and no SubMesh.
void add_vertex_to_every_stream(Mesh& m) {
  sws::CompiledData& d = m.compiled;
  std::vector<uint8_t> streams;
  for (uint32_t k = 0; k <= d.extra_streams; ++k) {
    const uint8_t* s = d.streams.data() + size_t(k) * d.vertex_bytes;
    streams.insert(streams.end(), s, s + d.vertex_bytes);
    streams.insert(streams.end(), s, s + d.stride);
  }
  d.streams = streams;
  d.vertex_bytes += d.stride;
  sws::update_derived(m);
}

SubMesh& sub(Mesh& m, size_t i) { return m.submeshes[i].submesh; }
SubMesh& copy_of(Mesh& m, size_t i) { return m.submeshes[i].submesh.copy[0]; }

// The built-in vertex-format table with POSITION renamed to a custom attribute.
std::string table_without_position() {
  const std::vector<uint8_t> b = read_bytes(source_path("formats/sws/vertex_formats.json"));
  std::string text(b.begin(), b.end());
  const std::string from = "\"semantic\": \"POSITION\"";
  const size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), "\"semantic\": \"_POSITION\"");
  return text;
}

}  // namespace

void add_sws_inputs(Inputs& in) {
  const std::string stat = "static_materials", skin = "skinned_palettes", morph = "morph_submeshes";

  // The reader (formats/common/reader.cpp) with the SWS prefix.
  in.push_back(
      bytes("SWS_TRUNCATED", stat, "cut to its first 10 bytes", [](auto& b) { b.resize(10); }));
  in.push_back(
      bytes("SWS_TRAILING_BYTES", stat, "one byte appended", [](auto& b) { b.push_back(0); }));
  in.push_back(bytes("SWS_COUNT_TOO_LARGE", stat, "u32 at 0xE (SubMesh count) = 0xFFFFFFFF",
                     [](auto& b) { std::memset(&b[0xE], 0xFF, 4); }));
  in.push_back(edit("SWS_SUBMESH_TOO_DEEP", morph, "SubMesh 0's copy nested kMaxCopyDepth deep",
                    [](Mesh& m) {
                      SubMesh* s = &copy_of(m, 0);
                      for (int depth = 1; depth <= sws::kMaxCopyDepth; ++depth) {
                        SubMesh inner = *s;
                        inner.copy.clear();
                        s->copy_tag = sws::kPointerInline;
                        s->copy.push_back(inner);
                        s = &s->copy[0];
                      }
                    }));

  // Proven relations: errors (sws_checks_test.cpp).
  in.push_back(edit("SWS_BAD_MANAGED", stat, "managed = 2", [](Mesh& m) { m.managed = 2; }));
  in.push_back(edit("SWS_BAD_MESH_CLASS", stat, "class ^= 1", [](Mesh& m) { m.class_id ^= 1; }));
  in.push_back(edit("SWS_BAD_BONE_CLASS", skin, "bones[2].class ^= 1",
                    [](Mesh& m) { m.bones[2].class_id ^= 1; }));
  in.push_back(edit("SWS_BAD_COMPILED_MESH_CLASS", stat, "compiled class ^= 1",
                    [](Mesh& m) { m.compiled_class ^= 1; }));
  in.push_back(edit("SWS_BAD_PLATFORM_VERSION", stat, "platform version 17",
                    [](Mesh& m) { m.platform_version = 17; }));
  in.push_back(
      edit("SWS_BAD_SDK_VERSION", stat, "SDK version 31", [](Mesh& m) { m.sdk_version = 31; }));
  in.push_back(edit("SWS_MATERIAL_COUNT_MISMATCH", stat, "one material id more",
                    [](Mesh& m) { m.material_ids.push_back(1); }));
  in.push_back(edit("SWS_DATA_LENGTH_MISMATCH", stat, "data length + 40",
                    [](Mesh& m) { m.data_length += 40; }));
  in.push_back(edit("SWS_BAD_COMPILED_VERSION", stat, "compiled version 15",
                    [](Mesh& m) { m.compiled.version = 15; }));
  in.push_back(edit("SWS_STRIDE_ALL_MISMATCH", stat, "compiled 0x10 + 1",
                    [](Mesh& m) { m.compiled.stride_all += 1; }));
  in.push_back(edit("SWS_VERTEX_BYTES_ALL_MISMATCH", morph, "compiled 0x14 - 1",
                    [](Mesh& m) { m.compiled.vertex_bytes_all -= 1; }));
  in.push_back(
      edit("SWS_TOTAL_MISMATCH", stat, "total + 24", [](Mesh& m) { m.compiled.total += 24; }));
  in.push_back(edit("SWS_VERTEX_BYTES_NOT_WHOLE", stat, "one vertex byte less", [](Mesh& m) {
    m.compiled.streams.pop_back();
    m.compiled.vertex_bytes -= 1;
    sws::update_derived(m);
  }));
  in.push_back(
      edit("SWS_INDEX_BYTES_ODD", stat, "index bytes + 1 (total, length too)", [](Mesh& m) {
        m.compiled.index_bytes += 1;
        m.compiled.total += 1;
        m.data_length += 1;
      }));
  in.push_back(edit("SWS_EXTRA_STREAMS_MISMATCH", morph, "SubMesh 0 loses a morph channel",
                    [](Mesh& m) { sub(m, 0).morph_channels.pop_back(); }));
  in.push_back(edit("SWS_PARTITION_B_LARGER", stat, "one second-partition range more", [](Mesh& m) {
    m.compiled.ranges_b.push_back(m.compiled.ranges_b[0]);
    sws::update_derived(m);
  }));
  in.push_back(edit("SWS_BAD_PRIMITIVE_TYPE", stat, "range 1 primitive type 5",
                    [](Mesh& m) { m.compiled.ranges_a[1].primitive_type = 5; }));
  in.push_back(edit("SWS_RANGE_OUT_OF_STREAM", stat, "range 2 vertex count + 100000",
                    [](Mesh& m) { m.compiled.ranges_a[2].vertex_count += 100000; }));
  in.push_back(edit("SWS_RANGE_OUT_OF_INDICES", stat, "range 0 first index 1000000",
                    [](Mesh& m) { m.compiled.ranges_a[0].first_index = 1000000; }));
  in.push_back(edit("SWS_PARTITION_A_TRIANGLES", stat, "range 0 triangle count - 1",
                    [](Mesh& m) { m.compiled.ranges_a[0].triangle_count -= 1; }));
  in.push_back(edit("SWS_PARTITION_B_TRIANGLES", stat,
                    "second-partition range 2 triangle count - 1",
                    [](Mesh& m) { m.compiled.ranges_b[2].triangle_count -= 1; }));
  in.push_back(edit("SWS_BAD_PALETTE_MARKER", stat, "palette 1 marker 4",
                    [](Mesh& m) { m.compiled.palettes[1].marker = 4; }));
  in.push_back(edit("SWS_BAD_PALETTE_VERSION", stat, "palette 1 version 2",
                    [](Mesh& m) { m.compiled.palettes[1].version = 2; }));
  in.push_back(edit("SWS_PALETTE_TOO_LARGE", skin, "palette 0 with 33 entries", [](Mesh& m) {
    m.compiled.palettes[0].bones.resize(33, 0);
    sws::update_derived(m);
  }));
  in.push_back(edit("SWS_PALETTE_WITHOUT_BONES", stat, "a palette entry on a mesh without bones",
                    [](Mesh& m) {
                      m.compiled.palettes[0].bones = {0};
                      sws::update_derived(m);
                    }));
  in.push_back(edit("SWS_PALETTE_VERTEX_COUNT", stat, "palette 1 vertex count + 1",
                    [](Mesh& m) { m.compiled.palettes[1].vertex_count += 1; }));
  in.push_back(edit("SWS_PALETTE_BONE_OUT_OF_RANGE", skin, "palette 2 entry 1 = bone 9",
                    [](Mesh& m) { m.compiled.palettes[2].bones[1] = 9; }));
  in.push_back(edit("SWS_SUBMESH_POINTER_TAG", morph, "SubMesh 1 pointer tag 3",
                    [](Mesh& m) { m.submeshes[1].pointer_tag = 3; }));
  in.push_back(edit("SWS_BAD_SUBMESH_MANAGED", morph, "SubMesh 0 managed 0",
                    [](Mesh& m) { sub(m, 0).managed = 0; }));
  in.push_back(edit("SWS_BAD_SUBMESH_CLASS", morph, "SubMesh 0's copy class 0",
                    [](Mesh& m) { copy_of(m, 0).class_id = 0; }));
  in.push_back(edit("SWS_SUBMESH_INDICES_NOT_TRIANGLES", morph, "SubMesh 1 one index more",
                    [](Mesh& m) { sub(m, 1).indices.push_back(0); }));
  in.push_back(edit("SWS_SUBMESH_INDEX_OUT_OF_RANGE", morph, "SubMesh 0 index 4 = 5000",
                    [](Mesh& m) { sub(m, 0).indices[4] = 5000; }));
  in.push_back(edit("SWS_SUBMESH_EMPTY_RUN_NOT_EMPTY", morph, "SubMesh 0 empty run b count 1",
                    [](Mesh& m) { sub(m, 0).empty_run_b = 1; }));
  in.push_back(edit("SWS_BAD_POINTER_TAG", morph, "SubMesh 0's copy pointer tag 5",
                    [](Mesh& m) { copy_of(m, 0).copy_tag = 5; }));
  in.push_back(edit("SWS_SUBMESH_UV_CHANNEL_COUNT", morph, "SubMesh 1's copy without UV channels",
                    [](Mesh& m) { copy_of(m, 1).uv_channels.clear(); }));
  in.push_back(edit("SWS_SUBMESH_MORPH_CHANNEL_COUNT", morph, "SubMesh 0 with 4 morph channels",
                    [](Mesh& m) {
                      auto& c = sub(m, 0).morph_channels;
                      c.push_back(c[0]);
                      c.push_back(c[1]);
                    }));
  in.push_back(edit("SWS_SUBMESH_COPY_HAS_MORPHS", morph, "SubMesh 0's copy with a morph channel",
                    [](Mesh& m) {
                      copy_of(m, 0).morph_channels.push_back(sub(m, 0).morph_channels[0]);
                      copy_of(m, 0).has_morphs = 1;
                    }));
  in.push_back(edit("SWS_SUBMESH_HAS_MORPHS_FLAG", morph, "SubMesh 1 has-morphs flag 0",
                    [](Mesh& m) { sub(m, 1).has_morphs = 0; }));
  in.push_back(edit("SWS_BAD_UV_CHANNEL_CLASS", morph, "SubMesh 1 UV channel 0 class 1",
                    [](Mesh& m) { sub(m, 1).uv_channels[0].class_id = 1; }));
  in.push_back(edit("SWS_UV_CHANNEL_COUNT", morph, "SubMesh 0 UV channel 1 one UV short",
                    [](Mesh& m) { sub(m, 0).uv_channels[1].uvs.pop_back(); }));
  in.push_back(edit("SWS_BAD_MORPH_CHANNEL_CLASS", morph, "SubMesh 0 morph channel 1 class 0",
                    [](Mesh& m) { sub(m, 0).morph_channels[1].class_id = 0; }));
  in.push_back(edit("SWS_MORPH_CHANNEL_ID_ZERO", morph, "SubMesh 1 morph channel 0 id 0",
                    [](Mesh& m) { sub(m, 1).morph_channels[0].id = 0; }));
  in.push_back(edit("SWS_SUBMESH_MATERIAL_NOT_IN_RANGES", morph, "SubMesh 1 material 0x1234",
                    [](Mesh& m) { sub(m, 1).material_id = 0x1234; }));
  in.push_back(edit("SWS_SUBMESH_VERTEX_SUM", morph, "a vertex in no SubMesh appended",
                    add_vertex_to_every_stream));
  in.push_back(
      edit("SWS_SUBMESH_POSITIONS_MISMATCH", morph, "vertex 3 position x + 1 ulp", [](Mesh& m) {
        uint32_t bits;
        uint8_t* p = m.compiled.streams.data() + size_t(3) * m.compiled.stride;
        std::memcpy(&bits, p, 4);
        ++bits;
        std::memcpy(p, &bits, 4);
      }));
  in.push_back(
      edit("SWS_SUBMESH_TRIANGLES_MISMATCH", morph, "range 1 first index changed", [](Mesh& m) {
        sws::CompiledData& d = m.compiled;
        const uint32_t fi = d.ranges_a[1].first_index;
        d.indices[fi] = d.indices[fi + 4] != d.indices[fi] ? d.indices[fi + 4] : d.indices[fi + 5];
      }));
  in.push_back(edit("SWS_VERTEX_FORMAT_UNKNOWN_BITS", stat, "flags | 0x200",
                    [](Mesh& m) { m.compiled.flags |= 0x200; }));
  in.push_back(edit("SWS_VERTEX_FORMAT_STRIDE_MISMATCH", stat, "flags | 0x40 (TEXCOORD1)",
                    [](Mesh& m) { m.compiled.flags |= 0x40; }));

  // Observed relations and normalisation readings: warnings.
  in.push_back(edit("SWS_RANGE_INDEX_OUTSIDE_SPAN", skin, "range 1 first vertex - 4",
                    [](Mesh& m) { m.compiled.ranges_a[1].first_vertex -= 4; }));
  in.push_back(edit("SWS_PALETTE_CONFLICT", skin, "range 1 also spans 4 of range 0's vertices",
                    [](Mesh& m) { m.compiled.ranges_a[1].first_vertex -= 4; }));
  in.push_back(edit("SWS_BLEND_INDEX_OUTSIDE_PALETTE", skin, "vertex 10 blend index 200",
                    [](Mesh& m) { stream_byte(m, 0, 10, 24) = 200; }));
  in.push_back(edit("SWS_BLEND_WEIGHTS_SUM", skin, "vertex 2 first weight - 1",
                    [](Mesh& m) { stream_byte(m, 0, 2, 28) -= 1; }));
  in.push_back(edit("SWS_BONE_MATRIX_SINGULAR", skin, "bone 3 matrix all zero",
                    [](Mesh& m) { m.bones[3].matrix.fill(0); }));
  in.push_back(edit("SWS_BONES_WITHOUT_WEIGHTS", stat, "one bone on a mesh without blend elements",
                    [](Mesh& m) {
                      sws::MeshBone b;
                      b.matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
                      m.bones.push_back(b);
                    }));
  in.push_back(edit("SWS_MORPH_POSITIONS_MISMATCH", morph, "morph stream 1 vertex 118 byte 8 ^ 1",
                    [](Mesh& m) { stream_byte(m, 1, 118, 8) ^= 1; }));
  in.push_back(
      edit("SWS_SUBMESH_COLOURS_MISMATCH", morph, "SubMesh 0 colour 5 changed", [](Mesh& m) {
        sub(m, 0).colours[5] ^= 0x00010000u;
        copy_of(m, 0).colours[5] ^= 0x00010000u;
      }));
  in.push_back(edit("SWS_SUBMESH_UV_MISMATCH", morph, "SubMesh 0 UV 0 u + 0.5", [](Mesh& m) {
    sub(m, 0).uv_channels[0].uvs[0][0] += 0.5f;
    copy_of(m, 0).uv_channels[0].uvs[0][0] += 0.5f;
  }));
  in.push_back(edit("SWS_SUBMESH_FACE_BYTES_COUNT", morph, "SubMesh 1 one face byte short",
                    [](Mesh& m) { sub(m, 1).face_bytes.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_FACE_WORDS_COUNT", morph, "SubMesh 1 one face word short",
                    [](Mesh& m) { sub(m, 1).face_words.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_SOURCE_VERTICES_COUNT", morph, "SubMesh 0 one source vertex short",
                    [](Mesh& m) { sub(m, 0).source_vertices.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_NORMALS_COUNT", morph, "SubMesh 0 one normal short",
                    [](Mesh& m) { sub(m, 0).normals.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_TANGENTS_COUNT", morph, "SubMesh 0's copy one tangent short",
                    [](Mesh& m) { copy_of(m, 0).tangents.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_BINORMALS_COUNT", morph, "SubMesh 0's copy one binormal short",
                    [](Mesh& m) { copy_of(m, 0).binormals.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_COLOURS_COUNT", morph, "SubMesh 0 one colour short",
                    [](Mesh& m) { sub(m, 0).colours.pop_back(); }));
  in.push_back(edit("SWS_SUBMESH_VERTEX_WORDS_COUNT", morph,
                    "SubMesh 0 third vertex-word run short",
                    [](Mesh& m) { sub(m, 0).vertex_words_c.pop_back(); }));
  in.push_back(
      edit("SWS_SUBMESH_NORMAL_NOT_UNIT", morph, "SubMesh 0 normal 0 = (2, 0, 0)", [](Mesh& m) {
        sub(m, 0).normals[0] = {2, 0, 0};
      }));
  in.push_back(edit("SWS_SUBMESH_TANGENT_NOT_PERPENDICULAR", morph,
                    "SubMesh 0's copy tangent 0 = its normal 0",
                    [](Mesh& m) { copy_of(m, 0).tangents[0] = copy_of(m, 0).normals[0]; }));
  in.push_back(
      edit("SWS_SUBMESH_COPY_MISMATCH", morph, "SubMesh 0's copy one UV channel more", [](Mesh& m) {
        auto& u = copy_of(m, 0).uv_channels;
        u.push_back(u[0]);
      }));
  in.push_back(
      edit("SWS_SUBMESH_COPY_TAG", morph, "SubMesh 1 without its copy (tag 3)", [](Mesh& m) {
        sub(m, 1).copy_tag = sws::kPointerNone;
        sub(m, 1).copy.clear();
      }));
  in.push_back(edit("SWS_MORPH_CHANNEL_COUNT", morph, "SubMesh 0 morph channel 0 one UV short",
                    [](Mesh& m) { sub(m, 0).morph_channels[0].uvs.pop_back(); }));

  // Vertex-format tables (--vertex-formats).
  in.push_back({"SWS_VERTEX_FORMATS_INVALID", "an SWS table without \"elements\"", [] {
                  Result<sws::VertexFormats> t = sws::parse_vertex_formats("{\"format\": \"sws\"}");
                  return error_of(t);
                }});
  in.push_back({"SWS_VERTEX_FORMAT_NO_POSITION",
                "samples/sws/static_materials.mesh with a table naming bit 0x1 _POSITION", [] {
                  Result<sws::VertexFormats> t =
                      sws::parse_vertex_formats(table_without_position());
                  if (!t) return std::vector<ir::Diagnostic>{t.error()};
                  DecodeOptions o;
                  VertexTables tables_t;
                  tables_t.set("sws", std::make_shared<const sws::VertexFormats>(*t), "test");
                  o.tables = &tables_t;
                  return decode_sws(sample("static_materials"), o);
                }});
}

}  // namespace f2g::catalogue
