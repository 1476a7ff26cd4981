// The 4x4 bone matrices every game of the engine stores: whether one can serve as an inverse
// bind matrix, and the identity used in place of one that cannot.
#pragma once

#include <array>

namespace f2g {

constexpr std::array<float, 16> kIdentityMatrix{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

// Invertible in practice: finite, not all zero, and a determinant that is not negligible
// against the size of the entries.
bool invertible(const std::array<float, 16>& a);

}  // namespace f2g
