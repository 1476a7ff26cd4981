#include "formats/grb/mesh_codec.h"

#include <cstring>

#include "formats/common/writer.h"
#include "formats/grb/codec_parts.h"

namespace f2g::grb {

namespace {

bool u32_is(const uint8_t* data, size_t size, uint64_t at, uint32_t want) {
  if (at > size || size - at < 4) return false;
  uint32_t v;
  std::memcpy(&v, data + at, 4);
  return v == want;
}

uint32_t u32_at(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Where the payload starts behind a FileHeader, or 0 without one (or when it cannot hold
// the count it names).
uint64_t payload_start(const uint8_t* data, size_t size) {
  if (!has_file_header(data, size)) return 0;
  if (data[0] == 0) return 1;
  if (size < 8) return size;
  return 8 + 12 * uint64_t(u32_at(data + 4));  // no overflow: a u32 count
}

}  // namespace

bool has_file_header(const uint8_t* data, size_t size) {
  if (u32_is(data, size, 8, kMeshClass)) return false;
  return size >= 1 && data[0] <= 1;
}

bool reaches_compiled_mesh(const uint8_t* data, size_t size, Dialect dialect) {
  uint64_t q = payload_start(data, size);
  if (!u32_is(data, size, q + 8, kMeshClass)) return false;
  q += kObjectHeaderSize + 3 + (dialect == Dialect::Grw ? 4 : 0);
  if (q > size || size - q < 4) return false;
  const uint32_t subs = u32_at(data + q);
  q += 4;
  for (uint32_t i = 0; i < subs; ++i) {  // each entry is at least one byte inside the input
    if (q >= size) return false;
    const uint8_t tag = data[q++];
    if (tag == 1 || tag == 2)
      q += 8;
    else if (tag != kSubMeshNull)
      return false;
  }
  if (q > size || size - q < 4) return false;
  const uint32_t bones = u32_at(data + q);
  q += 4;
  if (q > size || bones > (size - q) / kBoneRecordSize) return false;
  for (uint32_t i = 0; i < bones; ++i, q += kBoneRecordSize)
    if (!u32_is(data, size, q + 8, kMeshBoneClass)) return false;
  q += 32;  // ExtentMin, ExtentMax
  if (q >= size || data[q] != kCompiledInline) return false;
  return u32_is(data, size, q + 1 + 8, kCompiledMeshClass);
}

bool rr_reaches_compiled_mesh(const uint8_t* data, size_t size) {
  constexpr uint64_t kBody = 12, kBoneCount = 16;
  if (!u32_is(data, size, 8, kMeshClass) || size < kBody + kBoneCount + 4) return false;
  const uint64_t m = kBody + 61 + 81 * uint64_t(u32_at(data + kBody + kBoneCount));
  return u32_is(data, size, m, kCompiledMeshClass);
}

MeshFile read_mesh_file(Reader& r, Checker& c, Dialect dialect) {
  ReadContext x{r, c, dialect};
  MeshFile m;
  m.dialect = dialect;
  Reader::Scope s(r, "mesh");
  if (has_file_header(r.cursor(), r.remaining())) {
    m.file_header.emplace();
    read_file_header(x, *m.file_header);
  }
  read_mesh_header(x, m.mesh);
  read_compiled(x, m.compiled);
  read_materials(x, m);
  read_trailer(x, m.trailer);
  r.expect_end("Mesh payload");
  return m;
}

Result<MeshFile> parse(const uint8_t* data, size_t size, Dialect dialect) {
  return catch_failure([&] {
    Reader r(data, data + size, "GRB");
    std::vector<ir::Diagnostic> warnings;
    Checker c(r, warnings, nullptr);
    return read_mesh_file(r, c, dialect);
  });
}

std::vector<uint8_t> encode(const MeshFile& m) {
  ByteWriter w;
  if (m.file_header) write_file_header(w, *m.file_header);
  write_mesh_header(w, m.dialect, m.mesh);
  write_compiled(w, m.dialect, m.compiled);
  write_materials(w, m);
  write_trailer(w, m.dialect, m.trailer);
  return w.take();
}

}  // namespace f2g::grb
