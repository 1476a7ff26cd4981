// The exact morph delta rule (docs/ARCHITECTURE.md "Output conventions", morph targets): glTF
// stores a target as base + delta, so the writer needs, for each float32 base b and stored
// target t, a float32 d with float32(b + d) == t. Exposed on its own so tests can prove it.
#pragma once

namespace f2g::gltf {

struct MorphDelta {
  float delta = 0;
  // float32(base + delta): equal to the target (bit for bit) when exact, else the reachable
  // value nearest to it.
  float reached = 0;
  bool exact = false;
};

// Chooses d so that float32(base + d) == target bit for bit whenever SOME float32 d does
// (float32(target - base) first, then the neighbouring deltas), else the finite d whose sum
// is nearest to target. Precise cases:
// - the sum is -0 only when base and d are both -0 (round-to-nearest gives +0 for x + (-x)),
//   so target -0 is reachable from base -0 only; from any other base the nearest is +0;
// - a finite target is never reached with an infinite delta: d is always finite for finite
//   inputs (the validator rejects infinities in accessors);
// - non-finite inputs never hang: target +-inf from a finite base uses d = +-inf (exact),
//   a NaN target uses d = NaN (exact: NaN reached), a non-finite base with a finite target
//   gives d = 0, not exact.
MorphDelta morph_delta(float base, float target);

// Same rule for a base stored as an unsigned normalised integer (COLOR_n u8: value / 255):
// glTF adds the float delta to base / 255. `reached` is then the integer the reader rounds
// back to: round(255 * (float32(base / 255) + d)) clamped to [0, 255]. Exact for every pair.
struct UnormDelta {
  float delta = 0;
  int reached = 0;
  bool exact = false;
};
UnormDelta unorm8_morph_delta(int base, int target);
// The reader's side of the same rule: the u8 a consumer sees from base / 255 + delta.
int unorm8_from_delta(int base, float delta);

}  // namespace f2g::gltf
