#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include "gltf_writer/write/joint_transform.h"

namespace f2g::gltf {
namespace {

std::array<float, 16> to_array(const Eigen::Matrix4d& m) {
  std::array<float, 16> out;
  Eigen::Map<Eigen::Matrix4f>(out.data()) = m.cast<float>();
  return out;
}

// max |TRS x IBM - I| (the rest pose undoes the inverse bind)
double rest_error(const std::array<float, 16>& ibm) {
  const JointTransform t = joint_from_inverse_bind(ibm);
  const std::array<double, 16> trs = trs_matrix(t);
  const Eigen::Matrix4d product = Eigen::Map<const Eigen::Matrix4d>(trs.data()) *
                                  Eigen::Map<const Eigen::Matrix4f>(ibm.data()).cast<double>();
  return (product - Eigen::Matrix4d::Identity()).cwiseAbs().maxCoeff();
}

Eigen::Matrix4d affine(const Eigen::Matrix3d& a, const Eigen::Vector3d& t) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = a;
  m.topRightCorner<3, 1>() = t;
  return m;
}

TEST(JointTransform, IdentityInverseBindRestsAtIdentity) {
  const JointTransform t = joint_from_inverse_bind(to_array(Eigen::Matrix4d::Identity()));
  EXPECT_TRUE(t.invertible);
  EXPECT_TRUE(t.exact_trs);
  EXPECT_EQ(t.translation, (std::array<double, 3>{0, 0, 0}));
  EXPECT_EQ(t.rotation, (std::array<double, 4>{0, 0, 0, 1}));
  EXPECT_EQ(t.scale, (std::array<double, 3>{1, 1, 1}));
}

TEST(JointTransform, RotationTranslationScaleInvertExactly) {
  const Eigen::Matrix3d r =
      Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  for (double s : {1.0, 0.01, 2.5}) {
    const Eigen::Matrix4d bind = affine(r * s, Eigen::Vector3d(1.5, -2, 0.25));
    const auto ibm = to_array(bind.inverse());
    const JointTransform t = joint_from_inverse_bind(ibm);
    EXPECT_TRUE(t.invertible);
    EXPECT_TRUE(t.exact_trs);
    EXPECT_LT(rest_error(ibm), 1e-5 * std::max(1.0, 1 / s)) << s;
    EXPECT_NEAR(t.scale[0], s, 1e-5 * s);
    EXPECT_NEAR(t.translation[0], 1.5, 1e-5);
    const double qn = std::hypot(std::hypot(t.rotation[0], t.rotation[1]),
                                 std::hypot(t.rotation[2], t.rotation[3]));
    EXPECT_NEAR(qn, 1.0, 1e-12);
  }
}

TEST(JointTransform, ReflectionBecomesNegativeScale) {
  const Eigen::Matrix3d a = Eigen::Vector3d(-1, 1, 1).asDiagonal();
  const auto ibm = to_array(affine(a, Eigen::Vector3d(0, 1, 0)));
  const JointTransform t = joint_from_inverse_bind(ibm);
  EXPECT_TRUE(t.exact_trs);
  EXPECT_LT(t.scale[0], 0);
  EXPECT_LT(rest_error(ibm), 1e-6);
}

TEST(JointTransform, ShearIsFlaggedNotExact) {
  Eigen::Matrix3d a = Eigen::Matrix3d::Identity();
  a(0, 1) = 0.5;
  const JointTransform t = joint_from_inverse_bind(to_array(affine(a, Eigen::Vector3d::Zero())));
  EXPECT_TRUE(t.invertible);
  EXPECT_FALSE(t.exact_trs);
  EXPECT_GT(t.error, 1e-3);
}

TEST(JointTransform, SingularInverseBindFallsBackToIdentity) {
  std::array<float, 16> ibm = to_array(Eigen::Matrix4d::Identity());
  ibm[5] = 0;  // y axis collapsed
  const JointTransform t = joint_from_inverse_bind(ibm);
  EXPECT_FALSE(t.invertible);
  EXPECT_EQ(t.rotation, (std::array<double, 4>{0, 0, 0, 1}));
  EXPECT_EQ(t.scale, (std::array<double, 3>{1, 1, 1}));
}

}  // namespace
}  // namespace f2g::gltf
