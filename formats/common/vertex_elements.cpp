#include "formats/common/vertex_elements.h"

namespace f2g::vertex_elements {

ir::Attribute sized_attribute(const std::string& semantic, const Shape& shape,
                              uint64_t vertex_count) {
  ir::Attribute a;
  a.semantic = semantic;
  a.type = shape.type;
  a.width = shape.width;
  a.normalized = shape.normalized;
  const size_t n = static_cast<size_t>(vertex_count) * shape.width;
  if (shape.type == ir::Scalar::F32)
    a.f32.resize(n);
  else
    a.u8.resize(n);
  return a;
}

const ir::Attribute* find_attribute(const std::vector<ir::Attribute>& attributes,
                                    const std::string& semantic) {
  const ir::Attribute* found = nullptr;
  for (const ir::Attribute& a : attributes)
    if (a.semantic == semantic) found = &a;
  return found;
}

}  // namespace f2g::vertex_elements
