// The material list to the end of the body (spec: "Material list", "Registry names";
// docs/READING.md "Material list"): the spec's `count, 8, 28C, count, 6, 31C, 20` grammar read
// with records aligned on their u64 ids, so the spec's leading eight / six bytes are the
// first record's id and the last descriptor's eight "final bytes" are PlatformVersion and
// QuantizationFactor.
#include <algorithm>

#include "formats/rr/codec_parts.h"
#include "formats/rr/rr_checks.h"

namespace f2g::rr {

// [u64 id][u32 0x0B1D34C1][4 stored bytes][u8][u16 vertex count][u8][u64 Material].
static void read_descriptor(ReadContext& x, Descriptor& d) {
  d.offset = x.r.offset();
  d.id = x.r.u64("id");
  d.descriptor_class = read_class(x, check::descriptor_class, kMeshInstancingDataClass, "class");
  d.stored_word = x.r.u32("stored_word");
  d.stored_byte0 = x.r.u8("stored_byte0");
  d.vertex_count = x.r.u16("vertex_count");
  d.stored_byte1 = x.r.u8("stored_byte1");
  d.material_id = x.r.u64("material_id");
  x.c.field("rr.descriptor_stored_word", d.stored_word);
  x.c.field("rr.descriptor_stored_byte0", d.stored_byte0);
  x.c.field("rr.descriptor_stored_byte1", d.stored_byte1);
}

static void write_descriptor(ByteWriter& w, const Descriptor& d) {
  w.u64(d.id);
  w.u32(d.descriptor_class);
  w.u32(d.stored_word);
  w.u8(d.stored_byte0);
  w.u16(d.vertex_count);
  w.u8(d.stored_byte1);
  w.u64(d.material_id);
}

// [u64 id][u32 0x9F1640AF][u8][u8][u64 ObjectReference][u8][u64 ObjectHandle].
static void read_reference(ReadContext& x, DynamicReference& g) {
  g.offset = x.r.offset();
  g.id = x.r.u64("id");
  g.reference_class =
      read_class(x, check::dynamic_reference_class, kDynamicReferenceClass, "class");
  g.stored_byte0 = x.r.u8("stored_byte0");
  g.stored_byte1 = x.r.u8("stored_byte1");
  g.reference = x.r.u64("reference");
  g.stored_byte2 = x.r.u8("stored_byte2");
  g.handle = x.r.u64("handle");
  x.c.field("rr.reference_stored_byte0", g.stored_byte0);
  x.c.field("rr.reference_stored_byte1", g.stored_byte1);
  x.c.field("rr.reference_stored_byte2", g.stored_byte2);
}

static void write_reference(ByteWriter& w, const DynamicReference& g) {
  w.u64(g.id);
  w.u32(g.reference_class);
  w.u8(g.stored_byte0);
  w.u8(g.stored_byte1);
  w.u64(g.reference);
  w.u8(g.stored_byte2);
  w.u64(g.handle);
}

static const char* const kBoolFields[16] = {
    "rr.trailer_bool_0",  "rr.trailer_bool_1",  "rr.trailer_bool_2",  "rr.trailer_bool_3",
    "rr.trailer_bool_4",  "rr.trailer_bool_5",  "rr.trailer_bool_6",  "rr.trailer_bool_7",
    "rr.trailer_bool_8",  "rr.trailer_bool_9",  "rr.trailer_bool_10", "rr.trailer_bool_11",
    "rr.trailer_bool_12", "rr.trailer_bool_13", "rr.trailer_bool_14", "rr.trailer_bool_15"};

// 26 bytes: the spec's six unattributed group bytes, then its 20-byte trailer (sixteen bool
// bytes, u32 UserCategory).
static void read_trailer(ReadContext& x, Trailer& t) {
  Reader::Scope s(x.r, "trailer");
  t.offset = x.r.offset();
  const uint8_t* stored = x.r.take(t.stored.size(), "stored_bytes");
  std::copy(stored, stored + t.stored.size(), t.stored.begin());
  const uint8_t* bools = x.r.take(t.bools.size(), "bools");
  std::copy(bools, bools + t.bools.size(), t.bools.begin());
  t.user_category = x.r.u32("user_category");
  uint64_t stored_value = 0;
  for (size_t i = 0; i < t.stored.size(); ++i) stored_value |= uint64_t(t.stored[i]) << (8 * i);
  x.c.field("rr.trailer_stored_bytes", double(stored_value));
  for (size_t i = 0; i < t.bools.size(); ++i) x.c.field(kBoolFields[i], t.bools[i]);
  x.c.field("rr.user_category", t.user_category);
}

static void write_trailer(ByteWriter& w, const Trailer& t) {
  w.bytes(t.stored.data(), t.stored.size());
  w.bytes(t.bools.data(), t.bools.size());
  w.u32(t.user_category);
}

void read_material_list(ReadContext& x, MaterialList& l) {
  Reader::Scope s(x.r, "materials");
  l.descriptor_count_offset = x.r.offset();
  l.descriptors = read_records<Descriptor>(x.r, "descriptor_count", kDescriptorSize, "descriptors",
                                           [&](Descriptor& d, uint32_t) { read_descriptor(x, d); });
  // spec: "last split descriptor has u32 31 then f32 position scale" (PlatformVersion,
  // QuantizationFactor); docs/READING.md: present when the count is 0 too.
  l.platform_offset = x.r.offset();
  l.platform_version = x.r.u32("platform_version");
  l.quantization_factor = x.r.f32("quantization_factor");
  x.c.field("rr.platform_version", l.platform_version);
  x.c.field("rr.quantization_factor", l.quantization_factor);

  l.reference_count_offset = x.r.offset();
  l.references =
      read_records<DynamicReference>(x.r, "reference_count", kReferenceSize, "references",
                                     [&](DynamicReference& g, uint32_t) { read_reference(x, g); });
  read_trailer(x, l.trailer);
}

void write_material_list(ByteWriter& w, const MaterialList& l) {
  write_records(w, l.descriptors, write_descriptor);
  w.u32(l.platform_version);
  w.f32(l.quantization_factor);
  write_records(w, l.references, write_reference);
  write_trailer(w, l.trailer);
}

}  // namespace f2g::rr
