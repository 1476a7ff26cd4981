// libFuzzer target: the whole convert path in memory — decode -> IR -> glb bytes -> tinygltf
// re-read. Whatever the input, nothing may crash, and a written glb must read back.
#include <cstdint>
#include <cstdlib>

#include "formats/format.h"
#include "gltf_writer/read.h"
#include "gltf_writer/write.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  f2g::DecodeOptions options;
  options.name = "fuzz";
  f2g::Result<f2g::Decoded> decoded = f2g::decode(data, size, options);
  if (!decoded) return 0;
  f2g::ir::Result<f2g::gltf::Written> written = f2g::gltf::write(decoded->mesh, {});
  if (!written) return 0;  // the writer may refuse a mesh, with an error value
  f2g::ir::Result<f2g::ir::Mesh> back = f2g::gltf::read_glb(written->glb.data(), written->glb.size());
  if (!back || back->vertex_count != decoded->mesh.vertex_count ||
      back->indices != decoded->mesh.indices) {
    std::abort();  // our own glb must read back with the same vertices and indices
  }
  return 0;
}
