// Materials, and the images of their textures embedded in the BIN (glTF 2.0 sec. 3.8, 3.9):
// a placeholder material is default PBR named after its id; a material whose textures were
// followed carries baseColorTexture and normalTexture, alpha mode and sidedness.
#include "gltf_writer/write/document.h"

namespace f2g::gltf {
namespace {

constexpr const char* kNormalImageKey = "normal_image";
constexpr int kRepeat = 10497, kLinear = 9729, kLinearMipmapLinear = 9987;

bool has_extras(const Json& j) { return !j.is_null() && !(j.is_object() && j.empty()); }

}  // namespace

void write_materials(Document& doc, Json& gltf) {
  const ir::Mesh& m = doc.mesh;
  Json materials = Json::array();
  for (const ir::Material& mat : m.materials) {
    Json j = {{"name", mat.name}, {"pbrMetallicRoughness", Json::object()}};
    // One texture per image, in image order, so texture i shows image i.
    if (mat.base_colour >= 0 && size_t(mat.base_colour) < m.images.size())
      j["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", mat.base_colour}};
    // A normal map needs the mesh's tangents (validator: MESH_PRIMITIVE_GENERATED_TANGENT_SPACE);
    // without them its image is still embedded, named by the material's extras.
    const bool normal = mat.normal >= 0 && size_t(mat.normal) < m.images.size();
    if (normal && m.find("TANGENT")) j["normalTexture"] = {{"index", mat.normal}};
    if (!mat.alpha_mode.empty() && mat.alpha_mode != "OPAQUE") j["alphaMode"] = mat.alpha_mode;
    if (mat.alpha_mode == "MASK") j["alphaCutoff"] = mat.alpha_cutoff;
    if (mat.double_sided) j["doubleSided"] = true;
    if (has_extras(mat.extras)) j["extras"] = mat.extras;
    if (normal && !m.find("TANGENT")) j["extras"][kNormalImageKey] = mat.normal;
    materials.push_back(std::move(j));
  }
  if (!materials.empty()) gltf["materials"] = std::move(materials);
  if (m.images.empty()) return;

  Json images = Json::array(), textures = Json::array();
  for (size_t i = 0; i < m.images.size(); ++i) {
    const ir::Image& img = m.images[i];
    const std::vector<uint8_t>& png = *img.png;
    const int view = doc.bin.add_view(png.data(), png.size(), 1, kUnsignedByte, kNoTarget);
    Json j = {{"name", img.name}, {"mimeType", "image/png"}, {"bufferView", view}};
    if (has_extras(img.extras)) j["extras"] = img.extras;
    images.push_back(std::move(j));
    textures.push_back({{"sampler", 0}, {"source", i}});
  }
  gltf["samplers"] = Json::array({Json{{"magFilter", kLinear},
                                       {"minFilter", kLinearMipmapLinear},
                                       {"wrapS", kRepeat},
                                       {"wrapT", kRepeat}}});
  gltf["images"] = std::move(images);
  gltf["textures"] = std::move(textures);
}

}  // namespace f2g::gltf
