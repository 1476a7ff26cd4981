// libFuzzer target: the Skeleton codec (formats/grb/skeleton.h) over arbitrary bytes, as GRW
// and as GRB. A skeleton that reads must write back to the input byte for byte; the tree of
// a read and the bone-core scan (u64 ids, and formats/common/bone_cores.h with u32 ids, as
// SWS reads them) must stay inside the input (ASan), terminate, and give a tree whose parents
// are in range and acyclic.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "formats/common/bone_cores.h"
#include "formats/grb/skeleton.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace f2g::grb;
  for (Dialect d : {Dialect::Grw, Dialect::Grb}) {
    f2g::Result<Skeleton> s = read_skeleton(d, data, size);
    if (s) {
      const std::vector<uint8_t> again = write_skeleton(d, *s);
      if (again.size() != size || std::memcmp(again.data(), data, size) != 0) std::abort();
      const f2g::SkeletonTree t = tree_of(*s);
      if (t.parent.size() != s->bones.size()) std::abort();
    }
    skeleton_tree(d, data, size);
  }
  for (int width : {4, 8}) {
    f2g::Result<f2g::SkeletonReading> r = f2g::core_skeleton_reading(data, size, width);
    if (!r) continue;
    const f2g::SkeletonTree& t = r->tree;
    for (size_t i = 0; i < t.parent.size(); ++i) {
      size_t steps = 0;
      for (int32_t p = t.parent[i]; p >= 0; p = t.parent[size_t(p)])
        if (size_t(p) >= t.parent.size() || ++steps > t.parent.size()) std::abort();
    }
  }
  return 0;
}
