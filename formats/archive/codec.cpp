// The built-in LZO codec (liblzo2 through lzo.h) and the codec lookup of a run.
#include "formats/archive/codec.h"

#include <optional>

#include "formats/archive/lzo.h"

namespace f2g::archive {
namespace {

class LzoCodec final : public BlockCodec {
 public:
  explicit LzoCodec(Codec codec) : codec_(codec) {}
  std::string decompress(const uint8_t* src, size_t src_size, uint8_t* out,
                         size_t out_size) const override {
    return lzo::decompress(codec_, src, src_size, out, out_size) ? std::string()
                                                                 : "liblzo2 rejects the stream";
  }
  bool compress(uint8_t, const uint8_t* src, size_t src_size, std::vector<uint8_t>& out,
                std::string& why) const override {
    std::optional<std::vector<uint8_t>> z = lzo::compress_999(codec_, src, src_size);
    if (!z) {
      why = "liblzo2's compressor failed or overran its bound";
      return false;
    }
    out = std::move(*z);
    return true;
  }

 private:
  Codec codec_;
};

const LzoCodec kLzo1x{Codec::Lzo1x}, kLzo2a{Codec::Lzo2a}, kLzo1c{Codec::Lzo1c};

}  // namespace

const BlockCodec* Codecs::find(Codec codec) const {
  switch (codec) {
    case Codec::Lzo1x:
    case Codec::Lzo1x999:
      return &kLzo1x;
    case Codec::Lzo2a:
      return &kLzo2a;
    case Codec::Lzo1c:
      return &kLzo1c;
    case Codec::Oodle:
      return oodle;
  }
  return nullptr;
}

const Codecs& builtin_codecs() {
  static const Codecs none;
  return none;
}

}  // namespace f2g::archive
