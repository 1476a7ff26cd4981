// The whole round trip on every sample: decode -> gltf::write -> read_glb -> compare is ok,
// and a one-ulp change of a POSITION value inside the glb's BIN chunk is caught and named;
// the same for the compacted forms (--quantize, --compress) within their stated tolerances.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "converter/verify/verify.h"
#include "converter/verify/verify_report.h"
#include "formats/registry.h"
#include "gltf_writer/compact/compact.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"
#include "tests/support/sample_files.h"

namespace f2g::verify {
namespace {

namespace fs = std::filesystem;
using f2g::test::read_bytes;
using f2g::test::sample_mesh_paths;

std::string text_of(const VerifyReport& r) {
  std::ostringstream s;
  print_text(r, s);
  return s.str();
}

struct Converted {
  Decoded decoded;
  std::vector<uint8_t> glb;
};

Converted convert(const fs::path& p) {
  const std::vector<uint8_t> bytes = read_bytes(p);
  Result<Decoded> d = decode(bytes.data(), bytes.size(), {});
  EXPECT_TRUE(d.ok()) << p << ": " << (d ? "" : d.error().to_string());
  if (!d) return {};
  ir::Result<gltf::Written> w = gltf::write(d->mesh, {});
  EXPECT_TRUE(w.ok()) << p << ": " << (w ? "" : w.error().to_string());
  if (!w) return {};
  return {std::move(*d), std::move(w->glb)};
}

uint32_t u32_at(const std::vector<uint8_t>& b, size_t at) {
  uint32_t v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}

// Offset in the buffer of the first float of primitive 0's POSITION accessor.
size_t first_position_in_buffer(const nlohmann::json& j) {
  const int acc = j["meshes"][0]["primitives"][0]["attributes"]["POSITION"];
  const nlohmann::json& a = j["accessors"][acc];
  const nlohmann::json& v = j["bufferViews"][a["bufferView"].get<int>()];
  return v.value("byteOffset", size_t(0)) + a.value("byteOffset", size_t(0));
}

// The same in a glb (GLB 2.0: 12-byte header, JSON chunk, BIN chunk; each chunk = u32
// length, u32 type, data).
size_t first_position_offset(const std::vector<uint8_t>& glb) {
  const uint32_t json_len = u32_at(glb, 12);
  const nlohmann::json j = nlohmann::json::parse(glb.begin() + 20, glb.begin() + 20 + json_len);
  return 20 + json_len + 8 + first_position_in_buffer(j);
}

// The sample walk of every test (tests/support/sample_files.h) follows the registry: one
// folder of samples per registered format, named for it, each decoding as that format, and
// no folder for anything else.
TEST(VerifySamples, EveryRegisteredFormatHasAFolderOfSamplesAndNoOtherFolderHoldsMeshes) {
  std::vector<std::string> names;
  for (const Format* f : registered_formats()) names.push_back(f->name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(f2g::test::sample_folders(fs::path(F2G_SOURCE_DIR) / "samples"), names);
  for (const fs::path& p : sample_mesh_paths()) {
    const std::vector<uint8_t> bytes = read_bytes(p);
    Result<Decoded> d = decode(bytes.data(), bytes.size(), {});
    ASSERT_TRUE(d.ok()) << p;
    EXPECT_EQ(d->format->name, p.parent_path().filename().string()) << p;
  }
}

TEST(VerifySamples, EverySampleRoundTripsThroughTheGlb) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  for (const fs::path& p : all) {
    const Converted c = convert(p);
    if (c.glb.empty()) continue;  // failure already reported
    const VerifyReport r = verify_output(c.decoded, c.glb);
    EXPECT_TRUE(r.ok()) << p << "\n" << text_of(r);
    ASSERT_NE(r.row("POSITION"), nullptr) << p;
    EXPECT_EQ(r.row("POSITION")->exact, c.decoded.mesh.vertex_count) << p;
    EXPECT_EQ(r.row("indices")->exact, c.decoded.mesh.indices.size()) << p;
  }
}

TEST(VerifySamples, OneUlpInThePositionBufferIsAPositionMismatch) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  for (const fs::path& p : all) {
    Converted c = convert(p);
    if (c.glb.empty() || c.decoded.mesh.vertex_count == 0) continue;
    const size_t at = first_position_offset(c.glb);
    ASSERT_LE(at + 4, c.glb.size()) << p;
    const uint32_t before = u32_at(c.glb, at);
    const uint32_t after = before + 1;  // the next float32 away from zero: one ulp
    std::memcpy(c.glb.data() + at, &after, 4);
    const VerifyReport r = verify_output(c.decoded, c.glb);
    EXPECT_FALSE(r.ok()) << p;
    ASSERT_FALSE(r.error) << p << ": " << r.error->to_string();
    EXPECT_EQ(r.row("POSITION")->mismatched, 1u) << p << "\n" << text_of(r);
    const auto m = std::find_if(r.mismatches.begin(), r.mismatches.end(),
                                [](const Mismatch& x) { return x.attribute == "POSITION"; });
    ASSERT_NE(m, r.mismatches.end()) << p;
    EXPECT_EQ(m->index_kind, "vertex");
    EXPECT_NE(m->expected, m->found);
    EXPECT_LE(r.row("POSITION")->max_error, std::ldexp(1.0, -10)) << p;  // one ulp, small
    // Nothing else of the base mesh moved (morph targets are base + delta, so they may).
    for (const Row& row : r.rows) {
      if (row.attribute != "POSITION" && row.attribute.rfind("targets[", 0) != 0) {
        EXPECT_EQ(row.mismatched, 0u) << p << " " << row.attribute;
      }
    }
  }
}

// --quantize and --compress outputs of every sample verify: expanded first, POSITION and
// TEXCOORD within the recorded quantisation step, everything else as for plain outputs.
TEST(VerifySamples, EveryCompactedSampleVerifiesWithinTheQuantisationStep) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  for (const fs::path& p : all) {
    const Converted c = convert(p);
    if (c.glb.empty()) continue;
    for (const bool compress : {false, true}) {
      ir::Result<std::vector<uint8_t>> glb = gltf::compact_glb(c.glb, {true, compress});
      ASSERT_TRUE(glb.ok()) << p << ": " << glb.error().to_string();
      const VerifyReport r = verify_output(c.decoded, *glb);
      EXPECT_TRUE(r.ok()) << p << " compress " << compress << "\n" << text_of(r);
      EXPECT_EQ(r.compact, compress ? "quantized+compressed" : "quantized") << p;
      const Row* pos = r.row("POSITION");
      ASSERT_NE(pos, nullptr) << p;
      EXPECT_EQ(pos->exact + pos->within_tolerance, c.decoded.mesh.vertex_count) << p;
      // Quantised to 16 bits: never further off than 1/32766 of the largest coordinate
      // (plus float rounding), whatever scale the glb recorded.
      double max_abs = 0;
      for (float x : c.decoded.mesh.find("POSITION")->f32)
        max_abs = std::max(max_abs, std::fabs(double(x)));
      EXPECT_LE(pos->max_error, max_abs * (1.0 / 32766 + 1e-6)) << p;
    }
  }
}

// RR's s16 positions with QuantizationFactor take the lossless path: exact after expansion.
TEST(VerifySamples, QuantizedRrStaticPositionsAreExact) {
  const fs::path p = fs::path(F2G_SOURCE_DIR) / "samples/rr/static16_terrain.mesh";
  const Converted c = convert(p);
  ASSERT_FALSE(c.glb.empty());
  ir::Result<std::vector<uint8_t>> glb = gltf::compact_glb(c.glb, {true, true});
  ASSERT_TRUE(glb.ok()) << glb.error().to_string();
  const VerifyReport r = verify_output(c.decoded, *glb);
  ASSERT_TRUE(r.ok()) << text_of(r);
  EXPECT_EQ(r.row("POSITION")->exact, c.decoded.mesh.vertex_count) << text_of(r);
}

// One quantisation step off is more than the tolerance (half a step): a mismatch.
TEST(VerifySamples, OneQuantisationStepInAPositionIsAMismatch) {
  const fs::path p = fs::path(F2G_SOURCE_DIR) / "samples/sws/static_materials.mesh";
  const Converted c = convert(p);
  ASSERT_FALSE(c.glb.empty());
  ir::Result<std::vector<uint8_t>> glb = gltf::compact_glb(c.glb, {true, false});
  ASSERT_TRUE(glb.ok()) << glb.error().to_string();
  std::vector<uint8_t> bad = *glb;
  const size_t at = first_position_offset(bad);  // an s16 x of vertex 0 now
  int16_t q;
  std::memcpy(&q, bad.data() + at, 2);
  q = static_cast<int16_t>(q > 0 ? q - 1 : q + 1);  // toward zero: stays in range
  std::memcpy(bad.data() + at, &q, 2);
  const VerifyReport r = verify_output(c.decoded, bad);
  ASSERT_FALSE(r.error) << r.error->to_string();
  EXPECT_EQ(r.row("POSITION")->mismatched, 1u) << text_of(r);
  EXPECT_FALSE(r.ok());
}

// `forge2gltf verify INPUT OUTPUT.glb [--json]` end to end on files.
TEST(VerifySamples, RunVerifyExitsZeroWhenOkAndOneOnAMismatch) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  const fs::path dir = fs::path(F2G_BINARY_DIR) / "verify_samples_test";
  fs::create_directories(dir);
  const fs::path input = all.front();
  Converted c = convert(input);
  ASSERT_FALSE(c.glb.empty());
  const fs::path glb = dir / "out.glb";
  std::ofstream(glb, std::ios::binary)
      .write(reinterpret_cast<const char*>(c.glb.data()), std::streamsize(c.glb.size()));

  std::ostringstream out, err;
  EXPECT_EQ(run_verify(input.string(), glb.string(), true, {}, out, err), 0) << out.str();
  const nlohmann::json j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["ok"], true);
  EXPECT_EQ(j["input"], input.string());
  EXPECT_EQ(j["output"], glb.string());
  EXPECT_TRUE(j["mismatches"].empty());
  EXPECT_TRUE(err.str().empty());

  const size_t at = first_position_offset(c.glb);
  c.glb[at] ^= 1;  // the lowest mantissa bit: one ulp
  std::ofstream(glb, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(c.glb.data()), std::streamsize(c.glb.size()));
  std::ostringstream out2, err2;
  EXPECT_EQ(run_verify(input.string(), glb.string(), false, {}, out2, err2), 1);
  EXPECT_NE(out2.str().find("FAILED"), std::string::npos) << out2.str();
  EXPECT_NE(out2.str().find("POSITION vertex"), std::string::npos) << out2.str();

  std::ostringstream out3, err3;
  EXPECT_EQ(run_verify(input.string(), (dir / "missing.glb").string(), true, {}, out3, err3), 1);
  EXPECT_EQ(nlohmann::json::parse(out3.str())["error"]["code"], "VERIFY_READ_FAILED");
  EXPECT_NE(err3.str().find("missing.glb"), std::string::npos);

  std::ostringstream out4, err4;  // a directory where the glb should be
  EXPECT_EQ(run_verify(input.string(), dir.string(), true, {}, out4, err4), 1);
  EXPECT_EQ(nlohmann::json::parse(out4.str())["error"]["code"], "VERIFY_READ_FAILED");
  EXPECT_NE(err4.str().find("not a regular file"), std::string::npos) << err4.str();

  // A fifo with no writer: refused at once (opening it for reading would wait forever).
  const fs::path fifo = dir / "fifo.mesh";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::ostringstream out5, err5;
  EXPECT_EQ(run_verify(fifo.string(), glb.string(), true, {}, out5, err5), 1);
  EXPECT_NE(err5.str().find("not a regular file"), std::string::npos) << err5.str();
  fs::remove(fifo);
}

// An input over the 1 GiB any command reads is refused by its size before it is read (a
// sparse file here: no disk, no memory).
TEST(VerifySamples, RunVerifyRefusesAnInputOverOneGibibyteUnread) {
  const fs::path dir = fs::path(F2G_BINARY_DIR) / "verify_samples_test";
  fs::create_directories(dir);
  const fs::path big = dir / "big.mesh";
  { std::ofstream(big, std::ios::binary | std::ios::trunc); }
  fs::resize_file(big, (uint64_t(1) << 30) + 1);
  std::ostringstream out, err;
  EXPECT_EQ(run_verify(big.string(), big.string(), true, {}, out, err), 1);
  const nlohmann::json j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["error"]["code"], "INPUT_TOO_LARGE");
  const std::string message = j["error"]["message"];
  EXPECT_EQ(message.rfind(big.string() + ": ", 0), 0u) << message;  // names the file
  EXPECT_NE(message.find("1073741825 bytes, more than the 1073741824 a mesh may have"),
            std::string::npos)
      << message;
  std::ostringstream out2, err2;
  EXPECT_EQ(run_reencode(big.string(), true, {}, out2, err2), 1);
  EXPECT_EQ(nlohmann::json::parse(out2.str())["error"]["code"], "INPUT_TOO_LARGE");
  fs::remove(big);
}

// `convert --gltf --verify`: the JSON + .bin pair verifies as the glb does.
TEST(VerifySamples, GltfWithSeparateBinVerifiesToo) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  for (const fs::path& p : all) {
    const std::vector<uint8_t> bytes = read_bytes(p);
    Result<Decoded> d = decode(bytes.data(), bytes.size(), {});
    ASSERT_TRUE(d.ok()) << p;
    gltf::WriteOptions opts;
    opts.binary = false;
    opts.bin_uri = "mesh.bin";
    ir::Result<gltf::Written> w = gltf::write(d->mesh, opts);
    ASSERT_TRUE(w.ok()) << p << ": " << w.error().to_string();
    ASSERT_TRUE(w->glb.empty());
    VerifyReport r = verify_written(*d, *w);
    EXPECT_TRUE(r.ok()) << p << "\n" << text_of(r);
    EXPECT_FALSE(report_error(r)) << p;

    w->bin[first_position_in_buffer(nlohmann::json::parse(w->json))] ^= 0x01;  // one ulp
    r = verify_written(*d, *w);
    EXPECT_EQ(r.row("POSITION")->mismatched, 1u) << p << "\n" << text_of(r);
    ASSERT_TRUE(report_error(r)) << p;
    EXPECT_EQ(report_error(r)->path, "verify/POSITION") << p;
  }
}

TEST(VerifySamples, UnreadableGlbIsAnErrorNotACrash) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  Converted c = convert(all.front());
  ASSERT_FALSE(c.glb.empty());
  for (size_t len : {size_t(0), size_t(11), c.glb.size() / 2}) {
    const std::vector<uint8_t> cut(c.glb.begin(), c.glb.begin() + len);
    const VerifyReport r = verify_output(c.decoded, cut);
    EXPECT_FALSE(r.ok()) << len;
    EXPECT_TRUE(r.error) << len;
  }
}

}  // namespace
}  // namespace f2g::verify
