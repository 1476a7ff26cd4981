#include "ir/mesh.h"

namespace f2g::ir {

double Attribute::get(size_t v, size_t c) const {
  const size_t i = v * width + c;
  switch (type) {
    case Scalar::F32:
      return f32[i];
    case Scalar::U8:
      return normalized ? u8[i] / 255.0 : u8[i];
    case Scalar::U16:
      return normalized ? u16[i] / 65535.0 : u16[i];
  }
  return 0;
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
