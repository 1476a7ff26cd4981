// RR codes: a committed sample (samples/rr) parsed to its MeshFile, one field changed,
// encoded again and decoded (forced RR: a broken marker still reaches the decoder); or the
// bytes themselves cut, extended or overwritten. The edits follow rr_relations_test.cpp and
// rr_mesh_codec_test.cpp.
#include <cstring>
#include <map>
#include <string>

#include "formats/registry.h"
#include "formats/rr/mesh_codec.h"
#include "formats/rr/rr.h"
#include "formats/rr/vertex_formats.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

using rr::MeshFile;

const std::vector<uint8_t>& sample(const std::string& name) {
  static std::map<std::string, std::vector<uint8_t>> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, read_bytes(source_path("samples/rr/" + name + ".mesh"))).first;
  return it->second;
}

std::vector<ir::Diagnostic> decode_rr(const std::vector<uint8_t>& bytes) {
  DecodeOptions o;
  o.format = &rr::kFormat;
  return diagnostics_of(decode(bytes.data(), bytes.size(), o));
}

Input edit(const char* code, const std::string& name, const std::string& how,
           std::function<void(MeshFile&)> change) {
  return {code, "samples/rr/" + name + ".mesh: " + how, [=] {
            const std::vector<uint8_t>& b = sample(name);
            Result<MeshFile> m = rr::parse(b.data(), b.size());
            if (!m) return std::vector<ir::Diagnostic>{};  // the sample itself does not read
            change(*m);
            return decode_rr(rr::encode(*m));
          }};
}

Input bytes(const char* code, const std::string& name, const std::string& how,
            std::function<void(std::vector<uint8_t>&)> change) {
  return {code, "samples/rr/" + name + ".mesh: " + how, [=] {
            std::vector<uint8_t> b = sample(name);
            change(b);
            return decode_rr(b);
          }};
}

void set_u16(std::vector<uint8_t>& b, size_t k, uint16_t v) {
  std::memcpy(b.data() + 2 * k, &v, 2);
}

}  // namespace

void add_rr_inputs(Inputs& in) {
  // The reader (formats/common/reader.cpp) with the RR prefix.
  in.push_back(bytes("RR_TRUNCATED", "static16_terrain", "cut to its first 20 bytes",
                     [](auto& b) { b.resize(20); }));
  in.push_back(bytes("RR_TRAILING_BYTES", "inline_rocks", "one byte appended",
                     [](auto& b) { b.push_back(0); }));
  in.push_back(bytes("RR_COUNT_TOO_LARGE", "static16_terrain",
                     "bone count (u32 at 16) = 0xFFFFFFFF",
                     [](auto& b) { std::memset(&b[16], 0xFF, 4); }));

  // Proven relations: errors.
  in.push_back(edit("RR_BAD_MARKER", "split12_character", "marker ^= 1",
                    [](MeshFile& m) { m.compiled.marker ^= 1; }));
  in.push_back(edit("RR_LAYOUT_UNKNOWN", "static24_props", "layout selector 5",
                    [](MeshFile& m) { m.compiled.layout_selector = 5; }));
  in.push_back(edit("RR_BAD_LAYOUT_CLASS", "inline_rocks", "inline layout with the ranged class",
                    [](MeshFile& m) { m.compiled.head.cls = kClusteredMeshDataClass; }));
  in.push_back(edit("RR_BAD_RANGE_CLASS", "static24_props", "range 1 class 0",
                    [](MeshFile& m) { m.ranged->ranges[1].range_class = 0; }));
  in.push_back(edit("RR_BAD_MESH_DATA_CLASS", "split24_bike", "MeshData class 0",
                    [](MeshFile& m) { m.ranged->mesh_data_head.cls = 0; }));
  in.push_back(edit("RR_BAD_PRIMITIVE_CLASS", "inline_rocks", "object 2 class 7",
                    [](MeshFile& m) { m.mesh_data.objects[2].primitive_class = 7; }));
  in.push_back(edit("RR_BAD_DESCRIPTOR_CLASS", "static16_terrain", "descriptor 2 class 0",
                    [](MeshFile& m) { m.materials.descriptors[2].descriptor_class = 0; }));
  in.push_back(edit("RR_PRIMITIVE_DESC_LENGTH", "static24_props", "PrimitiveDescData length 64",
                    [](MeshFile& m) { m.ranged->primitive_desc_length = 64; }));
  in.push_back(edit("RR_VERTEX_FORMAT_UNKNOWN", "static24_props", "primary stride 20",
                    [](MeshFile& m) { m.ranged->strides[0] = 20; }));
  in.push_back(edit("RR_STREAM_PARTIAL_RECORD", "static24_props", "primary stream one byte short",
                    [](MeshFile& m) { m.ranged->streams[0].bytes.pop_back(); }));
  in.push_back(edit("RR_SPLIT_STREAM_SIZES", "split12_character",
                    "position stream one vertex short", [](MeshFile& m) {
                      auto& p = m.ranged->streams[1].bytes;
                      p.resize(p.size() - 12);
                    }));
  in.push_back(edit("RR_STATIC_STREAM_NOT_EMPTY", "static16_terrain",
                    "8 skin bytes on a static mesh",
                    [](MeshFile& m) { m.ranged->streams[2].bytes.assign(8, 0); }));
  in.push_back(edit("RR_FIRST_RANGE_NOT_AT_ZERO", "static28_dynamic_copies",
                    "range 0 vertex base 1",
                    [](MeshFile& m) { m.ranged->ranges[0].vertex_base = 1; }));
  in.push_back(edit("RR_RANGE_OUTSIDE_BUFFERS", "split24_bike", "range 2 vertex base 600",
                    [](MeshFile& m) { m.ranged->ranges[2].vertex_base = 600; }));
  in.push_back(edit("RR_INDEX_OUT_OF_RANGE", "static24_props", "index 1000 = 400",
                    [](MeshFile& m) { set_u16(m.ranged->streams[3].bytes, 1000, 400); }));
  in.push_back(edit("RR_OBJECTS_NOT_TILING", "inline_rocks", "object 1 first index + 3",
                    [](MeshFile& m) { m.mesh_data.objects[1].first_index += 3; }));
  in.push_back(edit("RR_INDEX_WIDTH_UNKNOWN", "inline_u32_indices", "index width selector 2",
                    [](MeshFile& m) { m.mesh_data.index_width = 2; }));
  in.push_back(edit("RR_DESCRIPTOR_COUNT", "inline_rocks", "one descriptor less",
                    [](MeshFile& m) { m.materials.descriptors.pop_back(); }));
  in.push_back(edit("RR_REFERENCE_COUNT", "split12_skin8_tentacle", "one DynamicReference less",
                    [](MeshFile& m) { m.materials.references.pop_back(); }));
  in.push_back(edit("RR_REFERENCE_NOT_MATERIAL", "static16_terrain", "reference 1 handle ^= 0x10",
                    [](MeshFile& m) { m.materials.references[1].handle ^= 0x10; }));

  // Observed relations: warnings.
  in.push_back(edit("RR_BONE_CLASS", "split12_character", "bone 3 class 0",
                    [](MeshFile& m) { m.header.bones[3].bone_class = 0; }));
  in.push_back(edit("RR_DYNAMIC_REFERENCE_CLASS", "static24_props", "reference 0 class 1",
                    [](MeshFile& m) { m.materials.references[0].reference_class = 1; }));
  in.push_back(edit("RR_PLATFORM_VERSION", "inline_rocks", "PlatformVersion 30",
                    [](MeshFile& m) { m.materials.platform_version = 30; }));
  in.push_back(bytes("RR_STALE_COUNT", "stale_counts_wireframe_wall", "as committed (stale counts)",
                     [](auto&) {}));
  in.push_back(edit("RR_DESCRIPTOR_VERTEX_COUNT", "static16_terrain", "descriptor 1 vertex count 9",
                    [](MeshFile& m) { m.materials.descriptors[1].vertex_count = 9; }));
  in.push_back(edit("RR_PRIMITIVE_DESC_INDEX_COUNT", "static24_props",
                    "PrimitiveDescData 2 index count 33",
                    [](MeshFile& m) { m.ranged->primitive_descs[2].index_count = 33; }));
  in.push_back(edit("RR_PRIMITIVE_DESC_FIRST_INDEX", "static24_props",
                    "PrimitiveDescData 1 first index 0",
                    [](MeshFile& m) { m.ranged->primitive_descs[1].first_index = 0; }));
  in.push_back(edit("RR_PRIMITIVE_DESC_BOUNDS", "stale_counts_wireframe_wall",
                    "PrimitiveDescData 0 centre z + 1",
                    [](MeshFile& m) { m.ranged->primitive_descs[0].centre[2] += 1; }));
  in.push_back(edit("RR_PRIMITIVE_RECORDS_MISMATCH", "split12_character", "object 2 vertex base 0",
                    [](MeshFile& m) { m.mesh_data.objects[2].vertex_base = 0; }));
  in.push_back(edit("RR_MESH_DATA_DECLARATION", "static28_dynamic_copies",
                    "MeshData vertex format 2",
                    [](MeshFile& m) { m.mesh_data.vertex_format = 2; }));
  in.push_back(edit("RR_RANGED_INDEX_WIDTH", "static16_terrain", "ranged index width selector 1",
                    [](MeshFile& m) { m.mesh_data.index_width = 1; }));
  in.push_back(edit("RR_BONES_PER_VERTEX", "split12_skin8_tentacle", "NbBonesPerVertex 4",
                    [](MeshFile& m) { m.mesh_data.bones_per_vertex = 4; }));
  in.push_back(edit("RR_CPU_COPY_MISMATCH", "static28_dynamic_copies", "CPU index copy byte 6 ^ 1",
                    [](MeshFile& m) { m.mesh_data.runs[3].bytes[6] ^= 1; }));
  in.push_back(edit("RR_DYNAMIC_FLAG", "static24_props", "trailer bool 0 = 1",
                    [](MeshFile& m) { m.materials.trailer.bools[0] = 1; }));
  in.push_back(edit("RR_POSITION_OUTSIDE_BOUNDS", "inline_rocks", "header extent max z - 0.2",
                    [](MeshFile& m) { m.header.extent_max[2] -= 0.2f; }));
  in.push_back(edit("RR_JOINT_OUT_OF_RANGE", "split12_character", "vertex 0 joint 0 = bone 40",
                    [](MeshFile& m) { m.ranged->streams[2].bytes[0] = 40; }));
  in.push_back(edit("RR_BONE_MATRIX_NOT_INVERTIBLE", "split24_bike", "bone 1 matrix all zero",
                    [](MeshFile& m) { m.header.bones[1].matrix.fill(0); }));

  // Vertex-format table (--vertex-formats).
  in.push_back({"RR_VERTEX_FORMATS_INVALID", "an RR table that is not JSON", [] {
                  Result<rr::VertexFormats> t = rr::parse_vertex_formats("not json");
                  return error_of(t);
                }});
}

}  // namespace f2g::catalogue
