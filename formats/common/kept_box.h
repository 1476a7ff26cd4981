// The stored-box rule of import's rebuild (docs/ARCHITECTURE.md "Back into the game", "Kept
// unless the edit made it wrong"): a box a game stores (a centre and half extent, or two
// corners) is derived from the tightest box around the positions it bounds. The reading
// only says that the positions lie inside it, and real files pad it, each copy of a box by
// its own amount (it never says two copies are equal). So, for each stored copy on its own:
// - while the tight box is the donor's (no extreme coordinate moved), the stored values stand
//   as the donor has them, padding and rounding included, even a copy that misses some of
//   the positions (nothing moved, so nothing the edit did made it wrong);
// - when it changed, the format computes its values from the new tight box as it always did
//   and adds the copy's own offset from that computation on the donor's tight box, so a box
//   the donor padded by 0.25 stays padded by 0.25 (an absolute padding: one donor cannot
//   show whether its tool padded by a length or by a share of the size). A maximum or half
//   extent is only ever widened, a minimum only lowered (a donor box a rounding smaller than
//   its positions is not made smaller still); a centre moves with the donor's offset. A copy
//   that did not hold the donor's own positions is stale, not padded: it is recomputed
//   without an offset.
// A donor whose stored box is exactly the computation (every sample) gets exactly the
// computation.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace f2g {

enum class BoxSide { Below, Centre, Above };

using BoxCorner = std::array<float, 3>;

// The stored box [lo, hi] holds the tight box [tight_lo, tight_hi] (within float rounding).
inline bool box_holds(const BoxCorner& lo, const BoxCorner& hi, const BoxCorner& tight_lo,
                      const BoxCorner& tight_hi) {
  for (int c = 0; c < 3; ++c) {
    const float slack = 16 * std::numeric_limits<float>::epsilon() *
                        (1 + std::fabs(tight_lo[c]) + std::fabs(tight_hi[c]));
    if (!(lo[c] <= tight_lo[c] + slack && hi[c] >= tight_hi[c] - slack)) return false;
  }
  return true;
}

// `donor_held`: this copy of the donor's box held the donor's positions.
inline BoxCorner rebuilt_box_value(const BoxCorner& donor_stored, const BoxCorner& donor_computed,
                                   const BoxCorner& now_computed, bool tight_box_unchanged,
                                   bool donor_held, BoxSide side) {
  if (tight_box_unchanged) return donor_stored;
  if (!donor_held) return now_computed;
  BoxCorner out = now_computed;
  for (int c = 0; c < 3; ++c) {
    float offset = donor_stored[c] - donor_computed[c];
    if (side == BoxSide::Above) offset = std::max(offset, 0.0f);
    if (side == BoxSide::Below) offset = std::min(offset, 0.0f);
    if (offset != 0) out[c] = now_computed[c] + offset;
  }
  return out;
}

}  // namespace f2g
