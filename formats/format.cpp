#include "formats/format.h"

#include <cstring>

#include "formats/rr/rr.h"
#include "formats/sws/sws.h"

namespace f2g {

const char* to_string(FormatKind kind) {
  switch (kind) {
    case FormatKind::Sws:
      return "sws";
    case FormatKind::Rr:
      return "rr";
    case FormatKind::Auto:
      break;
  }
  return "auto";
}

Result<FormatKind> detect(const uint8_t* data, size_t size, FormatKind forced) {
  if (forced != FormatKind::Auto) return forced;
  if (sws::looks_like(data, size)) return FormatKind::Sws;
  if (rr::looks_like(data, size)) return FormatKind::Rr;
  std::string found = std::to_string(size) + " bytes";
  if (size >= 9) {
    uint32_t at5, at8 = 0;
    std::memcpy(&at5, data + 5, 4);
    if (size >= 12) std::memcpy(&at8, data + 8, 4);
    found += ", u32 at 5 = " + hex(at5, 8) + ", u32 at 8 = " + hex(at8, 8);
  }
  return Error{"FORMAT_UNRECOGNISED",
               "not a Mesh of a supported game (SWS: Mesh class 0x415D9568 at byte 5; RR: at "
               "byte 8 behind the resource header, or CompiledMesh 0xFC9E1595 at 61 + 81 x "
               "bone count); found " + found,
               "mesh.class", 5};
}

Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options) {
  Result<FormatKind> kind = detect(data, size, options.format);
  if (!kind) return kind.error();
  return *kind == FormatKind::Sws ? sws::decode(data, size, options)
                                  : rr::decode(data, size, options);
}

Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options) {
  Result<FormatKind> kind = detect(data, size, options.format);
  if (!kind) return kind.error();
  return *kind == FormatKind::Sws ? sws::reencode(data, size, options)
                                  : rr::reencode(data, size, options);
}

std::vector<const CheckDef*> all_checks() {
  std::vector<const CheckDef*> all = sws::checks();
  for (const CheckDef* c : rr::checks()) all.push_back(c);
  return all;
}

}  // namespace f2g
