// GRB/GRW codes: the breaks of tests/support/grb_test_support.h (a committed sample, one
// field changed, encoded again and decoded), an invalid vertex-format table, and the broken
// Skeleton payloads of tests/support/skeleton_test_support.h.
#include "formats/registry.h"
#include "formats/texture/decode.h"
#include "tests/errors/error_catalogue.h"
#include "tests/support/grb_test_support.h"
#include "tests/support/skeleton_test_support.h"
#include "tests/support/texture_test_support.h"

namespace f2g::catalogue {

void add_grb_inputs(Inputs& in) {
  for (const grb::test::Break& b : grb::test::breaks())
    in.push_back({b.code, "samples/" + b.sample + ".mesh: " + b.how,
                  [&b] { return diagnostics_of(grb::test::run(b)); }});
  for (const grb::test::SkeletonBreak& k : grb::test::skeleton_breaks())
    in.push_back({k.code, "a GRW Skeleton payload: " + k.how, [k] {
                    const std::vector<uint8_t> b = k.bytes();
                    return error_of(grb::read_skeleton(grb::Dialect::Grw, b.data(), b.size()));
                  }});
  for (const grb::test::TextureBreak& k : grb::test::texture_breaks())
    in.push_back({k.code, std::string("a GRW material or texture payload: ") + k.how, [k] {
                    const std::vector<uint8_t> b = k.bytes();
                    std::vector<ir::Diagnostic> w;
                    const auto out = [&w](const auto& r) {
                      if (!r) return std::vector<ir::Diagnostic>{r.error()};
                      return w;
                    };
                    const grb::Dialect d = grb::Dialect::Grw;
                    switch (k.kind) {
                      case 'm':
                        return out(grb::read_material(d, b.data(), b.size(), &w));
                      case 's':
                        return out(grb::read_texture_set(b.data(), b.size(), &w));
                      case 't':
                        return out(grb::read_texture_map(d, b.data(), b.size(), &w));
                      default:
                        return out(grb::read_compiled_mip(b.data(), b.size(), &w));
                    }
                  }});
  in.push_back({"GRB_TEXTURE_CLASS_UNKNOWN", "verify --reencode's codecs on a Mesh body", [] {
                  const std::vector<uint8_t> b(64, 0);
                  return error_of(find_format("grw")->textures->reencode(b.data(), b.size()));
                }});
  in.push_back({"TEXTURE_LEVEL_SHORT", "a 4x4 BC1 level of 7 bytes", [] {
                  const std::vector<uint8_t> b(7, 0);
                  return error_of(
                      texture::decode_level(texture::BlockFormat::BC1, 4, 4, b.data(), b.size()));
                }});
  in.push_back({"TEXTURE_TOO_LARGE", "a 64 x 64 B8G8R8A8 level under a 4 KB cap", [] {
                  const std::vector<uint8_t> b(64 * 64 * 4, 0);
                  return error_of(texture::decode_level(texture::BlockFormat::B8G8R8A8, 64, 64,
                                                        b.data(), b.size(), 4096));
                }});
  in.push_back({"GRB_VERTEX_FORMATS_INVALID", "a GRW table that is not JSON",
                [] { return error_of(grb::parse_vertex_formats("not json", grb::Dialect::Grw)); }});
}

}  // namespace f2g::catalogue
