#include "ir/mesh.h"

#include <algorithm>

namespace f2g::ir {

bool is_influence(const std::string& semantic) {
  return semantic.rfind("JOINTS_", 0) == 0 || semantic.rfind("WEIGHTS_", 0) == 0;
}

void drop_influences(std::vector<Attribute>& attributes) {
  attributes.erase(std::remove_if(attributes.begin(), attributes.end(),
                                  [](const Attribute& a) { return is_influence(a.semantic); }),
                   attributes.end());
}

Attribute f32_attribute(std::string semantic, uint8_t width, std::vector<float> values) {
  Attribute a;
  a.semantic = std::move(semantic);
  a.type = Scalar::F32;
  a.width = width;
  a.f32 = std::move(values);
  return a;
}

Attribute u8_attribute(std::string semantic, uint8_t width, bool normalized,
                       std::vector<uint8_t> values) {
  Attribute a;
  a.semantic = std::move(semantic);
  a.type = Scalar::U8;
  a.width = width;
  a.normalized = normalized;
  a.u8 = std::move(values);
  return a;
}

const Attribute* Mesh::find(const std::string& semantic) const {
  for (const Attribute& a : attributes)
    if (a.semantic == semantic) return &a;
  return nullptr;
}

Attribute* Mesh::find(const std::string& semantic) {
  for (Attribute& a : attributes)
    if (a.semantic == semantic) return &a;
  return nullptr;
}

}  // namespace f2g::ir
