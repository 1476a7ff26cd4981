// compact_glb / expand_glb: parse the glb into views, run the passes, pack it again.
#include "gltf_writer/compact/compact.h"

#include <exception>

#include "gltf_writer/compact/compact_glb.h"
#include "gltf_writer/compact/compact_meshopt.h"
#include "gltf_writer/compact/compact_quantize.h"

namespace f2g::gltf {
namespace {

constexpr const char* kCompactInvalid = "GLTF_COMPACT_INVALID";
constexpr const char* kExpandInvalid = "GLTF_EXPAND_INVALID";

bool uses(const compact::Json& gltf, const char* extension) {
  if (!gltf.contains("extensionsUsed") || !gltf["extensionsUsed"].is_array()) return false;
  for (const compact::Json& e : gltf["extensionsUsed"])
    if (e == extension) return true;
  return false;
}

template <class Run>
ir::Result<std::vector<uint8_t>> guarded(const char* code, Run&& run) {
  try {
    return run();
  } catch (const compact::Failure& f) {
    return ir::Diagnostic{f.code, f.message, f.path, 0};
  } catch (const std::exception& e) {  // a JSON member of an unexpected type
    return ir::Diagnostic{code, e.what(), "glb", 0};
  }
}

}  // namespace

ir::Result<std::vector<uint8_t>> compact_glb(const std::vector<uint8_t>& glb,
                                             const CompactOptions& options) {
  if (!options.quantize && !options.compress) return glb;
  return guarded(kCompactInvalid, [&]() -> ir::Result<std::vector<uint8_t>> {
    compact::Parts p = compact::parse(glb.data(), glb.size(), kCompactInvalid);
    if (uses(p.json, compact::kMeshoptExtension))
      return ir::Diagnostic{kCompactInvalid,
                            "already uses EXT_meshopt_compression; expand_glb it first", "glb", 0};
    if (options.quantize) compact::quantize(p);
    const int fallback = options.compress ? compact::compress(p) : -1;
    return compact::pack(p, fallback);
  });
}

ir::Result<std::vector<uint8_t>> expand_glb(const uint8_t* glb, size_t size, ExpandInfo* info) {
  return guarded(kExpandInvalid, [&]() -> ir::Result<std::vector<uint8_t>> {
    compact::Parts p = compact::parse(glb, size, kExpandInvalid);
    const bool compressed = uses(p.json, compact::kMeshoptExtension);
    const bool quantized = uses(p.json, compact::kQuantizationExtension);
    ExpandInfo found{CompactOptions{quantized, compressed}, 0};
    if (compressed) compact::decompress(p);
    if (quantized) compact::dequantize(p, &found.position_scale);
    if (info) *info = found;
    if (!compressed && !quantized) return std::vector<uint8_t>(glb, glb + size);
    return compact::pack(p, -1);
  });
}

}  // namespace f2g::gltf
