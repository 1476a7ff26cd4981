// GLTF_ codes: a small synthetic IR (one triangle, optionally skinned) changed in one place
// and given to gltf::write; a written file changed in one place and given to read_gltf /
// read_glb; bytes that are not a glb, or a compressed glb with broken meshopt data, given
// to compact_glb / expand_glb. The IR shapes follow gltf_writer_test.cpp.
#include <array>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "gltf_writer/compact/compact.h"
#include "gltf_writer/read/read.h"
#include "gltf_writer/write/write.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

using ir::Attribute;
using ir::Diagnostic;
using Json = nlohmann::json;

Attribute floats(const char* semantic, uint8_t width, std::vector<float> values) {
  Attribute a;
  a.semantic = semantic;
  a.width = width;
  a.f32 = std::move(values);
  return a;
}

Attribute bytes(const char* semantic, std::vector<uint8_t> values, bool normalized) {
  Attribute a;
  a.semantic = semantic;
  a.type = ir::Scalar::U8;
  a.width = 4;
  a.normalized = normalized;
  a.u8 = std::move(values);
  return a;
}

// One triangle: 3 vertices, POSITION only, one primitive over indices 0 1 2.
ir::Mesh triangle() {
  ir::Mesh m;
  m.name = "triangle";
  m.vertex_count = 3;
  m.attributes.push_back(floats("POSITION", 3, {0, 0, 0, 1, 0, 0, 0, 1, 0}));
  m.indices = {0, 1, 2};
  ir::Primitive p;
  p.index_count = 3;
  p.vertex_count = 3;
  m.primitives.push_back(p);
  return m;
}

std::array<float, 16> identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }

// The triangle skinned to one bone, every vertex fully on joint 0.
ir::Mesh skinned() {
  ir::Mesh m = triangle();
  m.attributes.push_back(bytes("JOINTS_0", std::vector<uint8_t>(12, 0), false));
  m.attributes.push_back(bytes("WEIGHTS_0", {255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0}, true));
  ir::Bone b;
  b.name = "bone";
  b.inverse_bind = identity();
  m.skin = ir::Skin{{b}};
  return m;
}

std::vector<Diagnostic> written(const ir::Mesh& m, const gltf::WriteOptions& o = {}) {
  ir::Result<gltf::Written> w = gltf::write(m, o);
  if (!w) return {w.error()};
  return w->warnings;
}

Input write_input(const char* code, const std::string& how, std::function<ir::Mesh()> make,
                  gltf::WriteOptions options = {}) {
  return {code, "gltf::write of " + how, [=] { return written(make(), options); }};
}

// The triangle written as .gltf JSON (+ its .bin), the JSON changed, then read back.
Input read_input(const char* code, const std::string& how, std::function<void(Json&)> change) {
  return {code, "read_gltf of the written triangle with " + how, [=] {
            gltf::WriteOptions o;
            o.binary = false;
            o.bin_uri = "triangle.bin";
            ir::Result<gltf::Written> w = gltf::write(triangle(), o);
            if (!w) return std::vector<Diagnostic>{w.error()};
            Json j = Json::parse(w->json);
            change(j);
            ir::Result<ir::Mesh> back = gltf::read_gltf(j.dump(), w->bin);
            return back ? std::vector<Diagnostic>{} : std::vector<Diagnostic>{back.error()};
          }};
}

// A compressed glb whose first meshopt-compressed view has its header byte broken.
std::vector<uint8_t> broken_meshopt_glb() {
  ir::Mesh m = triangle();
  // Enough vertices that compression pays and the POSITION view is compressed.
  m.vertex_count = 300;
  m.attributes[0].f32.clear();
  for (uint32_t v = 0; v < 300; ++v)
    for (float c : {float(v % 17), float(v / 17), 0.0f}) m.attributes[0].f32.push_back(c);
  m.indices.clear();
  for (uint32_t v = 0; v + 2 < 300; v += 3)
    for (uint32_t k = 0; k < 3; ++k) m.indices.push_back(v + k);
  m.primitives[0].index_count = uint32_t(m.indices.size());
  m.primitives[0].vertex_count = 300;
  ir::Result<gltf::Written> w = gltf::write(m);
  if (!w) return {};
  gltf::CompactOptions c;
  c.compress = true;
  ir::Result<std::vector<uint8_t>> glb = gltf::compact_glb(w->glb, c);
  if (!glb) return {};
  std::vector<uint8_t> b = *glb;
  // GLB: 12-byte header, JSON chunk (length, type, data), BIN chunk (length, type, data).
  uint32_t json_length;
  std::memcpy(&json_length, &b[12], 4);
  const Json j = Json::parse(b.begin() + 20, b.begin() + 20 + json_length);
  const size_t bin = 20 + json_length + 8;
  for (const Json& v : j["bufferViews"]) {
    if (!v.contains("extensions") || !v["extensions"].contains("EXT_meshopt_compression")) continue;
    const size_t at = v["extensions"]["EXT_meshopt_compression"].value("byteOffset", size_t(0));
    b[bin + at] = 0xFF;  // meshopt's header byte: version 15 does not exist
    return b;
  }
  return {};
}

}  // namespace

void add_gltf_inputs(Inputs& in) {
  // Errors: an IR the writer does not accept (input_checks.cpp, skin_weights.cpp).
  {
    gltf::WriteOptions gltf_without_bin;
    gltf_without_bin.binary = false;
    in.push_back(write_input("GLTF_NO_BIN_URI", "the triangle as .gltf without a bin_uri", triangle,
                             gltf_without_bin));
  }
  in.push_back(write_input("GLTF_EMPTY_MESH", "a mesh of 0 vertices", [] {
    ir::Mesh m = triangle();
    m.vertex_count = 0;
    return m;
  }));
  in.push_back(write_input("GLTF_DUPLICATE_ATTRIBUTE", "the triangle with POSITION twice", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(m.attributes[0]);
    return m;
  }));
  in.push_back(write_input("GLTF_UNKNOWN_SEMANTIC", "the triangle with an attribute FOO", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("FOO", 1, {0, 0, 0}));
    return m;
  }));
  in.push_back(write_input("GLTF_ATTRIBUTE_FORMAT", "the triangle with a 2-wide NORMAL", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("NORMAL", 2, {0, 1, 0, 1, 0, 1}));
    return m;
  }));
  in.push_back(write_input("GLTF_ATTRIBUTE_SIZE", "the triangle with 2 TEXCOORD_0 values", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("TEXCOORD_0", 2, {0, 0}));
    return m;
  }));
  in.push_back(write_input("GLTF_NON_FINITE_VALUE", "the triangle with a NaN position", [] {
    ir::Mesh m = triangle();
    m.attributes[0].f32[4] = std::numeric_limits<float>::quiet_NaN();
    return m;
  }));
  in.push_back(write_input("GLTF_NO_POSITION", "a mesh whose only attribute is _CUSTOM", [] {
    ir::Mesh m = triangle();
    m.attributes[0].semantic = "_CUSTOM";
    return m;
  }));
  in.push_back(write_input("GLTF_SKIN_ATTRIBUTES", "the skinned triangle without WEIGHTS_0", [] {
    ir::Mesh m = skinned();
    m.attributes.pop_back();
    return m;
  }));
  in.push_back(write_input("GLTF_JOINTS_WITHOUT_SKIN", "the skinned triangle without bones", [] {
    ir::Mesh m = skinned();
    m.skin.reset();
    return m;
  }));
  in.push_back(write_input("GLTF_PRIMITIVE_RANGE", "a primitive over 6 of 3 indices", [] {
    ir::Mesh m = triangle();
    m.primitives[0].index_count = 6;
    return m;
  }));
  in.push_back(write_input("GLTF_MATERIAL_OUT_OF_RANGE", "a primitive naming material 3 of 1", [] {
    ir::Mesh m = triangle();
    m.materials.push_back(ir::Material{"material", Json::object()});
    m.primitives[0].material = 3;
    return m;
  }));
  in.push_back(write_input("GLTF_INDEX_OUT_OF_RANGE", "index 7 of 3 vertices", [] {
    ir::Mesh m = triangle();
    m.indices[2] = 7;
    return m;
  }));
  in.push_back(write_input("GLTF_NO_PRIMITIVES", "a mesh whose one primitive has 0 indices", [] {
    ir::Mesh m = triangle();
    m.primitives[0].index_count = 0;
    return m;
  }));
  in.push_back(write_input("GLTF_MORPH_TARGET_SIZE", "a morph target of 1 position", [] {
    ir::Mesh m = triangle();
    ir::MorphTarget t;
    t.positions = {0, 0, 0};
    m.morph_targets.push_back(t);
    return m;
  }));
  in.push_back(write_input("GLTF_JOINT_OUT_OF_RANGE", "a weighted joint 3 of 1 bone", [] {
    ir::Mesh m = skinned();
    m.find("JOINTS_0")->u8[4] = 3;
    return m;
  }));

  // Warnings: written with a fallback (write*.cpp, extras.cpp).
  in.push_back(
      write_input("GLTF_ZERO_WEIGHTS", "the skinned triangle with vertex 1 unweighted", [] {
        ir::Mesh m = skinned();
        m.find("WEIGHTS_0")->u8[4] = 0;
        return m;
      }));
  in.push_back(write_input("GLTF_WEIGHTS_RENORMALISED", "weights summing to 200", [] {
    ir::Mesh m = skinned();
    m.find("WEIGHTS_0")->u8[4] = 200;
    return m;
  }));
  in.push_back(write_input("GLTF_ATTRIBUTE_RENAMED", "TEXCOORD_1 without TEXCOORD_0", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("TEXCOORD_1", 2, {0, 0, 1, 0, 0, 1}));
    return m;
  }));
  in.push_back(write_input("GLTF_ZERO_NORMAL", "a zero NORMAL", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("NORMAL", 3, {0, 0, 1, 0, 0, 0, 0, 0, 1}));
    return m;
  }));
  in.push_back(write_input("GLTF_ZERO_TANGENT", "a zero TANGENT", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("NORMAL", 3, {0, 0, 1, 0, 0, 1, 0, 0, 1}));
    m.attributes.push_back(floats("TANGENT", 4, {1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1}));
    return m;
  }));
  in.push_back(write_input("GLTF_TANGENT_W", "a TANGENT with w 0.5", [] {
    ir::Mesh m = triangle();
    m.attributes.push_back(floats("NORMAL", 3, {0, 0, 1, 0, 0, 1, 0, 0, 1}));
    m.attributes.push_back(floats("TANGENT", 4, {1, 0, 0, 1, 1, 0, 0, 0.5f, 1, 0, 0, 1}));
    return m;
  }));
  in.push_back(write_input("GLTF_IBM_NOT_AFFINE", "an inverse bind with last row (1, 0, 0, 1)", [] {
    ir::Mesh m = skinned();
    m.skin->bones[0].inverse_bind[3] = 1;
    return m;
  }));
  in.push_back(write_input("GLTF_IBM_NOT_INVERTIBLE", "an inverse bind with a zero 3x3", [] {
    ir::Mesh m = skinned();
    m.skin->bones[0].inverse_bind = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    return m;
  }));
  in.push_back(write_input("GLTF_JOINT_NOT_TRS", "an inverse bind with shear", [] {
    ir::Mesh m = skinned();
    m.skin->bones[0].inverse_bind[4] = 0.5f;  // column 1, row 0
    return m;
  }));
  in.push_back(write_input("GLTF_JOINT_PARENT", "a bone that is its own parent", [] {
    ir::Mesh m = skinned();
    m.skin->bones[0].parent = 0;
    return m;
  }));
  in.push_back(write_input("GLTF_EXTRAS_NOT_OBJECT", "mesh extras = 5", [] {
    ir::Mesh m = triangle();
    m.extras = 5;
    return m;
  }));
  in.push_back(write_input("GLTF_EXTRAS_KEY_REPLACED", "mesh extras {\"source\": 1}", [] {
    ir::Mesh m = triangle();
    m.extras = {{"source", 1}};
    return m;
  }));
  in.push_back(write_input("GLTF_EMPTY_PRIMITIVE", "a second primitive of 0 indices", [] {
    ir::Mesh m = triangle();
    m.primitives.push_back(ir::Primitive{});
    return m;
  }));
  in.push_back(write_input("GLTF_TRAILING_INDICES", "a primitive of 4 indices", [] {
    ir::Mesh m = triangle();
    m.indices.push_back(0);
    m.primitives[0].index_count = 4;
    return m;
  }));
  in.push_back(write_input("GLTF_INVALID_UTF8", "a mesh named \"\\xFF\"", [] {
    ir::Mesh m = triangle();
    m.name = "\xFF";
    return m;
  }));
  in.push_back(write_input("GLTF_MORPH_ATTRIBUTE_DROPPED", "target normals without NORMAL", [] {
    ir::Mesh m = triangle();
    ir::MorphTarget t;
    t.positions = m.attributes[0].f32;
    t.normals = {0, 0, 1, 0, 0, 1, 0, 0, 1};
    m.morph_targets.push_back(t);
    return m;
  }));
  in.push_back(write_input("GLTF_MORPH_UNREACHABLE", "a target 1e-3 over a base 1e10", [] {
    ir::Mesh m = triangle();
    m.attributes[0].f32[0] = 1.0e10f;
    ir::MorphTarget t;
    t.positions = m.attributes[0].f32;
    t.positions[0] = 1.0e-3f;
    m.morph_targets.push_back(t);
    return m;
  }));

  // The mirror reader (read.cpp).
  in.push_back({"GLTF_READ_INVALID", "read_glb of 16 bytes that are not a glb", [] {
                  const std::vector<uint8_t> junk(16, 0x41);
                  return error_of(gltf::read_glb(junk.data(), junk.size()));
                }});
  in.push_back(read_input("GLTF_READ_LAYOUT", "a second mesh",
                          [](Json& j) { j["meshes"].push_back(j["meshes"][0]); }));
  in.push_back(read_input("GLTF_READ_OUT_OF_BOUNDS", "accessor 0 claiming 100000 elements",
                          [](Json& j) { j["accessors"][0]["count"] = 100000; }));

  // Compact outputs (compact*.cpp).
  in.push_back(
      {"GLTF_COMPACT_INVALID", "compact_glb (quantize) of 16 bytes that are not a glb", [] {
         gltf::CompactOptions c;
         c.quantize = true;
         return error_of(gltf::compact_glb(std::vector<uint8_t>(16, 0x41), c));
       }});
  in.push_back({"GLTF_EXPAND_INVALID", "expand_glb of 16 bytes that are not a glb",
                [] { return error_of(gltf::expand_glb(std::vector<uint8_t>(16, 0x41))); }});
  in.push_back(
      {"GLTF_EXPAND_DECODE", "expand_glb of a compressed glb with a broken meshopt header", [] {
         const std::vector<uint8_t> b = broken_meshopt_glb();
         if (b.empty()) return std::vector<Diagnostic>{};
         return error_of(gltf::expand_glb(b));
       }});
}

}  // namespace f2g::catalogue
