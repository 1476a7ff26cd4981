// Read and write of each stored structure, side by side in one file per structure and
// mirroring field for field (header_codec.cpp, compiled_codec.cpp, clustered_codec.cpp,
// mesh_data_codec.cpp, instancing_codec.cpp, material_list_codec.cpp). Readers check what the
// grammar needs (classes, tags, lengths); relations between structures come later
// (relations.cpp).
#pragma once

#include <cstdint>

#include "formats/common/checks.h"
#include "formats/common/object_codec.h"
#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

struct ReadContext {
  Reader& r;
  Checker& c;
  Dialect dialect;
  bool grb() const { return dialect == Dialect::Grb; }
};

// [u64 id][u32 class] with the class checked under `def` (an error: every class is data).
inline ObjectHead read_head(ReadContext& x, const CheckDef& def, uint32_t expected) {
  return f2g::read_head(x.r, x.c, def, expected, "id", "class", "class ");
}
// A u32 byte length, then the bytes (formats/common/object_codec.h).
inline Blob read_blob(Reader& r, const char* field) { return f2g::read_blob(r, field, field); }

void read_file_header(ReadContext& x, FileHeader& h, uint64_t length);
void write_file_header(ByteWriter& w, const FileHeader& h);

void read_mesh_header(ReadContext& x, MeshHeader& h);
void write_mesh_header(ByteWriter& w, Dialect d, const MeshHeader& h);

void read_compiled(ReadContext& x, Compiled& c);
void write_compiled(ByteWriter& w, Dialect d, const Compiled& c);

void read_clustered(ReadContext& x, Clustered& g);
void write_clustered(ByteWriter& w, Dialect d, const Clustered& g);

void read_mesh_data(ReadContext& x, MeshData& m);
void write_mesh_data(ByteWriter& w, Dialect d, const MeshData& m);

void read_instancing(ReadContext& x, Instancing& e, uint32_t draw);
void write_instancing(ByteWriter& w, const Instancing& i);

void read_materials(ReadContext& x, MeshFile& m);
void write_materials(ByteWriter& w, const MeshFile& m);

void read_trailer(ReadContext& x, Trailer& t);
void write_trailer(ByteWriter& w, Dialect d, const Trailer& t);

}  // namespace f2g::grb
