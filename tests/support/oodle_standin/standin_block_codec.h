// The stand-in codec (standin_codec.h) as a block codec, linked in rather than loaded: what
// the sample generator writes the GRB sample's Oodle entry with, and what the archive fuzz
// target reads Oodle-numbered blocks with.
#pragma once

#include <string>
#include <vector>

#include "formats/archive/codec.h"
#include "tests/support/oodle_standin/standin_codec.h"

namespace f2g::standin {

class BlockCodec final : public archive::BlockCodec {
 public:
  std::string decompress(const uint8_t* src, size_t size, uint8_t* out,
                         size_t out_size) const override {
    return standin::decompress(src, size, out, out_size) == out_size ? "" : "not a stand-in stream";
  }
  bool compress(uint8_t, const uint8_t* src, size_t size, std::vector<uint8_t>& out,
                std::string&) const override {
    out.resize(standin::bound(size));
    out.resize(standin::compress(src, size, out.data()));
    return true;
  }
};

// Codecs whose Oodle slot is the stand-in.
inline const archive::Codecs& codecs() {
  static const BlockCodec codec;
  static const archive::Codecs with = [] {
    archive::Codecs c;
    c.oodle = &codec;
    return c;
  }();
  return with;
}

}  // namespace f2g::standin
