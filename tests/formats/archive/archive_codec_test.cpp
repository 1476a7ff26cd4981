// Block codecs behind the interface: the built-in set runs LZO and misses Oodle; a codec handed
// in through ReadOptions decodes and encodes the blocks of its compression number, and one
// that fails names its reason in the entry's ARCHIVE_STREAM error.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

using test::grb;

// A codec of its own for GRB's number 3: runs of one byte as {u8 length 1..255, byte}.
class RunLength final : public BlockCodec {
 public:
  std::string decompress(const uint8_t* src, size_t n, uint8_t* out,
                         size_t out_size) const override {
    size_t at = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
      if (src[i] > out_size - at) return "a run past the block's size";
      std::memset(out + at, src[i + 1], src[i]);
      at += src[i];
    }
    return n % 2 || at != out_size ? "the runs do not make the block's size" : "";
  }
  bool compress(uint8_t number, const uint8_t* src, size_t n, std::vector<uint8_t>& out,
                std::string& why) const override {
    if (number != 3) {
      why = "only number 3";
      return false;
    }
    out.clear();
    for (size_t i = 0; i < n;) {
      size_t run = 1;
      while (i + run < n && run < 255 && src[i + run] == src[i]) ++run;
      out.push_back(uint8_t(run));
      out.push_back(src[i]);
      i += run;
    }
    return true;
  }
};

class Failing final : public BlockCodec {
 public:
  std::string decompress(const uint8_t*, size_t, uint8_t*, size_t) const override {
    return "the stand-in refuses";
  }
  bool compress(uint8_t, const uint8_t*, size_t, std::vector<uint8_t>&,
                std::string& why) const override {
    why = "the stand-in refuses";
    return false;
  }
};

std::vector<ResourceRecord> two_records() {
  std::vector<ResourceRecord> out;
  for (uint64_t id : {0x1111ull, 0x2222ull}) {
    ResourceRecord r;
    r.class_id = class_id("Material");
    r.name = "Res" + std::to_string(id);
    r.body.resize(400, uint8_t(id));
    std::memcpy(r.body.data(), &id, 8);
    std::memcpy(r.body.data() + 8, &r.class_id, 4);
    out.push_back(r);
  }
  return out;
}

TEST(ArchiveCodecs, BuiltInSetRunsLzoAndMissesOodle) {
  const Codecs& c = builtin_codecs();
  EXPECT_NE(c.find(Codec::Lzo1x), nullptr);
  EXPECT_EQ(c.find(Codec::Lzo1x), c.find(Codec::Lzo1x999));  // one decoder for both numbers
  EXPECT_NE(c.find(Codec::Lzo2a), nullptr);
  EXPECT_EQ(c.find(Codec::Oodle), nullptr);
}

TEST(ArchiveCodecs, SuppliedCodecWritesAndReadsItsNumber) {
  RunLength rev;
  Codecs codecs;
  codecs.oodle = &rev;
  Result<std::vector<uint8_t>> p = encode_entry_payload(grb(), two_records(), 3, codecs);
  ASSERT_TRUE(p) << p.error().to_string();
  const std::vector<uint8_t> b = test::archive_of(grb(), {*p});

  ReadOptions with;
  with.codecs = &codecs;
  Result<Archive> a = read_archive(b.data(), b.size(), with);
  ASSERT_TRUE(a);
  Result<EntryContents> e = read_entry(*a, b.data(), b.size(), 0);
  ASSERT_TRUE(e) << e.error().to_string();
  EXPECT_EQ(e->kind, EntryKind::Resources);
  EXPECT_EQ(e->sets[1].header.compression, 3);
  ASSERT_EQ(e->resources.size(), 2u);
  EXPECT_EQ(e->resources[1].id, 0x2222u);
  EXPECT_EQ(e->resources[1].body_size, 400u);
  EXPECT_FALSE(e->sets[1].blocks[0].raw());
  // Re-encoded with the entry's own numbers, the payload is the stored one.
  Result<std::vector<uint8_t>> again =
      reencode_entry_payload(grb(), *e, resource_records(*e), codecs);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *p);

  // The same bytes without the codec: listed, directory unknown, no resources.
  const Archive plain = test::must_read(b);
  Result<EntryContents> missing = read_entry(plain, b.data(), b.size(), 0);
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->kind, EntryKind::CodecMissing);
  EXPECT_STREQ(kind_name(missing->kind), "oodle");
  EXPECT_TRUE(missing->resources.empty());
  Result<std::vector<uint8_t>> refused = reencode_entry_payload(grb(), *e, resource_records(*e));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "ARCHIVE_CODEC_UNAVAILABLE");
}

TEST(ArchiveCodecs, FailingCodecGivesStreamErrorWithItsReason) {
  RunLength rev;
  Codecs writer;
  writer.oodle = &rev;
  Result<std::vector<uint8_t>> p = encode_entry_payload(grb(), two_records(), 3, writer);
  ASSERT_TRUE(p);
  const std::vector<uint8_t> b = test::archive_of(grb(), {*p});
  Failing fail;
  Codecs broken;
  broken.oodle = &fail;
  ReadOptions o;
  o.codecs = &broken;
  Result<Archive> a = read_archive(b.data(), b.size(), o);
  ASSERT_TRUE(a);
  Result<EntryContents> e = read_entry(*a, b.data(), b.size(), 0);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code, "ARCHIVE_STREAM");
  EXPECT_EQ(e.error().path, "archive/entries[0]/sets[0]/blocks[0].data");
  EXPECT_NE(e.error().message.find("the stand-in refuses"), std::string::npos);

  Result<std::vector<uint8_t>> w = encode_entry_payload(grb(), two_records(), 3, broken);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().code, "ARCHIVE_WRITE");
  EXPECT_NE(w.error().message.find("the stand-in refuses"), std::string::npos);
}

}  // namespace
}  // namespace f2g::archive
