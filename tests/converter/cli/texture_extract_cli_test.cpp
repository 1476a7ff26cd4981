// extract --textures on GRW and GRB archives built here: each TextureMap as NAME_0x<id>.png (the
// top level) and .dds (every stored level). Pillow (/usr/bin/python3) is the independent
// reader: it opens both files, and the DDS must show the PNG's pixels.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstring>

#include "formats/archive/archive.h"
#include "formats/grb/texture_map.h"
#include "tests/support/converter_test_util.h"

namespace f2g {
namespace {

using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
namespace fs = std::filesystem;
using Bytes = std::vector<uint8_t>;

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

// One BC1 block (4-colour mode: c0 > c1): row y's four 2-bit indices from `rows[y]`.
Bytes bc1_block(uint16_t c0, uint16_t c1, const uint8_t rows[4]) {
  Bytes b(8);
  std::memcpy(b.data(), &c0, 2);
  std::memcpy(b.data() + 2, &c1, 2);
  std::memcpy(b.data() + 4, rows, 4);
  return b;
}
constexpr uint16_t kRed = 0xF800, kGreen = 0x07E0, kBlue = 0x001F, kWhite = 0xFFFF;
// Indices 0, 1, 0, 1 in every row: c0 at even x, c1 at odd x.
constexpr uint8_t kStripes[4] = {0x44, 0x44, 0x44, 0x44};
Bytes solid(uint16_t c, size_t blocks) {
  const uint8_t zero[4] = {0, 0, 0, 0};
  Bytes out;
  for (size_t i = 0; i < blocks; ++i) {
    const Bytes b = bc1_block(c, 0, zero);
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}
Bytes cat(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// A GRW/GRB TextureMap as the codec writes it; the compiled header agrees with the map.
grb::TextureMap texture_map(grb::Dialect d, uint64_t id, uint32_t w, uint32_t h, int32_t format,
                            uint32_t mips, Bytes blob) {
  grb::TextureMap t;
  t.id = id;
  t.width = w;
  t.height = h;
  t.depth = 1;
  t.pixel_format = format;
  t.mip_count = mips;
  t.dialect_bytes.assign(d == grb::Dialect::Grw ? 10 : 6, 0);
  t.compiled_id = id + 1;
  t.compiled[2] = w;
  t.compiled[3] = h;
  t.compiled[4] = 1;
  t.compiled[5] = mips;
  t.compiled[6] = uint32_t(format);
  t.blob = std::move(blob);
  return t;
}

Bytes compiled_mip(uint64_t id, uint64_t parent, uint32_t level, Bytes bytes) {
  grb::CompiledMip m;
  m.id = id;
  m.level = std::move(bytes);
  m.parent = parent;
  m.level_index = level;
  return grb::write_compiled_mip(m);
}

struct Resource {
  uint32_t cls;
  std::string name;
  Bytes body;
};
struct Entry {
  uint64_t id;
  std::string name;
  std::vector<Resource> resources;
};

Bytes map_body(grb::Dialect d, const grb::TextureMap& t) { return grb::write_texture_map(d, t); }
Resource map_resource(grb::Dialect d, const std::string& name, const grb::TextureMap& t) {
  return {grb::kTextureMapClass, name, map_body(d, t)};
}

Bytes archive_with(const char* dialect, const std::vector<Entry>& entries) {
  const archive::Dialect& d = *archive::dialect_named(dialect);
  std::vector<Bytes> payloads;
  std::vector<archive::NewEntry> news;
  for (const Entry& e : entries) {
    std::vector<archive::ResourceRecord> records;
    for (const Resource& r : e.resources) {
      archive::ResourceRecord rr;
      rr.class_id = r.cls;
      rr.name = r.name;
      rr.body = r.body;
      records.push_back(std::move(rr));
    }
    payloads.push_back(*archive::encode_entry_payload(d, records));
    news.push_back({e.id, e.resources.front().cls, 0, e.name});
  }
  std::vector<archive::PayloadRef> refs;
  for (const Bytes& p : payloads) refs.push_back({p.data(), p.size()});
  Result<archive::Archive> a = archive::make_archive(d, news);
  Result<Bytes> b = archive::write_archive(*a, refs);
  if (!b) throw std::logic_error(b.error().to_string());
  return std::move(*b);
}

// A file's pixels as Pillow reads them: width, height, RGBA8 rows top first.
struct Pixels {
  uint32_t width = 0, height = 0;
  Bytes rgba;
  std::string error;
  std::array<uint8_t, 4> at(uint32_t x, uint32_t y) const {
    const size_t i = 4 * (size_t(y) * width + x);
    return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
  }
};
Pixels pillow(const fs::path& file) {
  ScratchDir d;
  const std::string script =
      "import sys\n"
      "from PIL import Image\n"
      "im = Image.open(sys.argv[1])\n"
      "im.load()\n"
      "open(sys.argv[2], 'wb').write(im.convert('RGBA').tobytes())\n"
      "print(im.size[0], im.size[1])\n";
  const RunResult r =
      f2g::testing::run("/usr/bin/python3", {"-c", script, file.string(), (d / "rgba").string()});
  Pixels p;
  if (r.code != 0 || std::sscanf(r.out.c_str(), "%u %u", &p.width, &p.height) != 2) {
    p.error = r.out + r.err;
    return p;
  }
  p.rgba = f2g::testing::read_file(d / "rgba");
  if (p.rgba.size() != 4 * size_t(p.width) * p.height) p.error = "not 4 bytes a pixel: " + r.out;
  return p;
}

using Rgba = std::array<uint8_t, 4>;
const Rgba kRedPx{255, 0, 0, 255}, kBluePx{0, 0, 255, 255}, kGreenPx{0, 255, 0, 255};

uint32_t u32_at(const Bytes& b, size_t at) {
  uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}
// DDS_HEADER fields (after the 4-byte magic): height @12, width @16, mip count @28, caps2 @112.
struct DdsHead {
  uint32_t width, height, mips, caps2;
};
DdsHead dds_head(const Bytes& dds) {
  return {u32_at(dds, 16), u32_at(dds, 12), u32_at(dds, 28), u32_at(dds, 112)};
}
// The bytes after the header: the blocks (128 bytes, 148 with the DX10 header).
Bytes dds_blocks(const Bytes& dds) {
  const size_t header = u32_at(dds, 84) == 0x30315844 ? 148 : 128;  // FourCC "DX10"
  return Bytes(dds.begin() + long(header), dds.end());
}

// Pillow opens both files, and the DDS's pixels are the PNG's (the top `rows` of the PNG for a
// cube, whose DDS Pillow reads as its first face).
void expect_same_pixels(const fs::path& png, const fs::path& dds, uint32_t rows = 0) {
  const Pixels p = pillow(png), q = pillow(dds);
  ASSERT_TRUE(p.error.empty()) << png << ": " << p.error;
  ASSERT_TRUE(q.error.empty()) << dds << ": " << q.error;
  if (!rows) rows = p.height;
  ASSERT_EQ(q.width, p.width);
  ASSERT_EQ(q.height, rows);
  EXPECT_TRUE(std::equal(q.rgba.begin(), q.rgba.end(), p.rgba.begin())) << dds;
}

constexpr uint64_t kInlineMap = 0x00AB000000000001, kStreamedMap = 0x00AB000000000002;
constexpr uint64_t kMip0 = 0x00AB0000000000F0;

// The inline map: BC1 4x4, two levels in its blob, red/blue stripes on top, white below.
grb::TextureMap inline_map(grb::Dialect d) {
  grb::TextureMap t = texture_map(d, kInlineMap, 4, 4, 2, 2,
                                  cat(bc1_block(kRed, kBlue, kStripes), solid(kWhite, 1)));
  t.gamma = 1;
  return t;
}
// The streamed map: BC1 8x8, three levels, level 0 (green, 4 blocks) in CompiledMip kMip0.
grb::TextureMap streamed_map(grb::Dialect d) {
  grb::TextureMap t =
      texture_map(d, kStreamedMap, 8, 8, 3, 3, cat(solid(kBlue, 1), solid(kRed, 1)));
  t.streamed = {{0, kMip0}};
  return t;
}

std::vector<Entry> two_maps(grb::Dialect d, bool with_mip) {
  std::vector<Entry> e = {
      {0x1001, "Maps", {map_resource(d, "Rock_D", inline_map(d))}},
      {0x1002, "Big", {map_resource(d, "Cliff_D", streamed_map(d))}},
  };
  if (with_mip)
    e.push_back({kMip0,
                 "Cliff_D_Mip0",
                 {{grb::kCompiledMipClass, "Cliff_D_Mip0",
                   compiled_mip(kMip0, kStreamedMap, 0, solid(kGreen, 4))}}});
  return e;
}

TEST(TextureExtractCli, WritesEachMapAsAPngAndADdsThatPillowReadsAlike) {
  for (const char* dialect : {"grw", "grb"}) {
    SCOPED_TRACE(dialect);
    const grb::Dialect d = std::string(dialect) == "grw" ? grb::Dialect::Grw : grb::Dialect::Grb;
    ScratchDir dir;
    f2g::testing::write_file(dir / "DataPC.forge", archive_with(dialect, two_maps(d, true)));
    const RunResult r = tool(
        {"extract", (dir / "DataPC.forge").string(), "-o", (dir / "x").string(), "--textures"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("2 texture maps written"), std::string::npos) << r.out;
    // The images alone: no raw resource, not even the CompiledMip.
    EXPECT_EQ(f2g::testing::list_files(dir / "x"),
              (std::vector<std::string>{"DataPC/Big/Cliff_D_0x00AB000000000002.dds",
                                        "DataPC/Big/Cliff_D_0x00AB000000000002.png",
                                        "DataPC/Maps/Rock_D_0x00AB000000000001.dds",
                                        "DataPC/Maps/Rock_D_0x00AB000000000001.png"}));

    const fs::path rock = dir / "x/DataPC/Maps/Rock_D_0x00AB000000000001";
    const Pixels p = pillow(rock.string() + ".png");
    ASSERT_TRUE(p.error.empty()) << p.error;
    ASSERT_EQ(p.width, 4u);
    ASSERT_EQ(p.height, 4u);
    for (uint32_t y = 0; y < 4; ++y)
      for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(p.at(x, y), x % 2 ? kBluePx : kRedPx);
    const Bytes dds = f2g::testing::read_file(rock.string() + ".dds");
    const DdsHead h = dds_head(dds);
    EXPECT_EQ(h.width, 4u);
    EXPECT_EQ(h.height, 4u);
    EXPECT_EQ(h.mips, 2u);
    EXPECT_EQ(dds_blocks(dds), inline_map(d).blob);  // the blob untouched
    expect_same_pixels(rock.string() + ".png", rock.string() + ".dds");

    // The streamed map: its PNG is level 0 from the CompiledMip, its DDS every level.
    const fs::path cliff = dir / "x/DataPC/Big/Cliff_D_0x00AB000000000002";
    const Pixels c = pillow(cliff.string() + ".png");
    ASSERT_TRUE(c.error.empty()) << c.error;
    ASSERT_EQ(c.width, 8u);
    ASSERT_EQ(c.height, 8u);
    EXPECT_EQ(c.at(0, 0), kGreenPx);
    EXPECT_EQ(c.at(7, 7), kGreenPx);
    const Bytes cdds = f2g::testing::read_file(cliff.string() + ".dds");
    EXPECT_EQ(dds_head(cdds).width, 8u);
    EXPECT_EQ(dds_head(cdds).mips, 3u);
    EXPECT_EQ(dds_blocks(cdds), cat(solid(kGreen, 4), streamed_map(d).blob));
    expect_same_pixels(cliff.string() + ".png", cliff.string() + ".dds");
  }
}

TEST(TextureExtractCli, AMissingStreamedLevelStartsTheImagesAtTheNextOne) {
  ScratchDir dir;
  f2g::testing::write_file(dir / "DataPC.forge",
                           archive_with("grw", two_maps(grb::Dialect::Grw, false)));
  const RunResult r =
      tool({"extract", (dir / "DataPC.forge").string(), "-o", (dir / "x").string(), "--textures"});
  ASSERT_EQ(r.code, 0) << r.err;  // a warning: the map is still written
  EXPECT_NE(r.err.find("warning: texture_map/streamed[0]: level 0 of map 0x00AB000000000002 is "
                       "missing (its CompiledMip 0x00AB0000000000F0 is in none of the inputs)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[TEXTURE_MIP_MISSING]"), std::string::npos) << r.err;
  const fs::path cliff = dir / "x/DataPC/Big/Cliff_D_0x00AB000000000002";
  const Bytes dds = f2g::testing::read_file(cliff.string() + ".dds");
  const DdsHead h = dds_head(dds);
  EXPECT_EQ(h.width, 4u);
  EXPECT_EQ(h.height, 4u);
  EXPECT_EQ(h.mips, 2u);
  EXPECT_EQ(dds_blocks(dds), streamed_map(grb::Dialect::Grw).blob);
  const Pixels p = pillow(cliff.string() + ".png");
  ASSERT_TRUE(p.error.empty()) << p.error;
  ASSERT_EQ(p.width, 4u);
  EXPECT_EQ(p.at(0, 0), kBluePx);  // level 1
  expect_same_pixels(cliff.string() + ".png", cliff.string() + ".dds");
}

TEST(TextureExtractCli, AMapOfAnUnknownPixelFormatFailsAloneWithItsCode) {
  ScratchDir dir;
  const grb::Dialect d = grb::Dialect::Grw;
  std::vector<Entry> entries = two_maps(d, true);
  entries.push_back(
      {0x1003,
       "Odd",
       {map_resource(d, "Odd_D", texture_map(d, 0x00AB000000000003, 4, 4, 7, 1, solid(kRed, 1)))}});
  f2g::testing::write_file(dir / "DataPC.forge", archive_with("grw", entries));
  const RunResult r =
      tool({"extract", (dir / "DataPC.forge").string(), "-o", (dir / "x").string(), "--textures"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("forge2gltf: " + (dir / "DataPC.forge").string() +
                       ": Odd/Odd_D_0x00AB000000000003: texture_map/pixel_format: pixel format "
                       "unknown (7) of map 0x00AB000000000003 is not established: no image "
                       "written (offset 0x0) [TEXTURE_FORMAT_UNKNOWN]"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("2 texture maps written"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(dir / "x/DataPC/Maps/Rock_D_0x00AB000000000001.png"));
  EXPECT_TRUE(fs::exists(dir / "x/DataPC/Big/Cliff_D_0x00AB000000000002.dds"));
  EXPECT_FALSE(fs::exists(dir / "x/DataPC/Odd"));
}

TEST(TextureExtractCli, ACubeMapStacksItsSixFacesInThePng) {
  ScratchDir dir;
  const grb::Dialect d = grb::Dialect::Grb;
  const uint16_t faces[6] = {kRed, kGreen, kBlue, kWhite, 0x0000, 0xFFE0};
  Bytes blob;
  for (uint16_t c : faces) blob = cat(blob, solid(c, 1));
  grb::TextureMap t = texture_map(d, 0x00AB000000000004, 4, 4, 3, 1, blob);
  t.texture_type = grb::kCubeTexture;
  f2g::testing::write_file(dir / "DataPC.forge",
                           archive_with("grb", {{0x1004, "Sky", {map_resource(d, "Sky", t)}}}));
  const RunResult r =
      tool({"extract", (dir / "DataPC.forge").string(), "-o", (dir / "x").string(), "--textures"});
  ASSERT_EQ(r.code, 0) << r.err;
  const fs::path sky = dir / "x/DataPC/Sky/Sky_0x00AB000000000004";
  const Pixels p = pillow(sky.string() + ".png");
  ASSERT_TRUE(p.error.empty()) << p.error;
  ASSERT_EQ(p.width, 4u);
  ASSERT_EQ(p.height, 24u);
  EXPECT_EQ(p.at(0, 0), kRedPx);
  EXPECT_EQ(p.at(3, 7), kGreenPx);
  EXPECT_EQ(p.at(0, 8), kBluePx);
  EXPECT_EQ(p.at(2, 23), (Rgba{255, 255, 0, 255}));
  const Bytes dds = f2g::testing::read_file(sky.string() + ".dds");
  EXPECT_EQ(dds_head(dds).height, 4u);
  EXPECT_EQ(dds_head(dds).caps2 & 0xFE00u, 0xFE00u);  // DDSCAPS2_CUBEMAP and all six faces
  EXPECT_EQ(dds_blocks(dds), blob);
  expect_same_pixels(sky.string() + ".png", sky.string() + ".dds", 4);
}

TEST(TextureExtractCli, APatchedMapAndItsPatchedLevelAreTheCopiesWritten) {
  ScratchDir dir;
  const grb::Dialect d = grb::Dialect::Grw;
  // The base holds both maps and a red level 0; the patch the streamed map and a green level 0.
  std::vector<Entry> base = two_maps(d, false);
  base.push_back({kMip0,
                  "Cliff_D_Mip0",
                  {{grb::kCompiledMipClass, "Cliff_D_Mip0",
                    compiled_mip(kMip0, kStreamedMap, 0, solid(kRed, 4))}}});
  f2g::testing::write_file(dir / "in/DataPC.forge", archive_with("grw", base));
  std::vector<Entry> patch = two_maps(d, true);
  patch.erase(patch.begin());  // no inline map
  f2g::testing::write_file(dir / "in/DataPC_patch_01.forge", archive_with("grw", patch));
  const RunResult r =
      tool({"extract", (dir / "in").string(), "-o", (dir / "x").string(), "--textures"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(f2g::testing::list_files(dir / "x"),
            (std::vector<std::string>{"DataPC/Maps/Rock_D_0x00AB000000000001.dds",
                                      "DataPC/Maps/Rock_D_0x00AB000000000001.png",
                                      "DataPC_patch_01/Big/Cliff_D_0x00AB000000000002.dds",
                                      "DataPC_patch_01/Big/Cliff_D_0x00AB000000000002.png"}));
  const Pixels p = pillow(dir / "x/DataPC_patch_01/Big/Cliff_D_0x00AB000000000002.png");
  ASSERT_TRUE(p.error.empty()) << p.error;
  EXPECT_EQ(p.at(0, 0), kGreenPx);
}

TEST(TextureExtractCli, IdSelectsTheMapsWritten) {
  ScratchDir dir;
  f2g::testing::write_file(dir / "DataPC.forge",
                           archive_with("grw", two_maps(grb::Dialect::Grw, true)));
  const RunResult r = tool({"extract", (dir / "DataPC.forge").string(), "-o", (dir / "x").string(),
                            "--textures", "--id", "0x1001"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(f2g::testing::list_files(dir / "x"),
            (std::vector<std::string>{"DataPC/Maps/Rock_D_0x00AB000000000001.dds",
                                      "DataPC/Maps/Rock_D_0x00AB000000000001.png"}));
}

}  // namespace
}  // namespace f2g
