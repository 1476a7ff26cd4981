// The BC7 block decoder (bc7.h): one pass over the block's 128 bits, least significant first,
// in the order DFS §21.2 lists the fields: mode, partition, rotation, index selection, colour
// endpoints (R, G, B for every endpoint), alpha endpoints, p-bits, indices.
#include "formats/texture/bc7.h"

#include "formats/texture/bc7_tables.h"

namespace f2g::texture {
namespace {

using namespace bc7;

constexpr bool anchors_in_their_subsets() {
  for (int p = 0; p < 64; ++p) {
    if (kPartitions[1][p][kAnchor2Of2[p]] != 1) return false;
    if (kPartitions[2][p][kAnchor2Of3[p]] != 1 || kPartitions[2][p][kAnchor3Of3[p]] != 2)
      return false;
  }
  return true;
}
static_assert(anchors_in_their_subsets(), "an anchor index lies outside its subset");

// The block's bits, consumed from the least significant end.
class Bits {
 public:
  explicit Bits(const uint8_t* src) {
    for (int i = 7; i >= 0; --i) lo_ = (lo_ << 8) | src[i];
    for (int i = 15; i >= 8; --i) hi_ = (hi_ << 8) | src[i];
  }
  uint32_t get(unsigned n) {  // n <= 8
    if (n == 0) return 0;
    const uint32_t v = uint32_t(lo_ & ((uint64_t(1) << n) - 1));
    lo_ = (lo_ >> n) | (hi_ << (64 - n));
    hi_ >>= n;
    return v;
  }

 private:
  uint64_t lo_ = 0;
  uint64_t hi_ = 0;
};

// A `bits`-wide endpoint value widened to 8 bits by repeating its high bits (DFS §21.3).
inline uint32_t widen(uint32_t v, unsigned bits) {
  return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

inline uint32_t interpolate(uint32_t e0, uint32_t e1, uint32_t w) {
  return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

inline const uint8_t* weights(unsigned index_bits) {
  return index_bits == 2 ? kWeights2 : index_bits == 3 ? kWeights3 : kWeights4;
}

}  // namespace

void decode_bc7_block(const uint8_t* src, uint8_t* rgba) {
  if (src[0] == 0) {  // reserved mode: opaque black, as Pillow 9.4 decodes it
    for (unsigned i = 0; i < 64; i += 4) {
      rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      rgba[i + 3] = 255;
    }
    return;
  }
  const unsigned mode = unsigned(__builtin_ctz(src[0]));
  const ModeInfo& m = kModes[mode];
  Bits bits(src);
  bits.get(mode + 1);
  const unsigned partition = bits.get(m.partition_bits);
  const unsigned rotation = bits.get(m.rotation_bits);
  const unsigned index_selection = bits.get(m.index_selection_bits);
  const unsigned subsets = m.subsets;

  uint32_t ep[3][2][4];  // subset, endpoint, channel
  for (unsigned c = 0; c < 3; ++c)
    for (unsigned s = 0; s < subsets; ++s)
      for (unsigned e = 0; e < 2; ++e) ep[s][e][c] = bits.get(m.color_bits);
  for (unsigned s = 0; s < subsets; ++s)
    for (unsigned e = 0; e < 2; ++e) ep[s][e][3] = m.alpha_bits ? bits.get(m.alpha_bits) : 255;

  unsigned color_bits = m.color_bits;
  unsigned alpha_bits = m.alpha_bits;
  if (m.endpoint_pbit || m.shared_pbit) {
    for (unsigned s = 0; s < subsets; ++s) {
      const uint32_t shared = m.shared_pbit ? bits.get(1) : 0;
      for (unsigned e = 0; e < 2; ++e) {
        const uint32_t p = m.shared_pbit ? shared : bits.get(1);
        for (unsigned c = 0; c < 3; ++c) ep[s][e][c] = (ep[s][e][c] << 1) | p;
        if (alpha_bits) ep[s][e][3] = (ep[s][e][3] << 1) | p;
      }
    }
    ++color_bits;
    if (alpha_bits) ++alpha_bits;
  }
  for (unsigned s = 0; s < subsets; ++s)
    for (unsigned e = 0; e < 2; ++e) {
      for (unsigned c = 0; c < 3; ++c) ep[s][e][c] = widen(ep[s][e][c], color_bits);
      if (alpha_bits) ep[s][e][3] = widen(ep[s][e][3], alpha_bits);
    }

  // Indices: the anchors' (bit set in the mask) are one bit shorter.
  const uint16_t anchors = kAnchorMasks.mask[subsets - 1][partition];
  uint8_t index[16];
  for (unsigned i = 0; i < 16; ++i)
    index[i] = uint8_t(bits.get(m.index_bits - ((anchors >> i) & 1)));
  const uint8_t* subset_of = kPartitions[subsets - 1][partition];

  if (m.index2_bits == 0) {
    const uint8_t* w = weights(m.index_bits);
    for (unsigned i = 0; i < 16; ++i) {
      const uint32_t(&e)[2][4] = ep[subset_of[i]];
      const uint32_t wi = w[index[i]];
      uint8_t* px = rgba + 4 * i;
      for (unsigned c = 0; c < 4; ++c) px[c] = uint8_t(interpolate(e[0][c], e[1][c], wi));
    }
  } else {
    // Modes 4 and 5: a second index set (its pixel 0 the anchor); colour takes the first set
    // and alpha the second unless the index selection bit swaps them (DFS §21.2, mode 4).
    uint8_t index2[16];
    for (unsigned i = 0; i < 16; ++i) index2[i] = uint8_t(bits.get(m.index2_bits - (i == 0)));
    const uint8_t* color_index = index_selection ? index2 : index;
    const uint8_t* alpha_index = index_selection ? index : index2;
    const uint8_t* cw = weights(index_selection ? m.index2_bits : m.index_bits);
    const uint8_t* aw = weights(index_selection ? m.index_bits : m.index2_bits);
    const uint32_t(&e)[2][4] = ep[0];
    for (unsigned i = 0; i < 16; ++i) {
      uint8_t* px = rgba + 4 * i;
      const uint32_t wc = cw[color_index[i]];
      for (unsigned c = 0; c < 3; ++c) px[c] = uint8_t(interpolate(e[0][c], e[1][c], wc));
      px[3] = uint8_t(interpolate(e[0][3], e[1][3], aw[alpha_index[i]]));
    }
  }

  // Rotation 1, 2, 3 swaps alpha with red, green, blue after interpolation (DFS §21.2).
  if (rotation) {
    const unsigned c = rotation - 1;
    for (unsigned i = 0; i < 16; ++i) {
      uint8_t* px = rgba + 4 * i;
      const uint8_t t = px[3];
      px[3] = px[c];
      px[c] = t;
    }
  }
}

}  // namespace f2g::texture
