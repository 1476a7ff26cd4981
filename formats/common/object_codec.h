// The parts RR and GRB/GRW store alike, decoder and encoder side by side: the [u64 id]
// [u32 class] head that starts every object (docs/READING.md "Object headers"), the
// length-prefixed byte run, and runs of f32. Each game's codec_parts.h reads its structures
// with them.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/reader.h"
#include "formats/common/writer.h"

namespace f2g {

using Float3 = std::array<float, 3>;
using Float4 = std::array<float, 4>;

struct ObjectHead {
  uint64_t id = 0;
  uint32_t cls = 0;
  uint64_t offset = 0;  // where the head starts in the input; not stored
};

// A u32 byte length, then the bytes.
struct Blob {
  std::vector<uint8_t> bytes;
  uint64_t offset = 0;  // of the length; the data starts 4 bytes later
};

// A u32 class checked against `expected` under `def`; the message is "expected <what>0x...,
// found 0x..." (`what`: "" or "class ", as each game has always said it).
uint32_t read_class(Reader& r, Checker& c, const CheckDef& def, uint32_t expected,
                    const char* field, const char* what = "");
ObjectHead read_head(Reader& r, Checker& c, const CheckDef& def, uint32_t expected,
                     const char* id_field, const char* class_field, const char* what = "");
void write_head(ByteWriter& w, const ObjectHead& h);

// The length is checked against the input before allocating.
Blob read_blob(Reader& r, const char* length_field, const char* data_field);
void write_blob(ByteWriter& w, const Blob& b);

// A u32 count (checked against the bytes left at `min_size` bytes each before allocating), then
// that many records, record i read by `read_one(out[i], i)` inside the scope `list`[i].
template <class T, class ReadOne>
std::vector<T> read_records(Reader& r, const char* count_field, uint64_t min_size, const char* list,
                            ReadOne read_one) {
  std::vector<T> out(r.run_count(count_field, min_size));
  for (uint32_t i = 0; i < out.size(); ++i) {
    Reader::Scope s(r, list, i);
    read_one(out[i], i);
  }
  return out;
}
template <class T, class WriteOne>
void write_records(ByteWriter& w, const std::vector<T>& records, WriteOne write_one) {
  w.u32(static_cast<uint32_t>(records.size()));
  for (const T& t : records) write_one(w, t);
}

template <size_t N>
std::array<float, N> read_floats(Reader& r, const char* field) {
  std::array<float, N> v{};
  std::memcpy(v.data(), r.take(4 * N, field), 4 * N);  // one field, one log span
  return v;
}
template <size_t N>
void write_floats(ByteWriter& w, const std::array<float, N>& v) {
  for (float f : v) w.f32(f);
}

}  // namespace f2g
