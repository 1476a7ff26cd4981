// libFuzzer target: the Skeleton codec (formats/grb/skeleton.h) over arbitrary bytes, as GRW
// and as GRB. A skeleton that reads must write back to the input byte for byte; the tree of
// a read and the bone-core scan must stay inside the input (ASan) and terminate.
#include <cstdint>
#include <cstdlib>
#include <cstring>

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
  return 0;
}
