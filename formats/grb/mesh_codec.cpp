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

}  // namespace

PayloadStart payload_start(const uint8_t* data, size_t size) {
  if (u32_is(data, size, 8, kMeshClass)) return {0, true};
  if (size == 0) return {0, false};
  if (data[0] == 0 && u32_is(data, size, 1 + 8, kMeshClass)) return {1, true};
  // no overflow: a u32 count
  const uint64_t long_size = size < 8 ? size : 8 + 12 * uint64_t(u32_at(data + 4));
  if (data[0] <= 1 && size >= 8 && u32_is(data, size, long_size + 8, kMeshClass))
    return {long_size, true};
  for (uint64_t gap = 1; gap <= kMaxLooseGap; ++gap)
    if (u32_is(data, size, gap + 8, kMeshClass)) return {gap, true};
  // Nothing frames a payload: the first byte decides, as it did before gaps were read.
  if (data[0] == 0) return {1, false};
  if (data[0] == 1) return {long_size, false};
  return {0, false};
}

bool reaches_compiled_mesh(const uint8_t* data, size_t size, Dialect dialect) {
  uint64_t q = payload_start(data, size).offset;
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

MeshFile read_mesh_file(Reader& r, Checker& c, Dialect dialect,
                        std::optional<uint64_t> record_gap) {
  ReadContext x{r, c, dialect};
  MeshFile m;
  m.dialect = dialect;
  Reader::Scope s(r, "mesh");
  const PayloadStart start =
      record_gap ? PayloadStart{*record_gap, true} : payload_start(r.cursor(), r.remaining());
  if (start.offset > 0) {
    m.file_header.emplace();
    read_file_header(x, *m.file_header, start.framed ? start.offset : 0);
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
