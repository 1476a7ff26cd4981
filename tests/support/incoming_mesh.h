// A decoded donor's IR as converter/import hands an unedited mesh to a rebuild
// (formats/common/rebuild.h): materials, skin, extras and warnings empty, every primitive over
// the one vertex range. Shared by the rebuild tests and the error catalogue.
#pragma once

#include "ir/mesh.h"

namespace f2g::test {

inline ir::Mesh as_incoming(ir::Mesh m) {
  m.materials.clear();
  m.skin.reset();
  m.extras = ir::Json::object();
  m.warnings.clear();
  for (ir::Primitive& p : m.primitives) {
    p.first_vertex = 0;
    p.vertex_count = m.vertex_count;
    p.extras = ir::Json::object();
  }
  return m;
}

}  // namespace f2g::test
