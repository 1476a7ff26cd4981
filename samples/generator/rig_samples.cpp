#include <Eigen/Dense>
#include <cstring>
#include <stdexcept>

#include "formats/registry.h"
#include "samples/generator/sample_rigs.h"

namespace f2g::samples {
namespace {

using Affine = Eigen::Transform<double, 3, Eigen::Affine>;

Affine world_of(const std::array<float, 16>& inverse_bind) {
  Affine ibm;
  ibm.matrix() = Eigen::Map<const Eigen::Matrix4f>(inverse_bind.data()).cast<double>();
  ibm.matrix().row(3) << 0, 0, 0, 1;
  return ibm.inverse();
}

// Position (x, y, z, 1) and rotation (x, y, z, w) of a pose, scale left out.
void put_pose(const Affine& pose, float* at) {
  const Eigen::Vector3d t = pose.translation();
  Eigen::Matrix3d r = pose.linear();
  for (int c = 0; c < 3; ++c) r.col(c).normalize();
  const Eigen::Quaterniond q(r);
  const double v[8] = {t.x(), t.y(), t.z(), 1, q.x(), q.y(), q.z(), q.w()};
  for (int k = 0; k < 8; ++k) at[k] = float(v[k]);
}

}  // namespace

std::vector<RigBone> mesh_rig_bones(const std::vector<uint8_t>& mesh_file) {
  DecodeOptions o;
  o.want_structure = false;
  Result<Decoded> d = decode(mesh_file.data(), mesh_file.size(), o);
  if (!d || !d->mesh.skin) throw std::logic_error("rig_samples: not a skinned sample mesh");
  std::vector<RigBone> out;
  for (const ir::Bone& b : d->mesh.skin->bones) out.push_back({b.name_hash, -1, b.inverse_bind});
  return out;
}

std::vector<uint8_t> skeleton_body(grb::Dialect dialect, uint64_t id,
                                   const std::vector<RigBone>& bones) {
  grb::Skeleton s;
  s.id = id;
  s.prefix = 1;
  s.type = 7;
  const auto bone_id = [&](int i) { return (id << 8) + uint64_t(i); };
  for (size_t i = 0; i < bones.size(); ++i) {
    grb::SkeletonBone b;
    b.id = bone_id(int(i));
    b.name_hash = bones[i].name_hash;
    if (bones[i].parent >= 0) b.parent = {2, bone_id(bones[i].parent)};
    const Affine world = world_of(bones[i].inverse_bind);
    const Affine local =
        bones[i].parent >= 0
            ? world_of(bones[size_t(bones[i].parent)].inverse_bind).inverse() * world
            : world;
    put_pose(world, b.transforms.data());
    put_pose(local, b.transforms.data() + 8);
    b.index = uint16_t(i);
    s.bones.push_back(std::move(b));
  }
  for (size_t i = 0; i < bones.size(); ++i)  // ChildrenCount: every descendant
    for (int p = bones[i].parent; p >= 0; p = bones[size_t(p)].parent)
      ++s.bones[size_t(p)].children_count;
  if (dialect == grb::Dialect::Grb)  // an embedded Reflex3 object holding the empty blob
    s.tail = {4,    0x7A, 0xB4, 0x3F, 0x8E, 8,    0,    0,   0,
              0x34, 0x12, 0x34, 0x12, 0xA0, 0xF5, 0x2D, 0x00};
  else
    s.tail = {0, 0, 0, 0};
  return grb::write_skeleton(dialect, s);
}

std::vector<uint8_t> core_skeleton_fields(uint32_t id, const std::vector<RigBone>& bones) {
  std::vector<uint8_t> out;
  const auto put32 = [&](uint32_t v) {
    for (int k = 0; k < 4; ++k) out.push_back(uint8_t(v >> (8 * k)));
  };
  put32(0);
  put32(uint32_t(bones.size()));
  for (size_t i = 0; i < bones.size(); ++i) {
    out.push_back(0);
    put32(id + 1 + uint32_t(i));
    put32(kBoneClass);
    put32(bones[i].name_hash);
    if (bones[i].parent < 0) {
      out.push_back(kNullBonePointer);
    } else {
      out.push_back(2);
      put32(id + 1 + uint32_t(bones[i].parent));
    }
    const Affine world = world_of(bones[i].inverse_bind);
    float pose[8];
    put_pose(world, pose);
    for (float f : pose) {
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      put32(bits);
    }
  }
  return out;
}

}  // namespace f2g::samples
