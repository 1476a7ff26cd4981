#include "gltf_writer/write/joint_transform.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace f2g::gltf {

namespace {

// inverse(m) of an affine m as [A^-1, -A^-1 t]; false when A has no (finite) inverse.
bool invert_affine(const Eigen::Matrix4d& m, Eigen::Matrix3d& l, Eigen::Vector3d& t) {
  const Eigen::Matrix3d a = m.topLeftCorner<3, 3>();
  const Eigen::FullPivLU<Eigen::Matrix3d> lu(a);
  if (!m.allFinite() || !lu.isInvertible()) return false;
  l = lu.inverse();
  t = -l * m.topRightCorner<3, 1>();
  return l.allFinite() && t.allFinite();
}

Eigen::Matrix4d matrix_of(const std::array<float, 16>& m) {
  return Eigen::Map<const Eigen::Matrix4f>(m.data()).cast<double>();
}

// The TRS of the affine [l t]: L = R * diag(s), the rotation the nearest proper one.
JointTransform decompose(const Eigen::Matrix3d& l, const Eigen::Vector3d& t) {
  JointTransform out;

  // L = R * diag(s): scale = column lengths, a reflection carried by a negative scale x.
  Eigen::Vector3d s = l.colwise().norm().transpose();
  if (l.determinant() < 0) s.x() = -s.x();
  Eigen::Matrix3d r = l * s.cwiseInverse().asDiagonal();
  // Nearest proper rotation (exact when L has no shear).
  const Eigen::JacobiSVD<Eigen::Matrix3d> svd(r, Eigen::ComputeFullU | Eigen::ComputeFullV);
  r = svd.matrixU() * svd.matrixV().transpose();
  if (r.determinant() < 0) {
    Eigen::Matrix3d u = svd.matrixU();
    u.col(2) = -u.col(2);
    r = u * svd.matrixV().transpose();
  }
  Eigen::Quaterniond q(r);
  q.normalize();
  if (q.w() < 0) q.coeffs() = -q.coeffs();  // one canonical sign

  out.translation = {t.x(), t.y(), t.z()};
  out.rotation = {q.x(), q.y(), q.z(), q.w()};
  out.scale = {s.x(), s.y(), s.z()};

  const Eigen::Matrix3d back = q.toRotationMatrix() * s.asDiagonal();
  const double size = std::max(1.0, l.cwiseAbs().maxCoeff());
  out.error = (back - l).cwiseAbs().maxCoeff() / size;
  out.exact_trs = out.error <= 1e-5;
  return out;
}

}  // namespace

JointTransform joint_from_inverse_bind(const std::array<float, 16>& ibm) {
  Eigen::Matrix3d l;
  Eigen::Vector3d t;
  if (!invert_affine(matrix_of(ibm), l, t)) {
    JointTransform out;
    out.invertible = false;
    return out;
  }
  return decompose(l, t);
}

JointTransform joint_under_parent(const std::array<float, 16>& parent_ibm,
                                  const std::array<float, 16>& ibm) {
  Eigen::Matrix3d l;
  Eigen::Vector3d t;
  const Eigen::Matrix4d p = matrix_of(parent_ibm);
  if (!p.allFinite() || !invert_affine(matrix_of(ibm), l, t)) {
    JointTransform out;
    out.invertible = false;
    return out;
  }
  // local = IBM_parent x inverse(IBM): world(parent) x local = inverse(IBM).
  const Eigen::Matrix3d pa = p.topLeftCorner<3, 3>();
  return decompose(pa * l, pa * t + p.topRightCorner<3, 1>());
}

std::array<double, 16> trs_matrix(const JointTransform& t) {
  const Eigen::Quaterniond q(t.rotation[3], t.rotation[0], t.rotation[1], t.rotation[2]);
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() =
      q.toRotationMatrix() * Eigen::Vector3d(t.scale[0], t.scale[1], t.scale[2]).asDiagonal();
  m.topRightCorner<3, 1>() = Eigen::Vector3d(t.translation[0], t.translation[1], t.translation[2]);
  std::array<double, 16> out;
  Eigen::Map<Eigen::Matrix4d>(out.data()) = m;
  return out;
}

}  // namespace f2g::gltf
