// Read and write of each stored structure, side by side in one file per structure and
// mirroring field for field (header_codec.cpp, ranged_codec.cpp, mesh_data_codec.cpp,
// material_list_codec.cpp). Readers check only what the grammar itself needs (class markers,
// the PrimitiveDescData length); relations between structures are checked later (layout.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "formats/common/checks.h"
#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/rr/mesh_format.h"

namespace f2g::rr {

struct ReadContext {
  Reader& r;
  Checker& c;
};

// Reads a u32 class and checks it against `expected` under `def`.
uint32_t read_class(ReadContext& x, const CheckDef& def, uint32_t expected, const char* field);
// [u64 id][u32 class] with the class checked under `def`.
ObjectHead read_head(ReadContext& x, const CheckDef& def, uint32_t expected, const char* id_field,
                     const char* class_field);
void write_head(ByteWriter& w, const ObjectHead& h);

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

// u32 byte length, then the bytes (checked against the input before allocating).
Blob read_blob(Reader& r, const char* length_field, const char* data_field);
void write_blob(ByteWriter& w, const Blob& b);

void read_resource_header(ReadContext& x, MeshFile& m);
void write_resource_header(ByteWriter& w, const MeshFile& m);

void read_header(ReadContext& x, Header& h);
void write_header(ByteWriter& w, const Header& h);

void read_compiled(ReadContext& x, Compiled& c);
void write_compiled(ByteWriter& w, const Compiled& c);

void read_ranged(ReadContext& x, Ranged& g);
void write_ranged(ByteWriter& w, const Ranged& g);

void read_mesh_data(ReadContext& x, MeshData& d);
void write_mesh_data(ByteWriter& w, const MeshData& d);

void read_material_list(ReadContext& x, MaterialList& l);
void write_material_list(ByteWriter& w, const MaterialList& l);

}  // namespace f2g::rr
