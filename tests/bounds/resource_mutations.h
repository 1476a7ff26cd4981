// The committed samples and systematic hostile edits of them for the resource-bound tests:
// 4-byte overwrites with extreme values at every byte of the fields the decoder reads as
// scalars (counts, lengths, classes, offsets: found through DecodeOptions::field_log; every
// byte of the first two instances of each field kind, the first byte of later ones) and at
// evenly strided bytes across the whole file (array contents), field-width all-ones, lengths
// pointing just past the end, and truncations before and inside every field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace f2g::test {

struct Sample {
  std::string name;  // "sws/morph_submeshes"
  std::vector<uint8_t> bytes;
};

// Every samples/{sws,rr,grb,grw}/*.mesh, sorted by name.
const std::vector<Sample>& samples();
// The sample of that name ("rr/split24_bike"); a test failure and an empty one when none is.
const Sample& sample(const std::string& name);

struct Mutation {
  enum Kind { Overwrite, Truncate } kind = Overwrite;
  uint64_t offset = 0;  // Overwrite: first byte written; Truncate: the new size
  uint64_t value = 0;   // little-endian
  uint32_t width = 4;   // bytes written (clipped at the end of the input)
  std::string field;    // the field the offset falls in, "" when none was logged there

  std::string describe() const;  // "@0x1A2C (mesh/compiled.total) = 0xFFFFFFFF" / "cut to 812"
};

// The extreme 4-byte values every overwrite position gets.
extern const uint32_t kHostileValues[5];  // 0xFFFFFFFF 0x7FFFFFFF 0x00FFFFFF 0x80000000 0x0000FFFF

// At most `strided_positions` byte positions of the strided sweep per sample (every byte
// when the file is that small); the field sweep and truncations are not capped.
std::vector<Mutation> mutations_of(const std::vector<uint8_t>& bytes, size_t strided_positions);

std::vector<uint8_t> apply(const std::vector<uint8_t>& bytes, const Mutation& m);

// The first logged field whose path ends with `suffix` ("mesh.submesh_count",
// "primitive_descs[0].index_count"), by decoding `bytes` with a field log; fails the current
// test when none is found. Its offset and width.
struct FieldAt {
  uint64_t offset = 0;
  uint64_t size = 0;
  std::string path;
};
FieldAt field_at(const std::vector<uint8_t>& bytes, const std::string& suffix);
// Every logged field whose path ends with `suffix`.
std::vector<FieldAt> fields_at(const std::vector<uint8_t>& bytes, const std::string& suffix);

// Writes `value` little-endian over `width` bytes at `offset` (bounds-checked).
void poke(std::vector<uint8_t>& bytes, uint64_t offset, uint64_t value, uint32_t width);

}  // namespace f2g::test
