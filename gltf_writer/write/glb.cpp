#include "gltf_writer/write/glb.h"

#include <cstring>

namespace f2g::gltf {
namespace {

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  const uint8_t b[4] = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
  out.insert(out.end(), b, b + 4);
}

}  // namespace

uint64_t glb_size(size_t json_size, size_t bin_size) {
  const uint64_t json_len = (uint64_t(json_size) + 3) & ~uint64_t(3);
  return 12 + 8 + json_len + (bin_size == 0 ? 0 : 8 + uint64_t(bin_size));
}

std::vector<uint8_t> pack_glb(const std::string& json, const BinBuilder& bin) {
  const size_t json_len = (json.size() + 3) & ~size_t(3);
  const size_t bin_len = bin.size();  // already padded to 4
  const size_t total = static_cast<size_t>(glb_size(json.size(), bin_len));
  std::vector<uint8_t> out;
  out.reserve(total);
  put_u32(out, 0x46546C67);  // "glTF"
  put_u32(out, 2);
  put_u32(out, static_cast<uint32_t>(total));
  put_u32(out, static_cast<uint32_t>(json_len));
  put_u32(out, 0x4E4F534A);  // "JSON"
  out.insert(out.end(), json.begin(), json.end());
  out.resize(20 + json_len, ' ');
  if (bin_len != 0) {
    put_u32(out, static_cast<uint32_t>(bin_len));
    put_u32(out, 0x004E4942);  // "BIN\0"
    bin.append_to(out);
  }
  return out;
}

std::optional<GlbJson> glb_json_chunk(const uint8_t* glb, size_t size) {
  if (size < 20) return std::nullopt;
  uint32_t magic = 0, length = 0, type = 0;
  std::memcpy(&magic, glb, 4);
  std::memcpy(&length, glb + 12, 4);
  std::memcpy(&type, glb + 16, 4);
  if (magic != 0x46546C67 || type != 0x4E4F534A || length > size - 20) return std::nullopt;
  return GlbJson{glb + 20, length};
}

}  // namespace f2g::gltf
