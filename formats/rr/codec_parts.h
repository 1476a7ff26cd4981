// Read and write of each stored structure, side by side in one file per structure and
// mirroring field for field (header_codec.cpp, ranged_codec.cpp, mesh_data_codec.cpp,
// material_list_codec.cpp). Readers check only what the grammar itself needs (class markers,
// the PrimitiveDescData length); relations between structures are checked later (relations.cpp).
#pragma once

#include <cstdint>

#include "formats/common/checks.h"
#include "formats/common/object_codec.h"
#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/rr/mesh_format.h"

namespace f2g::rr {

struct ReadContext {
  Reader& r;
  Checker& c;
};

// formats/common/object_codec.h's readers over the context (heads, classes, blobs, floats).
inline uint32_t read_class(ReadContext& x, const CheckDef& def, uint32_t expected,
                           const char* field) {
  return f2g::read_class(x.r, x.c, def, expected, field);
}
// [u64 id][u32 class] with the class checked under `def`.
inline ObjectHead read_head(ReadContext& x, const CheckDef& def, uint32_t expected,
                            const char* id_field, const char* class_field) {
  return f2g::read_head(x.r, x.c, def, expected, id_field, class_field);
}

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
