#include "gltf_writer/read/read.h"

#include <tiny_gltf.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <optional>

#include "gltf_writer/read/tinygltf_load.h"
#include "gltf_writer/write/extras_keys.h"
#include "gltf_writer/write/morph_delta.h"
#include "gltf_writer/write/semantics.h"

namespace f2g::gltf {
namespace {

using ir::Diagnostic;
using Json = ir::Json;
using std::to_string;

// Failures inside the reader; read_glb / read_gltf turn them into values.
struct ReadFailure {
  Diagnostic error;
};

[[noreturn]] void fail(const char* code, std::string message, std::string path) {
  throw ReadFailure{{code, std::move(message), std::move(path), 0}};
}

Json take(Json& obj, const char* key) {
  if (!obj.is_object() || !obj.contains(key)) return Json();
  Json v = std::move(obj[key]);
  obj.erase(key);
  return v;
}

uint64_t hex_of(const Json& v) {
  if (v.is_number_integer()) return v.get<uint64_t>();
  if (!v.is_string()) return 0;
  const std::string s = v.get<std::string>();
  return std::strtoull(s.c_str(), nullptr, 16);
}

// One accessor's elements, bounds-checked against its view and buffer.
struct Elements {
  const uint8_t* base = nullptr;
  size_t stride = 0, count = 0, width = 0, component = 0;
  int component_type = 0;
  bool normalized = false;
  const tinygltf::Accessor* accessor = nullptr;

  const uint8_t* at(size_t i, size_t c) const { return base + i * stride + c * component; }
  float f32(size_t i, size_t c) const {
    float f;
    std::memcpy(&f, at(i, c), 4);
    return f;
  }
  uint32_t uint(size_t i, size_t c) const {
    const uint8_t* p = at(i, c);
    if (component == 1) return *p;
    if (component == 2) return uint32_t(p[0]) | uint32_t(p[1]) << 8;
    uint32_t u;
    std::memcpy(&u, p, 4);
    return u;
  }
};

Elements elements(const tinygltf::Model& model, int index, const std::string& path) {
  if (index < 0 || size_t(index) >= model.accessors.size())
    fail("GLTF_READ_LAYOUT", "accessor " + to_string(index) + " does not exist", path);
  const tinygltf::Accessor& a = model.accessors[index];
  if (a.sparse.isSparse) fail("GLTF_READ_LAYOUT", "sparse accessors are not written here", path);
  if (a.bufferView < 0 || size_t(a.bufferView) >= model.bufferViews.size())
    fail("GLTF_READ_LAYOUT", "accessor " + to_string(index) + " has no buffer view", path);
  const tinygltf::BufferView& v = model.bufferViews[a.bufferView];
  if (v.buffer < 0 || size_t(v.buffer) >= model.buffers.size())
    fail("GLTF_READ_LAYOUT", "buffer view " + to_string(a.bufferView) + " has no buffer", path);
  const std::vector<unsigned char>& data = model.buffers[v.buffer].data;
  Elements e;
  e.accessor = &a;
  e.component_type = a.componentType;
  e.normalized = a.normalized;
  const int comp = tinygltf::GetComponentSizeInBytes(a.componentType);
  const int width = tinygltf::GetNumComponentsInType(a.type);
  if (comp <= 0 || width <= 0)
    fail("GLTF_READ_LAYOUT", "accessor " + to_string(index) + " has an unknown type", path);
  e.component = size_t(comp);
  e.width = size_t(width);
  e.count = a.count;
  const size_t element = e.component * e.width;
  e.stride = v.byteStride ? v.byteStride : element;
  // Counts and strides first bounded by the buffer, so no stored number can wrap a check.
  if (e.count > data.size() || v.byteStride > 255)
    fail("GLTF_READ_OUT_OF_BOUNDS",
         "accessor " + to_string(index) + " claims " + to_string(e.count) + " elements, stride " +
             to_string(v.byteStride) + ", in a buffer of " + to_string(data.size()) + " bytes",
         path);
  // Subtraction form: view inside the buffer, elements inside the view.
  const bool view_fits = v.byteOffset <= data.size() && v.byteLength <= data.size() - v.byteOffset;
  const uint64_t need =
      e.count ? uint64_t(e.stride) * (e.count - 1) + element : 0;  // < 2^40: no wrap
  if (!view_fits || a.byteOffset > v.byteLength || need > v.byteLength - a.byteOffset ||
      e.stride < element)
    fail("GLTF_READ_OUT_OF_BOUNDS",
         "accessor " + to_string(index) + " (" + to_string(e.count) + " x " + to_string(element) +
             " bytes, stride " + to_string(e.stride) + ") does not fit its view of " +
             to_string(v.byteLength) + " bytes at " + to_string(v.byteOffset) + " in a buffer of " +
             to_string(data.size()),
         path);
  e.base = data.data() + v.byteOffset + a.byteOffset;
  return e;
}

ir::Attribute attribute_of(const Elements& e, const std::string& semantic,
                           const std::string& path) {
  ir::Attribute a;
  a.semantic = semantic;
  a.width = static_cast<uint8_t>(e.width);
  a.normalized = e.normalized;
  const size_t n = e.count * e.width;
  switch (e.component_type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      a.type = ir::Scalar::F32;
      a.f32.resize(n);
      for (size_t i = 0; i < n; ++i) a.f32[i] = e.f32(i / e.width, i % e.width);
      break;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      a.type = ir::Scalar::U8;
      a.u8.resize(n);
      for (size_t i = 0; i < n; ++i)
        a.u8[i] = static_cast<uint8_t>(e.uint(i / e.width, i % e.width));
      break;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      a.type = ir::Scalar::U16;
      a.u16.resize(n);
      for (size_t i = 0; i < n; ++i)
        a.u16[i] = static_cast<uint16_t>(e.uint(i / e.width, i % e.width));
      break;
    default:
      fail("GLTF_READ_LAYOUT",
           "component type " + to_string(e.component_type) + " is not an IR type", path);
  }
  return a;
}

// "_TANGENT" -> "TANGENT": the writer's name for a standard semantic glTF could not hold.
std::string ir_semantic(const std::string& name) {
  if (name.size() > 1 && name[0] == keys::kRenamedPrefix[0]) {
    const Semantic::Kind k = parse_semantic(name.substr(1)).kind;
    if (k != Semantic::kCustom && k != Semantic::kUnknown) return name.substr(1);
  }
  return name;
}

void read_attributes(const tinygltf::Model& model, const tinygltf::Primitive& p0, ir::Mesh& m) {
  std::vector<std::pair<int, std::string>> order;  // accessor index keeps the IR order
  for (const auto& [name, acc] : p0.attributes) order.emplace_back(acc, name);
  std::sort(order.begin(), order.end());
  for (const auto& [acc, name] : order) {
    const std::string path = "meshes[0].primitives[0].attributes." + name;
    m.attributes.push_back(attribute_of(elements(model, acc, path), ir_semantic(name), path));
  }
  const ir::Attribute* pos = m.find("POSITION");
  if (!pos || pos->type != ir::Scalar::F32 || pos->width != 3)
    fail("GLTF_READ_LAYOUT", "no float VEC3 POSITION", "meshes[0].primitives[0].attributes");
  m.vertex_count = static_cast<uint32_t>(pos->vertex_count());
  for (const ir::Attribute& a : m.attributes)
    if (a.vertex_count() != m.vertex_count)
      fail("GLTF_READ_LAYOUT",
           a.semantic + " has " + to_string(a.vertex_count()) + " vertices, POSITION " +
               to_string(m.vertex_count),
           "meshes[0].primitives[0].attributes." + a.semantic);
}

uint64_t uint_or(const Json& v, uint64_t otherwise) {
  return v.is_number_unsigned() ? v.get<uint64_t>() : otherwise;
}

// The shared index view, whole (gaps and trailing indices included), then each primitive's
// slice of it; the writer's empty primitives back at their stored places.
void read_primitives(const tinygltf::Model& model, const tinygltf::Mesh& gm, Json& mesh_extras,
                     ir::Mesh& m) {
  const tinygltf::Accessor* first = nullptr;
  size_t comp = 0;
  for (size_t p = 0; p < gm.primitives.size(); ++p) {
    const tinygltf::Primitive& gp = gm.primitives[p];
    const std::string path = "meshes[0].primitives[" + to_string(p) + "]";
    if (gp.mode != TINYGLTF_MODE_TRIANGLES)
      fail("GLTF_READ_LAYOUT", "mode " + to_string(gp.mode) + " is not TRIANGLES", path);
    const Elements e = elements(model, gp.indices, path + ".indices");
    if (e.width != 1 || e.component_type == TINYGLTF_COMPONENT_TYPE_FLOAT ||
        e.stride != e.component)
      fail("GLTF_READ_LAYOUT", "indices are not tightly packed unsigned scalars",
           path + ".indices");
    if (first && (e.accessor->bufferView != first->bufferView || e.component != comp))
      fail("GLTF_READ_LAYOUT", "primitives do not share one index view", path + ".indices");
    if (!first) first = e.accessor, comp = e.component;
    if (e.accessor->byteOffset % comp)
      fail("GLTF_READ_LAYOUT", "index accessor offset is not a whole index", path + ".indices");

    ir::Primitive pr;
    pr.material = gp.material >= 0 ? static_cast<uint32_t>(gp.material) : 0;
    pr.first_index = static_cast<uint32_t>(e.accessor->byteOffset / comp);
    Json extras = extras_of(gp.extras_json_string);
    pr.index_count =
        static_cast<uint32_t>(e.count + uint_or(take(extras, keys::kTrailingIndices), 0));
    pr.first_vertex = static_cast<uint32_t>(uint_or(take(extras, keys::kFirstVertex), 0));
    pr.vertex_count = static_cast<uint32_t>(uint_or(take(extras, keys::kVertexCount), 0));
    pr.extras = std::move(extras);
    m.primitives.push_back(std::move(pr));
  }

  // The whole view: every stored index, in stored order.
  const tinygltf::BufferView& v = model.bufferViews[first->bufferView];
  const uint8_t* base = model.buffers[v.buffer].data.data() + v.byteOffset;  // checked above
  m.indices.resize(v.byteLength / comp);
  for (size_t i = 0; i < m.indices.size(); ++i) {
    const uint8_t* q = base + i * comp;
    m.indices[i] = comp == 1   ? *q
                   : comp == 2 ? uint32_t(q[0]) | uint32_t(q[1]) << 8
                               : uint32_t(q[0]) | uint32_t(q[1]) << 8 | uint32_t(q[2]) << 16 |
                                     uint32_t(q[3]) << 24;
  }
  m.index_size = static_cast<uint8_t>(comp);

  const Json empty = take(mesh_extras, keys::kEmptyPrimitives);
  if (empty.is_array())
    for (const Json& j : empty) {  // ascending stored places
      ir::Primitive pr;
      pr.material = static_cast<uint32_t>(uint_or(j.value("material", Json()), 0));
      pr.first_index = static_cast<uint32_t>(uint_or(j.value("firstIndex", Json()), 0));
      pr.index_count = static_cast<uint32_t>(uint_or(j.value("indexCount", Json()), 0));
      pr.first_vertex = static_cast<uint32_t>(uint_or(j.value("firstVertex", Json()), 0));
      pr.vertex_count = static_cast<uint32_t>(uint_or(j.value("vertexCount", Json()), 0));
      pr.extras = j.value("extras", Json::object());
      const size_t at = std::min<size_t>(uint_or(j.value("index", Json()), 0), m.primitives.size());
      m.primitives.insert(m.primitives.begin() + at, std::move(pr));
    }
}

// Absolute target values: float32(base + delta) as a consumer computes them.
void read_targets(const tinygltf::Model& model, const tinygltf::Primitive& p0, Json& mesh_extras,
                  ir::Mesh& m) {
  const Json names = take(mesh_extras, keys::kTargetNames);
  const Json extras = take(mesh_extras, keys::kTargetExtras);
  for (size_t k = 0; k < p0.targets.size(); ++k) {
    ir::MorphTarget t;
    const bool named = names.is_array() && k < names.size() && names[k].is_string();
    t.name = named ? names[k].get<std::string>() : "morph_" + to_string(k);
    if (extras.is_array() && k < extras.size()) t.extras = extras[k];
    const std::string path = "meshes[0].primitives[0].targets[" + to_string(k) + "]";
    std::vector<std::pair<int, std::string>> order;
    for (const auto& [name, acc] : p0.targets[k]) order.emplace_back(acc, name);
    std::sort(order.begin(), order.end());
    for (const auto& [acc, name] : order) {
      const Elements e = elements(model, acc, path + "." + name);
      const ir::Attribute* base = m.find(name);
      if (!base || e.component_type != TINYGLTF_COMPONENT_TYPE_FLOAT || e.count != m.vertex_count ||
          e.width != base->width)
        fail("GLTF_READ_LAYOUT", "target " + name + " is not a float delta of a base attribute",
             path + "." + name);
      ir::Attribute abs;
      abs.semantic = name;
      abs.type = base->type;
      abs.width = base->width;
      abs.normalized = base->normalized;
      const size_t n = base->value_count();
      if (base->type == ir::Scalar::F32) {
        abs.f32.resize(n);
        for (size_t i = 0; i < n; ++i) {
          volatile float sum = base->f32[i] + e.f32(i / e.width, i % e.width);
          abs.f32[i] = sum;
        }
      } else if (base->type == ir::Scalar::U8 && base->normalized) {
        abs.u8.resize(n);
        for (size_t i = 0; i < n; ++i)
          abs.u8[i] =
              static_cast<uint8_t>(unorm8_from_delta(base->u8[i], e.f32(i / e.width, i % e.width)));
      } else {
        fail("GLTF_READ_LAYOUT", "target " + name + " over a base type the writer never morphs",
             path + "." + name);
      }
      if (name == "POSITION")
        t.positions = std::move(abs.f32);
      else if (name == "NORMAL")
        t.normals = std::move(abs.f32);
      else
        t.others.push_back(std::move(abs));
    }
    m.morph_targets.push_back(std::move(t));
  }
}

Eigen::Matrix4d local_matrix(const tinygltf::Node& n) {
  if (n.matrix.size() == 16) return Eigen::Map<const Eigen::Matrix4d>(n.matrix.data());
  Eigen::Affine3d a = Eigen::Affine3d::Identity();
  if (n.translation.size() == 3)
    a.translate(Eigen::Vector3d(n.translation[0], n.translation[1], n.translation[2]));
  if (n.rotation.size() == 4)
    a.rotate(Eigen::Quaterniond(n.rotation[3], n.rotation[0], n.rotation[1], n.rotation[2]));
  if (n.scale.size() == 3) a.scale(Eigen::Vector3d(n.scale[0], n.scale[1], n.scale[2]));
  return a.matrix();
}

// The joint tree (docs/ARCHITECTURE.md "Output conventions", skin): each joint's parent is the
// joint whose node lists it as a child; its world is the product of the joint nodes' locals
// down to it, which the writer makes inverse(IBM). Sets Bone::parent and Skin::rest_error.
void read_joint_tree(const tinygltf::Model& model, const tinygltf::Skin& s, ir::Skin& out) {
  std::map<int, int32_t> joint_of;
  for (size_t i = 0; i < s.joints.size(); ++i) joint_of.emplace(s.joints[i], int32_t(i));
  for (const auto& [node, i] : joint_of)
    for (int c : model.nodes[size_t(node)].children) {
      const auto it = joint_of.find(c);
      if (it != joint_of.end() && out.bones[size_t(it->second)].parent < 0 && it->second != i)
        out.bones[size_t(it->second)].parent = i;
    }
  for (size_t i = 0; i < out.bones.size(); ++i) {
    Eigen::Matrix4d world = Eigen::Matrix4d::Identity();
    size_t steps = 0;
    for (int32_t j = int32_t(i); j >= 0 && steps++ <= out.bones.size();
         j = out.bones[size_t(j)].parent)
      world = local_matrix(model.nodes[size_t(s.joints[size_t(j)])]) * world;
    Eigen::Matrix4d ibm =
        Eigen::Map<const Eigen::Matrix4f>(out.bones[i].inverse_bind.data()).cast<double>();
    ibm.row(3) << 0, 0, 0, 1;
    const Eigen::Matrix4d rest = ibm.inverse();
    if (!rest.allFinite()) continue;  // GLTF_IBM_NOT_INVERTIBLE: the writer rests it at identity
    const double size = std::max(1e-12, rest.cwiseAbs().maxCoeff());
    out.rest_error = std::max(out.rest_error, (world - rest).cwiseAbs().maxCoeff() / size);
  }
}

void read_skin(const tinygltf::Model& model, ir::Mesh& m) {
  int skin = -1;
  for (const tinygltf::Node& n : model.nodes)
    if (n.mesh == 0 && n.skin >= 0) skin = n.skin;
  if (skin < 0 && !model.skins.empty()) skin = 0;  // written unattached: bones but no JOINTS
  if (skin < 0) return;
  if (size_t(skin) >= model.skins.size())
    fail("GLTF_READ_LAYOUT", "skin " + to_string(skin) + " does not exist", "nodes");
  const tinygltf::Skin& s = model.skins[skin];
  const std::string path = "skins[" + to_string(skin) + "]";
  const Elements ibm = elements(model, s.inverseBindMatrices, path + ".inverseBindMatrices");
  if (ibm.component_type != TINYGLTF_COMPONENT_TYPE_FLOAT || ibm.width != 16 ||
      ibm.count < s.joints.size())
    fail("GLTF_READ_LAYOUT", "inverseBindMatrices are not one float MAT4 per joint",
         path + ".inverseBindMatrices");
  ir::Skin out;
  for (size_t i = 0; i < s.joints.size(); ++i) {
    const int j = s.joints[i];
    if (j < 0 || size_t(j) >= model.nodes.size())
      fail("GLTF_READ_LAYOUT", "joint " + to_string(i) + " names node " + to_string(j),
           path + ".joints");
    const tinygltf::Node& node = model.nodes[j];
    ir::Bone b;
    b.name = node.name;
    b.extras = extras_of(node.extras_json_string);
    const Json id = take(b.extras, keys::kBoneIdStored);
    const Json hash = take(b.extras, keys::kBoneNameHashStored);
    b.id =
        hex_of(id.is_null() && b.extras.is_object() ? b.extras.value(keys::kBoneId, Json()) : id);
    b.name_hash = static_cast<uint32_t>(hex_of(hash.is_null() && b.extras.is_object()
                                                   ? b.extras.value(keys::kBoneNameHash, Json())
                                                   : hash));
    for (size_t c = 0; c < 16; ++c) b.inverse_bind[c] = ibm.f32(i, c);
    const Json stored = take(b.extras, keys::kInverseBindStored);
    if (stored.is_array() && stored.size() == 16)
      for (size_t c = 0; c < 16; ++c)
        if (stored[c].is_number()) b.inverse_bind[c] = stored[c].get<float>();
    out.bones.push_back(std::move(b));
  }
  read_joint_tree(model, s, out);
  out.extras = extras_of(s.extras_json_string);
  if (!out.extras.is_object()) out.extras = Json::object();
  m.skin = std::move(out);
}

// An image's bytes as embedded (a bufferView), its size from the PNG's IHDR chunk; an image
// that is no PNG in a view keeps its bytes and size 0.
ir::Image image_of(const tinygltf::Model& model, const tinygltf::Image& img) {
  ir::Image out;
  out.name = img.name;
  out.extras = extras_of(img.extras_json_string);
  if (img.bufferView < 0 || size_t(img.bufferView) >= model.bufferViews.size()) return out;
  const tinygltf::BufferView& v = model.bufferViews[size_t(img.bufferView)];
  if (v.buffer < 0 || size_t(v.buffer) >= model.buffers.size()) return out;
  const std::vector<unsigned char>& b = model.buffers[size_t(v.buffer)].data;
  if (v.byteOffset > b.size() || v.byteLength > b.size() - v.byteOffset) return out;
  auto png = std::make_shared<std::vector<uint8_t>>(
      b.begin() + std::ptrdiff_t(v.byteOffset),
      b.begin() + std::ptrdiff_t(v.byteOffset + v.byteLength));
  static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  const auto be32 = [&](size_t at) {
    return uint32_t((*png)[at]) << 24 | uint32_t((*png)[at + 1]) << 16 |
           uint32_t((*png)[at + 2]) << 8 | uint32_t((*png)[at + 3]);
  };
  if (png->size() >= 24 && std::memcmp(png->data(), kSignature, 8) == 0 &&
      std::memcmp(png->data() + 12, "IHDR", 4) == 0) {
    out.width = be32(16);
    out.height = be32(20);
  }
  out.png = std::move(png);
  return out;
}

// The image a texture index shows, -1 when none.
int32_t image_of_texture(const tinygltf::Model& model, int texture) {
  if (texture < 0 || size_t(texture) >= model.textures.size()) return -1;
  const int source = model.textures[size_t(texture)].source;
  return source >= 0 && size_t(source) < model.images.size() ? source : -1;
}

ir::Mesh mesh_of(const tinygltf::Model& model) {
  if (model.meshes.size() != 1)
    fail("GLTF_READ_LAYOUT", to_string(model.meshes.size()) + " meshes; the writer writes one",
         "meshes");
  const tinygltf::Mesh& gm = model.meshes[0];
  if (gm.primitives.empty()) fail("GLTF_READ_LAYOUT", "the mesh has no primitives", "meshes[0]");
  ir::Mesh m;
  m.name = gm.name;
  Json extras = extras_of(gm.extras_json_string);

  const Json source = take(extras, keys::kSource);
  if (source.is_object()) {
    m.source.format = source.value(keys::kSourceFormat, "");
    m.source.layout = source.value(keys::kSourceLayout, "");
    m.source.object_id = hex_of(source.value(keys::kSourceObjectId, Json()));
  }
  read_attributes(model, gm.primitives[0], m);
  read_primitives(model, gm, extras, m);
  if (source.is_object() && source.contains(keys::kSourceIndexSize))
    m.index_size = static_cast<uint8_t>(uint_or(source[keys::kSourceIndexSize], m.index_size));
  read_targets(model, gm.primitives[0], extras, m);
  read_skin(model, m);
  for (const tinygltf::Image& img : model.images) m.images.push_back(image_of(model, img));
  for (const tinygltf::Material& mat : model.materials) {
    ir::Material im;
    im.name = mat.name;
    im.extras = extras_of(mat.extras_json_string);
    im.base_colour = image_of_texture(model, mat.pbrMetallicRoughness.baseColorTexture.index);
    im.normal = image_of_texture(model, mat.normalTexture.index);
    // A normal map without tangents is named by the extras (write_materials.cpp).
    if (im.normal < 0 && im.extras.is_object() && im.extras.contains("normal_image")) {
      const Json n = take(im.extras, "normal_image");
      if (n.is_number_integer() && n.get<int64_t>() >= 0 &&
          size_t(n.get<int64_t>()) < model.images.size())
        im.normal = int32_t(n.get<int64_t>());
    }
    im.alpha_mode = mat.alphaMode;
    im.alpha_cutoff = mat.alphaCutoff;
    im.double_sided = mat.doubleSided;
    m.materials.push_back(std::move(im));
  }

  // z_up: the scene's first root node carries the -90 degree rotation about X.
  m.z_up = false;
  const int scene = model.defaultScene >= 0 ? model.defaultScene : 0;
  if (size_t(scene) < model.scenes.size() && !model.scenes[scene].nodes.empty()) {
    const int root = model.scenes[scene].nodes[0];
    if (root >= 0 && size_t(root) < model.nodes.size()) {
      const std::vector<double>& q = model.nodes[root].rotation;
      const double h = std::sqrt(0.5);
      m.z_up = q.size() == 4 && std::abs(q[0] + h) < 1e-6 && std::abs(q[1]) < 1e-6 &&
               std::abs(q[2]) < 1e-6 && std::abs(q[3] - h) < 1e-6;
    }
  }
  m.extras = std::move(extras);
  return m;
}

// The model loaded by `load_model` (tinygltf_load.h), read into the IR.
template <class LoadModel>
ir::Result<ir::Mesh> load(LoadModel&& load_model) {
  try {
    tinygltf::Model model;
    if (std::optional<Diagnostic> e = load_model(model)) return *e;
    return mesh_of(model);
  } catch (const ReadFailure& f) {
    return f.error;
  } catch (const std::exception& e) {  // nlohmann on malformed extras
    return Diagnostic{"GLTF_READ_INVALID", e.what(), "", 0};
  }
}

}  // namespace

ir::Result<ir::Mesh> read_glb(const uint8_t* data, size_t size) {
  if (size > std::numeric_limits<unsigned int>::max())
    return Diagnostic{"GLTF_READ_INVALID", to_string(size) + " bytes: GLB holds at most 4 GiB", "",
                      0};
  return load(
      [&](tinygltf::Model& model) { return load_glb(data, size, model, "GLTF_READ_INVALID"); });
}

ir::Result<ir::Mesh> read_gltf(const std::string& json, const std::vector<uint8_t>& bin) {
  if (json.size() > std::numeric_limits<unsigned int>::max())
    return Diagnostic{"GLTF_READ_INVALID", "JSON larger than 4 GiB", "", 0};
  // Its one buffer is `bin`, whatever its uri says.
  const ReadUri one_buffer = [&](const std::string&, std::vector<uint8_t>& out, std::string&) {
    out = bin;
    return true;
  };
  return load([&](tinygltf::Model& model) {
    return load_gltf(json, one_buffer, model, "GLTF_READ_INVALID");
  });
}

}  // namespace f2g::gltf
