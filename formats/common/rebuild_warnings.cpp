#include "formats/common/rebuild_warnings.h"

namespace f2g {

Error influences_dropped(uint64_t count, size_t lanes) {
  return Error{"IMPORT_INFLUENCES_DROPPED",
               std::to_string(count) + " influences past the format's " + std::to_string(lanes) +
                   " per vertex dropped (the largest kept, weights renormalised to 255)",
               "mesh/attributes/JOINTS_0", 0};
}

Error material_dropped(uint32_t material, const std::string& id, const std::string& lost) {
  return Error{"IMPORT_MATERIAL_DROPPED",
               "material " + std::to_string(material) + " (" + id +
                   ") has no triangles left: " + lost + " not written",
               "mesh/materials[" + std::to_string(material) + "]", 0};
}

}  // namespace f2g
