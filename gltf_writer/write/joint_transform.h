// The rest pose of a joint node as glTF TRS (docs/ARCHITECTURE.md "Output conventions",
// skin): inverse(inverse bind matrix) for a joint under the root node, IBM_parent x
// inverse(IBM) under its parent joint, so world(joint) x IBM = root rotation either way and a
// skinned vertex lands where the unskinned mesh would be.
#pragma once

#include <array>

namespace f2g::gltf {

struct JointTransform {
  std::array<double, 3> translation = {0, 0, 0};
  std::array<double, 4> rotation = {0, 0, 0, 1};  // x, y, z, w; unit length
  std::array<double, 3> scale = {1, 1, 1};
  bool invertible = true;  // false: the IBM has no inverse; identity used
  bool exact_trs = true;   // false: inverse(IBM) has shear, TRS is the nearest rotation
  double error = 0;        // max |TRS - inverse(IBM)| over the 3x4 part, relative to its size
};

// ibm: 16 floats, column-major (glTF inverseBindMatrices layout); its last row is taken as
// (0, 0, 0, 1) (the writer fixes it before calling).
JointTransform joint_from_inverse_bind(const std::array<float, 16>& ibm);

// The local TRS of a joint whose parent joint has `parent_ibm`: IBM_parent x inverse(ibm);
// not invertible when `ibm` is not (or either is not finite).
JointTransform joint_under_parent(const std::array<float, 16>& parent_ibm,
                                  const std::array<float, 16>& ibm);

// Column-major 4x4 of a TRS, for checks.
std::array<double, 16> trs_matrix(const JointTransform& t);

}  // namespace f2g::gltf
