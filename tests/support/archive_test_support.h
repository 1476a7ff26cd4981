// Shared helpers of the archive tests and the error catalogue: the committed sample archives,
// small archives built around one crafted payload, the diagnostics of reading an archive
// whole, and one break per ARCHIVE_ code (an archive changed in one place).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "formats/archive/archive.h"
#include "tests/support/files.h"

namespace f2g::archive::test {

inline const Dialect& grw() { return *dialect_named("grw"); }
inline const Dialect& grb() { return *dialect_named("grb"); }
inline const Dialect& sws() { return *dialect_named("sws"); }

// samples/archives/<name>, e.g. "grw/DataPC.forge".
inline std::vector<uint8_t> sample(const std::string& name) {
  return f2g::test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/archives/" + name);
}

template <class T>
void put(std::vector<uint8_t>& b, uint64_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}
template <class T>
T get(const std::vector<uint8_t>& b, uint64_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof v);
  return v;
}

// `n` bytes no LZ77 compressor can shorten, the same for the same `seed` (mt19937 is fixed
// by the standard).
inline std::vector<uint8_t> noise(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::vector<uint8_t> b(n);
  for (uint8_t& v : b) v = uint8_t(g() >> 24);
  return b;
}

// The codecs must_read and diagnostics read with (a test that loads a stand-in library for
// Oodle sets it); nullptr: LZO only.
inline const Codecs*& test_codecs() {
  static const Codecs* codecs = nullptr;
  return codecs;
}

inline Archive must_read(const std::vector<uint8_t>& b, const Dialect* force = nullptr) {
  ReadOptions o;
  o.dialect = force;
  o.codecs = test_codecs();
  Result<Archive> a = read_archive(b.data(), b.size(), o);
  if (!a) throw std::logic_error(a.error().to_string());
  return std::move(*a);
}

// A Mesh resource of an archive: its entry, id, name and body (the bytes the mesh readers take).
struct MeshResource {
  size_t entry = 0;
  uint64_t id = 0;
  std::string name;
  std::vector<uint8_t> body;
};
inline std::vector<MeshResource> meshes_of(const std::vector<uint8_t>& b) {
  const Archive a = must_read(b);
  std::vector<MeshResource> out;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, b.data(), b.size(), i);
    if (!c || c->kind != EntryKind::Resources) continue;
    for (const Resource& r : c->resources)
      if (r.class_id == class_id("Mesh"))
        out.push_back(
            {i, r.id, r.name,
             std::vector<uint8_t>(c->records.begin() + long(r.body_offset),
                                  c->records.begin() + long(r.body_offset + r.body_size))});
  }
  return out;
}

// An archive of the given payloads (entry ids 1, 2, ...; `per_section` entries a section).
inline std::vector<uint8_t> archive_of(const Dialect& d,
                                       const std::vector<std::vector<uint8_t>>& payloads,
                                       uint32_t per_section = 5000) {
  std::vector<NewEntry> entries;
  std::vector<PayloadRef> refs;
  for (size_t i = 0; i < payloads.size(); ++i) {
    entries.push_back({i + 1, class_id("Material"), 0, "entry" + std::to_string(i)});
    refs.push_back({payloads[i].data(), payloads[i].size()});
  }
  Result<Archive> a = make_archive(d, entries, per_section);
  Result<std::vector<uint8_t>> b = write_archive(*a, refs);
  if (!b) throw std::logic_error(b.error().to_string());
  return std::move(*b);
}

// A payload of the two sets holding `directory` and `records` as given (not checked).
inline std::vector<uint8_t> payload_of(const Dialect& d, const std::vector<uint8_t>& directory,
                                       const std::vector<uint8_t>& records) {
  std::vector<uint8_t> p = *encode_block_set(d, directory.data(), directory.size());
  const std::vector<uint8_t> r = *encode_block_set(d, records.data(), records.size());
  p.insert(p.end(), r.begin(), r.end());
  return p;
}

// One record {class, body size, name length, name, gap, body} and its directory entry.
struct RawRecord {
  uint64_t dir_id = 0x77;
  uint32_t dir_size = 0;  // 0: the walked length
  uint32_t cls = class_id("Material");
  std::string name = "Res";
  std::vector<uint8_t> gap{0};
  uint64_t body_id = 0x77;
  uint32_t body_cls = class_id("Material");
  std::vector<uint8_t> fields{1, 2, 3};
};
inline std::vector<uint8_t> records_of(const std::vector<RawRecord>& rs) {
  std::vector<uint8_t> b;
  auto append = [&](const void* p, size_t n) {
    b.insert(b.end(), static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + n);
  };
  for (const RawRecord& r : rs) {
    const uint32_t body = uint32_t(12 + r.fields.size()), name = uint32_t(r.name.size());
    append(&r.cls, 4);
    append(&body, 4);
    append(&name, 4);
    append(r.name.data(), r.name.size());
    append(r.gap.data(), r.gap.size());
    append(&r.body_id, 8);
    append(&r.body_cls, 4);
    append(r.fields.data(), r.fields.size());
  }
  return b;
}
inline std::vector<uint8_t> directory_of(const std::vector<RawRecord>& rs) {
  std::vector<uint8_t> b(2 + 14 * rs.size());
  put<uint16_t>(b, 0, uint16_t(rs.size()));
  for (size_t i = 0; i < rs.size(); ++i) {
    const RawRecord& r = rs[i];
    const uint32_t walked = uint32_t(12 + r.name.size() + r.gap.size() + 12 + r.fields.size());
    put<uint64_t>(b, 2 + 14 * i, r.dir_id);
    put<uint32_t>(b, 2 + 14 * i + 8, r.dir_size ? r.dir_size : walked);
  }
  return b;
}
inline std::vector<uint8_t> archive_of_records(const std::vector<RawRecord>& rs,
                                               const std::vector<uint8_t>& extra_records = {}) {
  std::vector<uint8_t> rec = records_of(rs);
  rec.insert(rec.end(), extra_records.begin(), extra_records.end());
  return archive_of(grw(), {payload_of(grw(), directory_of(rs), rec)});
}

// Everything reading `b` whole says: the archive's error, or its warnings and then each
// entry's error or warnings.
inline std::vector<Error> diagnostics(const std::vector<uint8_t>& b,
                                      const Dialect* force = nullptr) {
  ReadOptions o;
  o.dialect = force;
  o.codecs = test_codecs();
  Result<Archive> a = read_archive(b.data(), b.size(), o);
  if (!a) return {a.error()};
  std::vector<Error> out = a->warnings;
  for (size_t i = 0; i < a->entries.size(); ++i) {
    Result<EntryContents> e = read_entry(*a, b.data(), b.size(), i);
    if (!e) {
      out.push_back(e.error());
      continue;
    }
    out.insert(out.end(), e->warnings.begin(), e->warnings.end());
  }
  return out;
}

// The GRW sample with its payloads rearranged: `order` lists entries in storage order and
// `gap` zero bytes go after each payload; tables, sizes and padding follow.
inline std::vector<uint8_t> relayout(const std::vector<uint8_t>& src,
                                     const std::vector<size_t>& order, size_t gap) {
  const Archive a = must_read(src);
  std::vector<uint8_t> out = a.prelude;
  for (size_t i : order) {
    const Entry& e = a.entries[i];
    put<uint64_t>(out, e.index_record_offset, out.size());
    out.insert(out.end(), src.begin() + long(e.offset), src.begin() + long(e.offset + e.size));
    out.resize(out.size() + gap, 0);
  }
  out.resize((out.size() + kArchiveAlignment - 1) / kArchiveAlignment * kArchiveAlignment, 0);
  return out;
}

// One way to break one relation.
struct Break {
  std::string code;
  std::string how;
  std::function<std::vector<Error>()> run;
};

inline std::vector<Error> read_with(
    std::vector<uint8_t> b, const std::function<void(std::vector<uint8_t>&, const Archive&)>& edit,
    const Dialect* force = nullptr) {
  const Archive a = must_read(b);
  edit(b, a);
  return diagnostics(b, force);
}

// The offsets of entry `i`'s sets in the GRW sample.
inline std::vector<BlockSet> sets_of(const std::vector<uint8_t>& b, const Archive& a, size_t i) {
  return read_entry(a, b.data(), b.size(), i)->sets;
}

// A one-entry SWS archive of a data file holding one managed body (u8 1, u32 id 1, class)
// whose record's flag area is `gap`, in `form`.
inline std::vector<uint8_t> sws_archive_of(const std::vector<uint8_t>& gap,
                                           const DataFileForm& form = {}) {
  ResourceRecord r;
  r.class_id = class_id("Material");
  r.gap = gap;
  r.body = {1, 1, 0, 0, 0};
  for (int k = 0; k < 4; ++k) r.body.push_back(uint8_t(r.class_id >> (8 * k)));
  Result<std::vector<uint8_t>> p = encode_entry_payload(sws(), {r}, -1, builtin_codecs(), form);
  if (!p) throw std::logic_error(p.error().to_string());
  return archive_of(sws(), {*p});
}

inline const std::vector<Break>& breaks() {
  using B = std::vector<uint8_t>;
  static const B w = sample("grw/DataPC.forge");
  static const B sw = sample("sws/DataPC.forge");
  auto edit = [](std::function<void(B&, const Archive&)> f, const Dialect* force = nullptr) {
    return [f, force] { return read_with(w, f, force); };
  };
  auto sws_edit = [](std::function<void(B&, const Archive&)> f) {
    return [f] { return read_with(sw, f); };
  };
  // Entry 0's records set's first block, in the SWS sample (a table pair, LZO1X-999).
  auto sws_block = [](const B& b, const Archive& a) { return sets_of(b, a, 0)[1].blocks[0]; };
  static const std::vector<Break> all = {
      {"ARCHIVE_TRUNCATED", "the GRW sample cut to 10 bytes",
       [] { return diagnostics(B(w.begin(), w.begin() + 10)); }},
      {"ARCHIVE_MAGIC", "'scimitar' spelt 'Xcimitar'",
       edit([](B& b, const Archive&) { b[0] = 'X'; })},
      {"ARCHIVE_VERSION", "version 28", edit([](B& b, const Archive&) { put<int32_t>(b, 9, 28); })},
      {"ARCHIVE_DATA_HEADER_OFFSET", "the data header past the end",
       edit([](B& b, const Archive&) { put<uint64_t>(b, 13, b.size()); })},
      {"ARCHIVE_SECTION_OFFSET", "the first section past the end", edit([](B& b, const Archive& a) {
         put<uint64_t>(b, a.data_header.offset + 36, b.size() - 8);
       })},
      {"ARCHIVE_SECTION_CYCLE", "the second section's next is the first",
       edit([](B& b, const Archive& a) {
         put<int64_t>(b, a.sections[1].offset + 16, int64_t(a.sections[0].offset));
       })},
      {"ARCHIVE_SECTION_COUNT", "the first section counts -1 entries",
       edit([](B& b, const Archive& a) { put<int32_t>(b, a.sections[0].offset, -1); })},
      {"ARCHIVE_TABLE_OFFSET", "the first index table 10 bytes before the end",
       edit([](B& b, const Archive& a) {
         put<uint64_t>(b, a.sections[0].offset + 8, b.size() - 10);
       })},
      {"ARCHIVE_ENTRY_COUNT", "the data header counts one entry more",
       edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.data_header.offset, a.data_header.entry_count + 1);
       })},
      {"ARCHIVE_PAYLOAD_BOUNDS", "entry 0's size 2^31 - 1 in both records",
       edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.entries[0].index_record_offset + 16, 0x7FFFFFFF);
         put<int32_t>(b, a.entries[0].name_record_offset, 0x7FFFFFFF);
       })},
      {"ARCHIVE_SIZE_MISMATCH", "entry 0's name record size one more",
       edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.entries[0].name_record_offset, int32_t(a.entries[0].size + 1));
       })},
      {"ARCHIVE_DUPLICATE_ID", "entry 1 has entry 0's file id", edit([](B& b, const Archive& a) {
         put<uint64_t>(b, a.entries[1].index_record_offset + 8, a.entries[0].file_id);
       })},
      {"ARCHIVE_DIALECT_UNKNOWN", "entry 0's block-set version 7",
       edit([](B& b, const Archive& a) { put<int16_t>(b, a.entries[0].offset + 8, 7); })},
      {"ARCHIVE_SECTION_RANGE", "the second section's first index one more",
       edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.sections[1].offset + 24, a.sections[1].first_index + 1);
       })},
      {"ARCHIVE_PAYLOAD_ORDER", "entries 0 and 1 stored in the other order",
       [] {
         return diagnostics(relayout(w, {1, 0, 2, 3, 4, 5, 6}, 0));
       }},
      {"ARCHIVE_PAYLOAD_GAP", "16 zero bytes after every payload",
       [] {
         return diagnostics(relayout(w, {0, 1, 2, 3, 4, 5, 6}, 16));
       }},
      {"ARCHIVE_PAYLOAD_OVERLAP", "entry 1 stored at entry 0's payload (both records)",
       edit([](B& b, const Archive& a) {
         const Entry &e0 = a.entries[0], &e1 = a.entries[1];
         put<uint64_t>(b, e1.index_record_offset, e0.offset);
         put<int32_t>(b, e1.index_record_offset + 16, int32_t(e0.size));
         put<int32_t>(b, e1.name_record_offset, int32_t(e0.size));
       })},
      {"ARCHIVE_PADDING", "the last byte of the padding 1",
       edit([](B& b, const Archive&) { b.back() = 1; })},
      {"ARCHIVE_FILE_SIZE", "the padding cut by 16 bytes",
       [] { return diagnostics(B(w.begin(), w.end() - 16)); }},
      {"ARCHIVE_SET_MAGIC", "entry 1's first set magic changed",
       edit([](B& b, const Archive& a) { b[a.entries[1].offset] ^= 1; })},
      {"ARCHIVE_SET_VERSION", "entry 1's first set of version 3 in a GRW archive",
       edit([](B& b, const Archive& a) { put<int16_t>(b, a.entries[1].offset + 8, 3); })},
      {"ARCHIVE_BLOCK_SIZE", "entry 1's first set's block size 0x4000",
       edit([](B& b, const Archive& a) { put<uint16_t>(b, a.entries[1].offset + 11, 0x4000); })},
      {"ARCHIVE_BLOCK_SIZE2", "entry 1's first set's second block size 0x4000",
       edit([](B& b, const Archive& a) { put<uint16_t>(b, a.entries[1].offset + 13, 0x4000); })},
      {"ARCHIVE_BLOCK_COUNT", "entry 1's first set counts 2^31 - 1 blocks",
       edit([](B& b, const Archive& a) { put<int32_t>(b, a.entries[1].offset + 15, 0x7FFFFFFF); })},
      {"ARCHIVE_CHECKSUM", "entry 1's records set's first checksum changed",
       edit([](B& b, const Archive& a) { b[sets_of(b, a, 1)[1].blocks[0].offset] ^= 1; })},
      {"ARCHIVE_COMPRESSION_UNKNOWN", "entry 0's records set (compressed) of compression 9",
       edit([](B& b, const Archive& a) { b[sets_of(b, a, 0)[1].offset + 10] = 9; })},
      {"ARCHIVE_STREAM", "entry 0's first compressed block declared one byte shorter",
       edit([](B& b, const Archive& a) {
         const BlockSet s = sets_of(b, a, 0)[1];
         put<uint16_t>(b, s.offset + 19, uint16_t(s.blocks[0].uncompressed_size - 1));
       })},
      {"ARCHIVE_PAYLOAD_TRAILING", "4 bytes after a payload's second set",
       [] {
         B p = payload_of(grw(), directory_of({RawRecord{}}), records_of({RawRecord{}}));
         p.resize(p.size() + 4, 0);
         return diagnostics(archive_of(grw(), {p}));
       }},
      {"ARCHIVE_DIRECTORY_SIZE", "a directory counting 2 resources in 16 bytes",
       [] {
         B dir = directory_of({RawRecord{}});
         put<uint16_t>(dir, 0, 2);
         return diagnostics(archive_of(grw(), {payload_of(grw(), dir, records_of({RawRecord{}}))}));
       }},
      {"ARCHIVE_RECORD_SIZE", "a directory record size one more than the record",
       [] {
         RawRecord r;
         r.dir_size = uint32_t(12 + 3 + 1 + 15 + 1);
         return diagnostics(archive_of_records({r}));
       }},
      {"ARCHIVE_RECORD_ID", "a body id other than the directory's",
       [] {
         RawRecord r;
         r.body_id = 0x78;
         return diagnostics(archive_of_records({r}));
       }},
      {"ARCHIVE_RECORD_CLASS", "a body class other than the record's",
       [] {
         RawRecord r;
         r.body_cls = class_id("Mesh");
         return diagnostics(archive_of_records({r}));
       }},
      {"ARCHIVE_RECORDS_TRAILING", "3 bytes after the last record",
       [] {
         return diagnostics(archive_of_records({RawRecord{}}, {9, 9, 9}));
       }},
      {"ARCHIVE_WRAPPER_MAGIC", "the SWS sample's entry 0 wrapper spelt 'XILEDATA'",
       sws_edit([](B& b, const Archive& a) { b[a.entries[0].offset - 440] = 'X'; })},
      {"ARCHIVE_NAME_SIZE", "the SWS sample's entry 0 name record size one more",
       sws_edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.entries[0].name_record_offset, int32_t(a.entries[0].size + 1));
       })},
      {"ARCHIVE_WRAPPER_ID", "the SWS sample's entry 0 wrapper file id 1",
       sws_edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.entries[0].offset - 440 + kWrapperIdAt, 1);
       })},
      {"ARCHIVE_WRAPPER_SIZE", "the SWS sample's entry 0 wrapper raw size one more",
       sws_edit([](B& b, const Archive& a) {
         put<int32_t>(b, a.entries[0].offset - 440 + kWrapperSizeAt,
                      int32_t(a.entries[0].size + 1));
       })},
      {"ARCHIVE_SET_MODE", "the SWS sample's entry 0 first set of mode 0x1234",
       sws_edit(
           [](B& b, const Archive& a) { put<uint16_t>(b, a.entries[0].offset + 13, 0x1234); })},
      {"ARCHIVE_STREAM_CHUNK", "the SWS sample's stream entry's first chunk flag 2",
       sws_edit([](B& b, const Archive& a) { b[a.entries[3].offset + 15] = 2; })},
      {"ARCHIVE_CHECKSUM_FROM_ONE", "an SWS checksum computed as zlib's Adler-32 (from 1)",
       sws_edit([sws_block](B& b, const Archive& a) {
         const StoredBlock k = sws_block(b, a);
         put<uint32_t>(b, k.offset, adler32_one(k.data, k.stored_size));
       })},
      {"ARCHIVE_CHECKSUM_UNKNOWN", "an SWS checksum changed in one bit",
       sws_edit([sws_block](B& b, const Archive& a) { b[sws_block(b, a).offset] ^= 1; })},
      {"ARCHIVE_DATA_INDEX", "an SWS data file stored as is, counting 900 rows",
       [] {
         DataFileForm plain;
         plain.sets = false;
         B b = sws_archive_of({0}, plain);
         put<uint16_t>(b, must_read(b).entries[0].offset, 900);
         return diagnostics(b);
       }},
      {"ARCHIVE_RECORD_FLAG", "an SWS record whose flag is 7",
       [] { return diagnostics(sws_archive_of({7})); }},
      {"ARCHIVE_OODLE", "decompress_block_set on the GRB sample's Oodle records set",
       [] {
         const B g = sample("grb/DataPC.forge");
         const Archive a = must_read(g);
         const std::vector<BlockSet> sets = read_entry(a, g.data(), g.size(), 4)->sets;
         Result<std::vector<uint8_t>> r = decompress_block_set(grb(), sets[1], "records");
         return r ? std::vector<Error>{} : std::vector<Error>{r.error()};
       }},
      {"ARCHIVE_CODEC_UNAVAILABLE", "encode_block_set with GRB compression 3 (Oodle)",
       [] {
         const uint8_t d[4] = {1, 2, 3, 4};
         Result<std::vector<uint8_t>> r = encode_block_set(grb(), d, 4, 3);
         return r ? std::vector<Error>{} : std::vector<Error>{r.error()};
       }},
      {"ARCHIVE_WRITE", "write_archive with no payload for the sample's 7 entries",
       [] {
         Result<std::vector<uint8_t>> r = write_archive(must_read(w), {});
         return r ? std::vector<Error>{} : std::vector<Error>{r.error()};
       }},
      {"ARCHIVE_NO_ENTRY", "read_entry of entry 99 of 7",
       [] {
         const Archive a = must_read(w);
         Result<EntryContents> r = read_entry(a, w.data(), w.size(), 99);
         return r ? std::vector<Error>{} : std::vector<Error>{r.error()};
       }},
  };
  return all;
}

}  // namespace f2g::archive::test
