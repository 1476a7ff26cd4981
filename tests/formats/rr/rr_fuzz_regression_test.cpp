// Inputs fuzzing found (fuzz/regressions/, fuzz/README.md), read as the RR decoder reads them:
// each ends in a clean result, without undefined behaviour (the sanitizer suite runs this).
#include <gtest/gtest.h>

#include <filesystem>

#include "formats/rr/rr.h"
#include "formats/rr/vertex_codec.h"
#include "tests/support/files.h"

namespace f2g::rr {
namespace {

// An empty stream has a null data(): zero vertices read nothing from it, whatever the
// elements' offsets (static16's NORMAL and TEXCOORD_0 sit at 8 and 12).
TEST(RrFuzzRegression, ZeroVerticesOfEmptyStreamsDecodeToEmptyAttributes) {
  const VertexFormat* f = builtin_vertex_formats().find("static16");
  ASSERT_NE(f, nullptr);
  const std::vector<uint8_t> none;
  ASSERT_EQ(none.data(), nullptr);
  const std::vector<ir::Attribute> a = decode_vertices(*f, {&none, &none, &none}, 0, 0.5f);
  ASSERT_EQ(a.size(), f->elements.size());
  for (const ir::Attribute& x : a) {
    EXPECT_EQ(x.vertex_count(), 0u) << x.semantic;
    EXPECT_TRUE(x.f32.empty() && x.u8.empty()) << x.semantic;
  }
  const std::array<std::vector<uint8_t>, 3> back = encode_vertices(*f, a, 0, 0.5f);
  for (const std::vector<uint8_t>& s : back) EXPECT_TRUE(s.empty());
}

// fuzz/regressions/rr-null-stream-offset.bin: an inline static24 mesh with no vertex, no
// index and no object, whose streams are all empty: it reads as an empty mesh (one warning,
// its PlatformVersion of 0) and re-encodes to its own bytes, as fuzz_rr requires.
TEST(RrFuzzRegression, TheEmptyStreamMeshDecodesToAnEmptyMeshAndReencodes) {
  const std::vector<uint8_t> b = f2g::test::read_bytes(
      std::filesystem::path(F2G_SOURCE_DIR) / "fuzz" / "regressions" / "rr-null-stream-offset.bin");
  ASSERT_EQ(b.size(), 146u);
  DecodeOptions options;
  options.name = "rr-null-stream-offset";
  Result<Decoded> d = decode(b.data(), b.size(), options);
  ASSERT_TRUE(d.ok()) << d.error().to_string();
  const ir::Mesh& m = d->mesh;
  EXPECT_EQ(m.source.layout, "inline");
  EXPECT_EQ(m.vertex_count, 0u);
  EXPECT_TRUE(m.primitives.empty());
  ASSERT_EQ(m.attributes.size(), 5u);  // static24: POSITION NORMAL TANGENT COLOR_0 TEXCOORD_0
  for (const ir::Attribute& a : m.attributes) EXPECT_EQ(a.vertex_count(), 0u) << a.semantic;
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_EQ(m.warnings[0].code, "RR_PLATFORM_VERSION");
  Result<std::vector<uint8_t>> again = reencode(b.data(), b.size(), options);
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(*again, b);
}

}  // namespace
}  // namespace f2g::rr
