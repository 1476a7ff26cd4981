// libFuzzer target: the whole convert path in memory — decode -> IR -> glb bytes -> tinygltf
// re-read, and the compact forms (--quantize, --compress) expanded and read back too.
// Whatever the input, nothing may crash, and every glb we make must read back with the
// decoded vertex count and indices. --optimize's reordering runs on the decoded (hostile)
// IR too and must keep each primitive's triangles.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "converter/convert/index_order.h"
#include "formats/registry.h"
#include "gltf_writer/compact/compact.h"
#include "gltf_writer/read/read.h"
#include "gltf_writer/write/write.h"

namespace {

// Every primitive draws the same triangles (windings included) after --optimize's
// reordering, whatever the layout: checked per primitive, not through index_order.h.
void expect_same_triangles(const f2g::ir::Mesh& before, const f2g::ir::Mesh& after) {
  using Triangle = std::array<uint32_t, 3>;
  if (before.indices.size() != after.indices.size()) std::abort();
  for (const f2g::ir::Primitive& p : before.primitives) {
    const uint64_t end = uint64_t(p.first_index) + p.index_count;
    if (end > before.indices.size()) continue;
    std::vector<Triangle> a, b;
    for (uint64_t i = p.first_index; i + 3 <= end; i += 3) {
      a.push_back({before.indices[i], before.indices[i + 1], before.indices[i + 2]});
      b.push_back({after.indices[i], after.indices[i + 1], after.indices[i + 2]});
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) std::abort();
    for (uint64_t i = end - p.index_count % 3; i < end; ++i)  // trailing indices stay
      if (before.indices[i] != after.indices[i]) std::abort();
  }
}

void expect_reads_back(const std::vector<uint8_t>& glb, const f2g::ir::Mesh& decoded) {
  f2g::ir::Result<f2g::ir::Mesh> back = f2g::gltf::read_glb(glb.data(), glb.size());
  if (!back || back->vertex_count != decoded.vertex_count || back->indices != decoded.indices)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  f2g::DecodeOptions options;
  options.name = "fuzz";
  f2g::Result<f2g::Decoded> decoded = f2g::decode(data, size, options);
  if (!decoded) return 0;
  f2g::ir::Mesh optimized = decoded->mesh;
  f2g::convert::optimize_vertex_cache(optimized);
  expect_same_triangles(decoded->mesh, optimized);
  f2g::ir::Result<f2g::gltf::Written> written = f2g::gltf::write(decoded->mesh, {});
  if (!written) return 0;  // the writer may refuse a mesh, with an error value
  expect_reads_back(written->glb, decoded->mesh);
  // The input's last byte picks the compact form, so the corpus explores both.
  const bool compress = size > 0 && (data[size - 1] & 1);
  f2g::ir::Result<std::vector<uint8_t>> compact =
      f2g::gltf::compact_glb(written->glb, {true, compress});
  if (!compact) std::abort();  // our own glb is always compactable
  f2g::ir::Result<std::vector<uint8_t>> plain = f2g::gltf::expand_glb(*compact);
  if (!plain) std::abort();
  expect_reads_back(*plain, decoded->mesh);
  return 0;
}
