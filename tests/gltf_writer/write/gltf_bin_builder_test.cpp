// BinBuilder records views (offset, stride) and copies their bytes only once, in append_to()
// (pack_glb): the BIN must hold every view byte for byte at its declared offset, elements at
// their stride, and zeros everywhere else.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gltf_writer/write/bin_builder.h"
#include "gltf_writer/write/glb.h"

namespace f2g::gltf {
namespace {

uint32_t u32_at(const std::vector<uint8_t>& b, size_t at) {
  return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 |
         uint32_t(b[at + 3]) << 24;
}

// Bytes 0x80 + i: never zero, so a misplaced byte cannot pass for padding.
std::vector<uint8_t> bytes(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t(0x80 | ((i * 37 + seed) & 0x7F));
  return v;
}

struct View {
  std::vector<uint8_t> data;  // tightly packed input
  size_t count;
  int width, component_type;
  ViewTarget target;
};

// The BIN as it should be, built from the rules of bin_builder.h: each view at the next
// 4-byte boundary, vertex elements (ARRAY_BUFFER) at a stride rounded up to 4, zeros between.
struct Expected {
  std::vector<uint8_t> bin;
  std::vector<size_t> offsets, lengths, strides;
};

Expected expected(const std::vector<View>& views) {
  Expected e;
  size_t end = 0;
  for (const View& v : views) {
    const size_t element = component_size(v.component_type) * size_t(v.width);
    const size_t stride = v.target == kArrayBuffer ? (element + 3) / 4 * 4 : element;
    const size_t offset = (end + 3) / 4 * 4;
    const size_t length = v.count ? stride * (v.count - 1) + element : 0;
    e.bin.resize(offset + length, 0);
    for (size_t i = 0; i < v.count; ++i)
      std::memcpy(&e.bin[offset + i * stride], &v.data[i * element], element);
    e.offsets.push_back(offset), e.lengths.push_back(length), e.strides.push_back(stride);
    end = offset + length;
  }
  e.bin.resize((end + 3) / 4 * 4, 0);
  return e;
}

View view(size_t count, int width, int component_type, ViewTarget target, uint8_t seed) {
  return {bytes(count * component_size(component_type) * size_t(width), seed), count, width,
          component_type, target};
}

// Adds `views` (their data kept by the builder) and checks the recorded JSON views.
void add_all(BinBuilder& b, const std::vector<View>& views, const Expected& e) {
  for (size_t i = 0; i < views.size(); ++i) {
    const View& v = views[i];
    const std::vector<uint8_t>& kept = b.keep(std::vector<uint8_t>(v.data));
    ASSERT_EQ(b.add_view(kept.data(), v.count, v.width, v.component_type, v.target), int(i));
    const Json& j = b.views()[i];
    EXPECT_EQ(j.at("buffer"), 0);
    EXPECT_EQ(j.at("byteLength"), e.lengths[i]) << "view " << i;
    EXPECT_EQ(j.value("byteOffset", size_t(0)), e.offsets[i]) << "view " << i;
    EXPECT_EQ(j.contains("byteOffset"), e.offsets[i] != 0) << "view " << i;
    EXPECT_EQ(e.offsets[i] % 4, 0u);
    const size_t element = component_size(v.component_type) * size_t(v.width);
    if (e.strides[i] != element) {
      EXPECT_EQ(j.at("byteStride"), e.strides[i]) << "view " << i;
    } else {
      EXPECT_FALSE(j.contains("byteStride")) << "view " << i;
    }
    if (v.target == kNoTarget)
      EXPECT_FALSE(j.contains("target"));
    else
      EXPECT_EQ(j.at("target"), int(v.target));
  }
}

// The BIN chunk of a GLB made by pack_glb, after checking the container around it.
std::vector<uint8_t> bin_chunk(const std::vector<uint8_t>& glb, const std::string& json) {
  EXPECT_GE(glb.size(), 20u);
  EXPECT_EQ(u32_at(glb, 0), 0x46546C67u);  // "glTF"
  EXPECT_EQ(u32_at(glb, 4), 2u);
  EXPECT_EQ(u32_at(glb, 8), glb.size());
  const size_t json_len = u32_at(glb, 12);
  EXPECT_EQ(json_len % 4, 0u);
  EXPECT_EQ(json_len, (json.size() + 3) / 4 * 4);
  EXPECT_EQ(u32_at(glb, 16), 0x4E4F534Au);  // "JSON"
  EXPECT_EQ(std::string(glb.begin() + 20, glb.begin() + 20 + json.size()), json);
  for (size_t i = 20 + json.size(); i < 20 + json_len; ++i) EXPECT_EQ(glb[i], ' ');
  const size_t at = 20 + json_len;
  if (at == glb.size()) return {};
  EXPECT_EQ(u32_at(glb, at + 4), 0x004E4942u);  // "BIN\0"
  const size_t bin_len = u32_at(glb, at);
  EXPECT_EQ(at + 8 + bin_len, glb.size());
  return std::vector<uint8_t>(glb.begin() + at + 8, glb.end());
}

TEST(BinBuilder, StridedAndPaddedViewsAreByteExactInTheGlb) {
  const std::vector<View> views = {
      view(3, 1, kUnsignedShort, kElementArrayBuffer, 1),  // 6 bytes: 2 zeros before the next
      view(5, 3, kUnsignedByte, kArrayBuffer, 2),          // element 3, stride 4
      view(4, 3, kUnsignedShort, kArrayBuffer, 3),         // element 6, stride 8
      view(7, 2, kUnsignedByte, kArrayBuffer, 4),          // element 2, stride 4
      view(0, 3, kFloat, kArrayBuffer, 5),                 // empty: no bytes, no padding
      view(3, 1, kUnsignedByte, kArrayBuffer, 6),          // element 1, stride 4
      view(4, 3, kFloat, kArrayBuffer, 7),                 // element 12: tight
      view(2, 16, kFloat, kNoTarget, 8),                   // inverse bind matrices
      view(5, 4, kUnsignedShort, kArrayBuffer, 9),         // element 8: tight
      view(5, 1, kUnsignedByte, kElementArrayBuffer, 10),  // 5 bytes: 3 zeros at the end
  };
  const Expected e = expected(views);
  BinBuilder b;
  add_all(b, views, e);
  EXPECT_EQ(e.offsets, (std::vector<size_t>{0, 8, 28, 60, 88, 88, 100, 148, 276, 316}));
  EXPECT_EQ(e.bin.size(), 324u);  // 316 + 5, padded to 4
  ASSERT_EQ(b.size(), e.bin.size());

  const std::string json = R"({"asset":{"version":"2.0"}})";  // 27 bytes: one space
  const std::vector<uint8_t> glb = pack_glb(json, b);
  EXPECT_EQ(glb.size(), 12 + 8 + 28 + 8 + e.bin.size());
  EXPECT_EQ(bin_chunk(glb, json), e.bin);
  // the stride padding inside view 1: element bytes then one zero
  EXPECT_EQ(glb[56 + 8 + 3], 0);
  EXPECT_EQ(glb[56 + 8 + 4], views[1].data[3]);
}

TEST(BinBuilder, AppendToWritesTheSameBytesAfterWhatIsThere) {
  const std::vector<View> views = {view(3, 3, kUnsignedByte, kArrayBuffer, 1),
                                   view(1, 1, kUnsignedShort, kElementArrayBuffer, 2),
                                   view(2, 3, kUnsignedShort, kArrayBuffer, 3)};
  const Expected e = expected(views);
  BinBuilder b;
  add_all(b, views, e);
  std::vector<uint8_t> out = {9, 9, 9};  // offsets are within the BIN, not the vector
  b.append_to(out);
  ASSERT_EQ(out.size(), 3 + e.bin.size());
  EXPECT_EQ(std::vector<uint8_t>(out.begin(), out.begin() + 3), (std::vector<uint8_t>{9, 9, 9}));
  EXPECT_EQ(std::vector<uint8_t>(out.begin() + 3, out.end()), e.bin);
}

TEST(BinBuilder, NoViewsMeansNoBinChunk) {
  BinBuilder b;
  EXPECT_EQ(b.size(), 0u);
  const std::vector<uint8_t> glb = pack_glb("{}", b);
  EXPECT_EQ(glb.size(), 12u + 8 + 4);
  EXPECT_TRUE(bin_chunk(glb, "{}").empty());
}

// Data the writer does not keep (IR arrays) is read where it is, at append time.
TEST(BinBuilder, UnkeptDataIsReadWhenPacked) {
  std::vector<uint16_t> indices = {1, 2, 3};
  BinBuilder b;
  b.add_view(indices.data(), indices.size(), 1, kUnsignedShort, kElementArrayBuffer);
  indices[1] = 0xBEEF;
  std::vector<uint8_t> out;
  b.append_to(out);
  EXPECT_EQ(out, (std::vector<uint8_t>{1, 0, 0xEF, 0xBE, 3, 0, 0, 0}));
}

TEST(BinBuilder, RandomViewSequencesAreByteExact) {
  std::mt19937_64 rng(20240611);
  const int types[] = {kUnsignedByte, kUnsignedShort, kUnsignedInt, kFloat};
  const int widths[] = {1, 2, 3, 4, 16};
  const ViewTarget targets[] = {kNoTarget, kArrayBuffer, kElementArrayBuffer};
  for (int round = 0; round < 300; ++round) {
    std::vector<View> views;
    for (int i = int(rng() % 12); i >= 0; --i)
      views.push_back(
          view(rng() % 9, widths[rng() % 5], types[rng() % 4], targets[rng() % 3], uint8_t(rng())));
    const Expected e = expected(views);
    BinBuilder b;
    add_all(b, views, e);
    ASSERT_EQ(b.size(), e.bin.size()) << "round " << round;
    std::string json = "{}";
    json.append(rng() % 4, ' ');
    const std::vector<uint8_t> glb = pack_glb(json, b);
    if (e.bin.empty()) {
      EXPECT_TRUE(bin_chunk(glb, json).empty());
    } else {
      ASSERT_EQ(bin_chunk(glb, json), e.bin) << "round " << round;
    }
  }
}

}  // namespace
}  // namespace f2g::gltf
