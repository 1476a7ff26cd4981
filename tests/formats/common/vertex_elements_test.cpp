// The element encodings RR and GRB/GRW share (formats/common/vertex_elements.h), and where the
// two readings differ: an s16 the reading scales as an integer (RR) may be -32768, one it
// normalises by 32767 (GRB/GRW) may not.
#include "formats/common/vertex_elements.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>

#include "formats/common/bounds.h"
#include "formats/common/error.h"
#include "formats/grb/vertex_codec.h"
#include "formats/rr/vertex_codec.h"

namespace f2g {
namespace {

using namespace vertex_elements;

TEST(VertexElements, IntegerS16KeepsTheWholeRangeAndSnorm16StopsAtMinus32767) {
  EXPECT_EQ(pack_s16(-40000.0), -32768);
  EXPECT_EQ(pack_s16(-32768.0), -32768);
  EXPECT_EQ(pack_s16(40000.0), 32767);
  EXPECT_EQ(pack_s16(-2.5), -3);  // std::lround: halves away from zero
  EXPECT_EQ(pack_snorm16(-40000.0), -32767);
  EXPECT_EQ(pack_snorm16(-32768.0), -32767);
  EXPECT_EQ(pack_snorm16(40000.0), 32767);
  EXPECT_EQ(pack_snorm16(-32766.6), -32767);
}

TEST(VertexElements, DirectionBytesAndTheSignByteRoundTrip) {
  EXPECT_EQ(unpack_byte(254), 1.0f);
  EXPECT_EQ(unpack_byte(127), 0.0f);
  EXPECT_EQ(unpack_byte(0), -1.0f);
  EXPECT_EQ(pack_byte(1.0f), 254);
  EXPECT_EQ(pack_byte(-2.0f), 0);  // clamped, never wraps
  EXPECT_EQ(pack_byte(2.0f), 255);
  EXPECT_EQ(unpack_sign_byte(127), -1.0f);
  EXPECT_EQ(unpack_sign_byte(128), 1.0f);
  EXPECT_EQ(pack_sign_byte(-0.5), 0);
  EXPECT_EQ(pack_sign_byte(0.0), 255);  // zero counts as +
  EXPECT_EQ(pack_u8(300.0), 255);
  EXPECT_EQ(pack_u8(-1.0), 0);
  EXPECT_EQ(pack_unorm8(0.5), 128);
}

// A position far below the quantisation range: RR stores the s16 -32768 (it decodes to
// -32768 x QuantizationFactor), GRB/GRW -32767 (x Q / 32767 gives exactly -Q, the range end).
TEST(VertexElements, EachGameClampsAnOutOfRangePositionAsItsReadingScalesIt) {
  const rr::VertexFormat* rf = rr::builtin_vertex_formats().find("static24");
  ASSERT_NE(rf, nullptr);
  std::vector<ir::Attribute> attrs;
  attrs.push_back(ir::f32_attribute("POSITION", 3, {-1e6f, 0.0f, 1e6f}));
  attrs.push_back(ir::f32_attribute("NORMAL", 3, {0, 0, 1}));
  attrs.push_back(ir::f32_attribute("TANGENT", 4, {1, 0, 0, 1}));
  attrs.push_back(ir::u8_attribute("COLOR_0", 4, true, {1, 2, 3, 4}));
  attrs.push_back(ir::f32_attribute("TEXCOORD_0", 2, {-100.0f, 0.0f}));
  const std::array<std::vector<uint8_t>, 3> rr_bytes = rr::encode_vertices(*rf, attrs, 1, 0.5f);
  EXPECT_EQ(s16_at(rr_bytes[0].data() + rf->find("POSITION")->offset), -32768);
  EXPECT_EQ(s16_at(rr_bytes[0].data() + rf->find("POSITION")->offset + 4), 32767);
  EXPECT_EQ(s16_at(rr_bytes[0].data() + rf->find("TEXCOORD_0")->offset), -32768);

  const grb::VertexFormat* gf = grb::builtin_vertex_formats(grb::Dialect::Grb).find(0);
  ASSERT_NE(gf, nullptr);
  std::vector<uint8_t> record(gf->stride, 0);
  const double far[4] = {-100.0, 0.0, 100.0, 0.0};
  grb::encode_element(*gf->find("POSITION"), far, 32767, 2.0f, 8.0f, record.data());
  EXPECT_EQ(s16_at(record.data() + gf->find("POSITION")->offset), -32767);
  EXPECT_EQ(s16_at(record.data() + gf->find("POSITION")->offset + 4), 32767);
  const double uv[4] = {-100.0, 100.0, 0.0, 0.0};
  grb::encode_element(*gf->find("TEXCOORD_0"), uv, 32767, 2.0f, 8.0f, record.data());
  EXPECT_EQ(s16_at(record.data() + gf->find("TEXCOORD_0")->offset), -32767);
}

TEST(Bounds, LeavesOutVerticesPastThePositionsAndIsZeroWhenNoneIsLeft) {
  const std::vector<float> pos = {1, 2, 3, -1, 5, 0};
  const Bounds all = bounds_of(pos, 0, 2);
  EXPECT_EQ(all.lo, (Float3{-1, 2, 0}));
  EXPECT_EQ(all.hi, (Float3{1, 5, 3}));
  EXPECT_EQ(all.centre(), (Float3{0, 3.5f, 1.5f}));
  EXPECT_EQ(all.half(), (Float3{1, 1.5f, 1.5f}));
  const Bounds past = bounds_of(pos, 1, 5);  // a donor span longer than its positions
  EXPECT_EQ(past.lo, (Float3{-1, 5, 0}));
  EXPECT_EQ(past.hi, (Float3{-1, 5, 0}));
  const Bounds none = bounds_of(pos, 7, 3);
  EXPECT_EQ(none.lo, (Float3{0, 0, 0}));
  EXPECT_EQ(none.hi, (Float3{0, 0, 0}));
}

// One function, two cases: SWS extras have always been lower case, RR and GRB/GRW upper case.
TEST(HexBytes, WritesTwoDigitsAByteInTheCaseAsked) {
  const uint8_t b[] = {0x0A, 0x01, 0xFF};
  EXPECT_EQ(hex_bytes(b, 3, HexCase::Lower), "0a01ff");
  EXPECT_EQ(hex_bytes(b, 3, HexCase::Upper), "0A01FF");
  EXPECT_EQ(hex_bytes(b, 0, HexCase::Upper), "");
}

}  // namespace
}  // namespace f2g
