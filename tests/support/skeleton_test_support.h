// Skeleton payloads built here byte by byte from the reading's tables (docs/READING.md
// "Skeletons"), not by the codec under test: bones from (name, parent index) with every
// optional part the reader must keep (a mirror pointer, modifiers of each GRW class,
// dependencies, a tail), and one break per GRB_SKELETON_* code.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "formats/common/names.h"
#include "formats/grb/skeleton.h"

namespace f2g::grb::test {

struct BoneSpec {
  std::string name;
  int parent = -1;                 // index, -1 root
  int mirror = -1;                 // index, -1 null
  std::vector<uint8_t> modifiers;  // bytes of `modifier_count` modifiers
  int32_t modifier_count = 0;
  std::vector<uint32_t> dependencies;
};

struct SkeletonSpec {
  Dialect dialect = Dialect::Grw;
  uint64_t id = 0x5E1E7000000001ull;
  std::vector<BoneSpec> bones;
  std::vector<uint8_t> tail{0x34, 0x12, 0x34, 0x12, 0xA0, 0xF5, 0x2D, 0x00};
  uint8_t pointer_tag = 2;  // GRB may use 1
};

inline uint64_t bone_id(size_t i) { return 0xF8000000ull + i; }

class Bytes {
 public:
  template <class T>
  Bytes& put(T v) {
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    b_.insert(b_.end(), p, p + sizeof v);
    return *this;
  }
  Bytes& raw(const std::vector<uint8_t>& v) {
    b_.insert(b_.end(), v.begin(), v.end());
    return *this;
  }
  std::vector<uint8_t> take() { return std::move(b_); }
  size_t size() const { return b_.size(); }

 private:
  std::vector<uint8_t> b_;
};

inline void pointer(Bytes& b, uint8_t tag, int index) {
  if (index < 0) {
    b.put<uint8_t>(3);
  } else {
    b.put<uint8_t>(tag).put<uint64_t>(bone_id(size_t(index)));
  }
}

// Descendants of each bone, for ChildrenCount (a cycle's walk stops after every bone).
inline std::vector<uint16_t> descendants(const std::vector<BoneSpec>& bones) {
  std::vector<uint16_t> n(bones.size(), 0);
  for (size_t i = 0; i < bones.size(); ++i) {
    size_t steps = 0;
    for (int p = bones[i].parent; p >= 0 && steps++ < bones.size(); p = bones[size_t(p)].parent)
      ++n[size_t(p)];
  }
  return n;
}

inline std::vector<uint8_t> skeleton_bytes(const SkeletonSpec& s) {
  Bytes b;
  b.put<uint64_t>(s.id).put<uint32_t>(kSkeletonClass).put<uint8_t>(1).put<uint32_t>(7);
  b.put<int32_t>(int32_t(s.bones.size()));
  const std::vector<uint16_t> below = descendants(s.bones);
  for (size_t i = 0; i < s.bones.size(); ++i) {
    const BoneSpec& bone = s.bones[i];
    b.put<uint8_t>(0).put<uint64_t>(bone_id(i)).put<uint32_t>(kBoneClass);
    b.put<uint32_t>(crc32(bone.name));
    pointer(b, s.pointer_tag, bone.parent);
    pointer(b, s.pointer_tag, bone.mirror);
    for (int k = 0; k < 16; ++k) b.put<float>(float(i) + 0.125f * float(k));
    b.put<uint8_t>(uint8_t(i % 3));
    if (s.dialect == Dialect::Grb) b.put<uint8_t>(1);
    b.put<int32_t>(int32_t(i % 2));
    b.put<int32_t>(bone.modifier_count).raw(bone.modifiers);
    b.put<int32_t>(int32_t(bone.dependencies.size()));
    for (uint32_t d : bone.dependencies) b.put<uint32_t>(d);
    b.put<int32_t>(2).put<float>(0.5f);
    b.put<uint16_t>(uint16_t(i)).put<uint16_t>(below[i]);
  }
  b.raw(s.tail);
  return b.take();
}

// A modifier's common head: tag 0, id, class, Owner (the bone at `owner`), BlendWeight,
// LimitLodLevel, UseModifiedBoneMatrix.
inline void modifier_head(Bytes& b, uint32_t cls, uint64_t id, int owner) {
  b.put<uint8_t>(0).put<uint64_t>(id).put<uint32_t>(cls);
  pointer(b, 2, owner);
  b.put<float>(1.0f).put<int32_t>(-1).put<uint8_t>(1);
}

// One modifier of each of the seven GRW classes, pointing at bones 0 and 1.
inline std::vector<uint8_t> every_grw_modifier(int32_t& count) {
  Bytes b;
  uint64_t id = 0xF8100000;
  modifier_head(b, 0x76D082F6, id++, 1);  // Roll: f32, ptr
  b.put<float>(0.25f);
  pointer(b, 2, 0);
  modifier_head(b, 0x49F4CA3E, id++, 1);  // MaxLookAt: ptr, ptr, 16 B, 16 B
  pointer(b, 2, 0);
  pointer(b, 2, -1);
  for (int k = 0; k < 8; ++k) b.put<float>(float(k));
  modifier_head(b, 0x75116750, id++, 1);  // OrientationConstraint: targets, u8, 16 B
  b.put<uint32_t>(2);
  for (int t = 0; t < 2; ++t) {
    b.put<uint8_t>(0).put<uint64_t>(id++).put<uint32_t>(0xDF638110);
    pointer(b, 2, t);
    b.put<float>(0.5f);
  }
  b.put<uint8_t>(1);
  for (int k = 0; k < 4; ++k) b.put<float>(0.0f);
  modifier_head(b, 0x4BF66801, id++, 1);  // BallJoint: i32, 40 B, i32, 28 B, ref, ptr, ref
  b.put<int32_t>(3);
  for (int k = 0; k < 10; ++k) b.put<float>(float(k));
  b.put<int32_t>(4);
  for (int k = 0; k < 7; ++k) b.put<float>(-float(k));
  b.put<uint8_t>(1).put<uint8_t>(0).put<uint64_t>(0xABCDEF);  // FileRef
  pointer(b, 2, 0);
  b.put<uint8_t>(3).put<uint8_t>(0).put<uint64_t>(0);  // a null FileRef keeps its id
  modifier_head(b, 0xF9D25748, id++, 1);               // SpringBox: 60 B
  for (int k = 0; k < 15; ++k) b.put<float>(1.5f);
  modifier_head(b, 0x0544175B, id++, 1);  // Pendulum: 60 B
  for (int k = 0; k < 15; ++k) b.put<float>(2.5f);
  modifier_head(b, 0x711759AF, id++, 1);  // RotationPaste: ptr, u8
  pointer(b, 2, 0);
  b.put<uint8_t>(0);
  count = 7;
  return b.take();
}

// Hips <- Spine <- Neck <- Head, Hips <- LeftUpLeg <- LeftLeg, Hips <- RightUpLeg: a root with
// three branches; Reference above it all.
inline std::vector<BoneSpec> body_bones() {
  const std::pair<const char*, int> tree[] = {{"Reference", -1}, {"Hips", 0},      {"Spine", 1},
                                              {"Neck", 2},       {"Head", 3},      {"LeftUpLeg", 1},
                                              {"LeftLeg", 5},    {"RightUpLeg", 1}};
  std::vector<BoneSpec> out;
  for (const auto& [name, parent] : tree) {
    BoneSpec b;
    b.name = name;
    b.parent = parent;
    out.push_back(std::move(b));
  }
  out[7].mirror = 5;  // RightUpLeg mirrors LeftUpLeg
  return out;
}

inline SkeletonSpec full_grw_skeleton() {
  SkeletonSpec s;
  s.bones = body_bones();
  s.bones[2].modifiers = every_grw_modifier(s.bones[2].modifier_count);
  s.bones[4].dependencies = {crc32("Neck"), crc32("Spine")};
  return s;
}

// One way to break one skeleton relation: the payload and the code it must give.
struct SkeletonBreak {
  std::string code;
  std::string how;
  std::function<std::vector<uint8_t>()> bytes;
};

inline std::vector<SkeletonBreak> skeleton_breaks() {
  const auto with = [](std::function<void(SkeletonSpec&)> f) {
    return [f] {
      SkeletonSpec s;
      s.bones = body_bones();
      f(s);
      return skeleton_bytes(s);
    };
  };
  const auto edited = [](std::function<void(std::vector<uint8_t>&)> f) {
    return [f] {
      SkeletonSpec s;
      s.bones = body_bones();
      std::vector<uint8_t> b = skeleton_bytes(s);
      f(b);
      return b;
    };
  };
  return {
      {"GRB_BAD_SKELETON_CLASS", "the class 0x24AECB7D",
       edited([](std::vector<uint8_t>& b) { b[8] ^= 1; })},
      {"GRB_SKELETON_COUNT", "a bone count of 2^31 - 1", edited([](std::vector<uint8_t>& b) {
         const int32_t n = 0x7FFFFFFF;
         std::memcpy(b.data() + 17, &n, 4);
       })},
      {"GRB_SKELETON_BONE_CLASS", "bone 0 of class 0x95741048",
       edited([](std::vector<uint8_t>& b) { b[21 + 9] ^= 1; })},
      {"GRB_SKELETON_POINTER", "bone 0's parent pointer tag 5",
       edited([](std::vector<uint8_t>& b) { b[21 + 17] = 5; })},
      {"GRB_SKELETON_MODIFIER", "a GRW modifier of class 0x12345678", with([](SkeletonSpec& s) {
         Bytes m;
         modifier_head(m, 0x12345678, 0xF8100000, 1);
         s.bones[1].modifiers = m.take();
         s.bones[1].modifier_count = 1;
       })},
      {"GRB_SKELETON_DUPLICATE_ID", "bone 1 with bone 0's id", edited([](std::vector<uint8_t>& b) {
         // bone 0 (a root, null pointers) is 108 bytes: bone 1's id at 21 + 108 + 1
         const uint64_t id = bone_id(0);
         std::memcpy(b.data() + 21 + 108 + 1, &id, 8);
       })},
      {"GRB_SKELETON_PARENT", "Hips' parent a bone id no bone has",
       edited([](std::vector<uint8_t>& b) {
         const uint64_t id = bone_id(99);
         std::memcpy(b.data() + 21 + 108 + 18, &id, 8);
       })},
      {"GRB_SKELETON_CYCLE", "Reference's parent Head (Head descends from it)",
       with([](SkeletonSpec& s) { s.bones[0].parent = 4; })},
      {"GRB_SKELETON_INDEX", "bone 0's Index 1",
       edited([](std::vector<uint8_t>& b) { b[21 + 108 - 4] = 1; })},
      {"GRB_SKELETON_CHILDREN", "Reference's ChildrenCount one less",
       edited([](std::vector<uint8_t>& b) { b[21 + 108 - 2] -= 1; })},
  };
}

}  // namespace f2g::grb::test
