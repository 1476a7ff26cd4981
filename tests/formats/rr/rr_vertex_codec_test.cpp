// Element decodings of docs/READING.md "Vertex formats", on hand-made records.
#include <gtest/gtest.h>

#include <cstring>

#include "formats/common/writer.h"
#include "formats/rr/vertex_codec.h"

namespace f2g::rr {
namespace {

const ir::Attribute* find(const std::vector<ir::Attribute>& attrs, const char* semantic) {
  for (const ir::Attribute& a : attrs)
    if (a.semantic == semantic) return &a;
  return nullptr;
}

TEST(RrVertexCodec, Static24RecordDecodesPerReading) {
  const VertexFormat* f = builtin_vertex_formats().find("static24");
  ByteWriter w;
  for (int16_t s : {100, -200, 32767, -5}) w.s16(s);  // position xyz, w < 0
  for (uint8_t b : {254, 127, 0, 9}) w.u8(b);         // normal: (1, 0, -1)
  for (uint8_t b : {127, 254, 127, 0}) w.u8(b);       // tangent: (0, 1, 0), w from position
  for (uint8_t b : {10, 20, 30, 40}) w.u8(b);         // colour R, G, B, A
  w.s16(2048);                                        // uv (1, -0.5)
  w.s16(-1024);
  const std::vector<uint8_t> primary = w.take(), none;
  ASSERT_EQ(primary.size(), 24u);
  const float qf = 0.5f;
  const std::vector<ir::Attribute> a = decode_vertices(*f, {&primary, &none, &none}, 1, qf);
  const ir::Attribute* pos = find(a, "POSITION");
  ASSERT_NE(pos, nullptr);
  EXPECT_EQ(pos->f32, (std::vector<float>{100 * qf, -200 * qf, 32767 * qf}));
  EXPECT_EQ(find(a, "NORMAL")->f32, (std::vector<float>{1, 0, -1}));
  EXPECT_EQ(find(a, "TANGENT")->f32, (std::vector<float>{0, 1, 0, -1}));
  const ir::Attribute* col = find(a, "COLOR_0");
  EXPECT_EQ(col->type, ir::Scalar::U8);
  EXPECT_TRUE(col->normalized);
  EXPECT_EQ(col->u8, (std::vector<uint8_t>{10, 20, 30, 40}));
  EXPECT_EQ(find(a, "TEXCOORD_0")->f32, (std::vector<float>{1.0f, -0.5f}));
}

TEST(RrVertexCodec, PositionIsOneFloat32Multiply) {
  const VertexFormat* f = builtin_vertex_formats().find("static16");
  std::vector<uint8_t> primary(16, 0);
  const int16_t s = 12345;
  std::memcpy(primary.data(), &s, 2);
  const std::vector<uint8_t> none;
  const float qf = 1.0f / 3.0f;
  const auto a = decode_vertices(*f, {&primary, &none, &none}, 1, qf);
  const float expected = float(s) * qf;  // not double(s) * qf
  EXPECT_EQ(find(a, "POSITION")->f32[0], expected);
}

TEST(RrVertexCodec, SplitTangentWFromTheFourthByteAndSkinSets) {
  const VertexFormat* f = builtin_vertex_formats().find("split12_skin8");
  std::vector<uint8_t> primary(24, 127), positions(24), skin(32, 0);
  primary[7] = 128;   // vertex 0 tangent byte 3 -> +1
  primary[19] = 127;  // vertex 1 -> -1
  const float p[6] = {1.5f, -2.25f, 3.0f, 4, 5, 6};
  std::memcpy(positions.data(), p, 24);
  for (int k = 0; k < 8; ++k) {
    skin[k] = uint8_t(k + 1);                // joints 1..8
    skin[8 + k] = uint8_t(k < 7 ? 32 : 31);  // weights sum 255
  }
  const auto a = decode_vertices(*f, {&primary, &positions, &skin}, 2, 99.0f);
  EXPECT_EQ(find(a, "TANGENT")->f32[3], 1.0f);
  EXPECT_EQ(find(a, "TANGENT")->f32[7], -1.0f);
  EXPECT_EQ(find(a, "POSITION")->f32, std::vector<float>(p, p + 6));  // split: no scale
  EXPECT_EQ(find(a, "JOINTS_0")->u8[0], 1);
  EXPECT_EQ(find(a, "JOINTS_1")->u8[3], 8);
  EXPECT_EQ(find(a, "WEIGHTS_0")->u8[0], 32);
  EXPECT_EQ(find(a, "WEIGHTS_1")->u8[3], 31);
  EXPECT_FALSE(find(a, "JOINTS_0")->normalized);
  EXPECT_TRUE(find(a, "WEIGHTS_1")->normalized);
}

TEST(RrVertexCodec, EncodeThenDecodeKeepsEveryValue) {
  for (const VertexFormat& f : builtin_vertex_formats().formats) {
    SCOPED_TRACE(f.name);
    // Bytes of every stream filled with a pattern the decodings can represent exactly.
    std::array<std::vector<uint8_t>, 3> s;
    for (int i = 0; i < 3; ++i) {
      s[i].resize(3 * f.strides[i]);
      for (size_t k = 0; k < s[i].size(); ++k) s[i][k] = uint8_t(k * 37 + 11);
    }
    // Tangent byte 3 and the position w carry only a sign: compare decoded values.
    const std::vector<ir::Attribute> a = decode_vertices(f, {&s[0], &s[1], &s[2]}, 3, 0.25f);
    const auto again = encode_vertices(f, a, 3, 0.25f);
    const auto b = decode_vertices(f, {&again[0], &again[1], &again[2]}, 3, 0.25f);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].semantic, b[i].semantic);
      EXPECT_EQ(a[i].f32, b[i].f32) << a[i].semantic;
      EXPECT_EQ(a[i].u8, b[i].u8) << a[i].semantic;
    }
  }
}

TEST(RrVertexCodec, EncodeRefusesAMissingAttribute) {
  const VertexFormat* f = builtin_vertex_formats().find("static16");
  EXPECT_THROW(encode_vertices(*f, {}, 1, 1.0f), std::invalid_argument);
}

}  // namespace
}  // namespace f2g::rr
