#include "formats/registry.h"

#include <algorithm>
#include <cstring>

#include "formats/common/names.h"
#include "formats/grb/grb.h"
#include "formats/rr/rr.h"
#include "formats/sws/sws.h"

namespace f2g {

const std::vector<const Format*>& registered_formats() {
  // Detection order: the first entry that recognises the bytes reads them.
  static const std::vector<const Format*> formats = {
      &sws::kFormat,
      // Before RR, whose detection takes any Mesh class at byte 8: GRB and GRW claim only a
      // payload whose walk reaches their CompiledMesh class (docs/READING.md, GRB "Inputs").
      &grb::kGrbFormat,
      &grb::kGrwFormat,
      &rr::kFormat,
  };
  return formats;
}

const Format* find_format(const std::string& name) {
  for (const Format* f : registered_formats())
    if (name == f->name) return f;
  return nullptr;
}

Result<const Format*> detect(const uint8_t* data, size_t size, const Format* forced) {
  if (forced) return forced;
  for (const Format* f : registered_formats())
    if (f->looks_like(data, size)) return f;
  std::string found = std::to_string(size) + " bytes";
  if (size >= 9) {
    uint32_t at5, at8 = 0;
    std::memcpy(&at5, data + 5, 4);
    if (size >= 12) std::memcpy(&at8, data + 8, 4);
    found += ", u32 at 5 = " + hex(at5, 8) + ", u32 at 8 = " + hex(at8, 8);
  }
  std::string signatures;
  for (const Format* f : registered_formats())
    signatures += (signatures.empty() ? "" : "; ") + std::string(f->signature);
  return Error{"FORMAT_UNRECOGNISED",
               "not a Mesh of a supported game (" + signatures + "); found " + found, "mesh.class",
               5};
}

namespace {

// What a format reads of an archive record (DecodeOptions::payload_offset): detected by its
// body; the whole record where the format reads the gap as a header, else the body alone.
struct Framed {
  const Format* format;
  const uint8_t* data;
  size_t size;
  DecodeOptions options;
};
Result<Framed> frame(const uint8_t* data, size_t size, const DecodeOptions& options) {
  const uint64_t gap = std::min<uint64_t>(options.payload_offset.value_or(0), size);
  Result<const Format*> format = detect(data + gap, size - gap, options.format);
  if (!format) return format.error();
  Framed f{*format, data, size, options};
  if (options.payload_offset && !f.format->reads_record_gap) {
    f.data += gap;
    f.size -= gap;
    f.options.payload_offset.reset();
  }
  return f;
}

}  // namespace

Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options) {
  Result<Framed> f = frame(data, size, options);
  if (!f) return f.error();
  Result<Decoded> decoded = f->format->decode(f->data, f->size, f->options);
  // Bone names for every game at once: each game names a bone after its index and hash, and
  // a hash the names resolve becomes the name (docs/READING.md "Bone names").
  if (decoded && decoded->mesh.skin)
    name_bones(decoded->mesh.skin->bones, names_in_use(options.names));
  return decoded;
}

Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options) {
  Result<Framed> f = frame(data, size, options);
  if (!f) return f.error();
  return f->format->reencode(f->data, f->size, f->options);
}

std::vector<const CheckDef*> all_checks() {
  std::vector<const CheckDef*> all;
  for (const Format* f : registered_formats())
    for (const CheckDef* c : f->checks())  // two entries of one room share their checks
      if (std::find(all.begin(), all.end(), c) == all.end()) all.push_back(c);
  return all;
}

}  // namespace f2g
