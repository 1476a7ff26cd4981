// clean_skin's fast path (plain u8 weights: clean vertices kept as copied) against its general
// path (the same values as u16 normalized weights, w * 257, which weight_255 reads back as w
// exactly, so every vertex is recomputed) and against a reference written here from the rule
// in skin_weights.h, in exact integer arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "gltf_writer/write/skin_weights.h"

namespace f2g::gltf {
namespace {

// Slots of every vertex over all sets: vertex v, slot k at [v * slots + k].
struct Skin {
  size_t sets = 1, vertices = 0;
  bool u16_joints = false;
  std::vector<uint32_t> joints, weights;  // weights 0..255
  size_t slots() const { return sets * 4; }
};

// `weights_as_u16`: u16 normalized weights w * 257 instead of u8 w (the general path).
ir::Mesh mesh_of(const Skin& s, bool weights_as_u16) {
  ir::Mesh m;
  m.vertex_count = uint32_t(s.vertices);
  for (size_t set = 0; set < s.sets; ++set) {
    ir::Attribute j, w;
    j.semantic = "JOINTS_" + std::to_string(set);
    w.semantic = "WEIGHTS_" + std::to_string(set);
    j.width = w.width = 4;
    j.type = s.u16_joints ? ir::Scalar::U16 : ir::Scalar::U8;
    w.type = weights_as_u16 ? ir::Scalar::U16 : ir::Scalar::U8;
    w.normalized = true;
    for (size_t v = 0; v < s.vertices; ++v)
      for (size_t c = 0; c < 4; ++c) {
        const size_t k = v * s.slots() + set * 4 + c;
        if (s.u16_joints)
          j.u16.push_back(uint16_t(s.joints[k]));
        else
          j.u8.push_back(uint8_t(s.joints[k]));
        if (weights_as_u16)
          w.u16.push_back(uint16_t(s.weights[k] * 257));
        else
          w.u8.push_back(uint8_t(s.weights[k]));
      }
    m.attributes.push_back(std::move(j));
    m.attributes.push_back(std::move(w));
  }
  return m;
}

// clean_skin's output back in Skin layout.
Skin skin_of(const CleanSkin& c, const Skin& shape) {
  Skin out = shape;
  for (size_t v = 0; v < shape.vertices; ++v)
    for (size_t k = 0; k < shape.slots(); ++k) {
      const ir::Attribute& j = c.joints[k / 4];
      const size_t i = v * 4 + k % 4;
      out.joints[v * shape.slots() + k] = j.type == ir::Scalar::U16 ? j.u16[i] : j.u8[i];
      out.weights[v * shape.slots() + k] = c.weights[k / 4].u8[i];
    }
  return out;
}

// "joints 1 2 0 0 weights 100 90 0 0" of vertex v, for failure messages.
std::string describe(const Skin& s, size_t v) {
  std::string j = "joints", w = " weights";
  for (size_t k = 0; k < s.slots(); ++k) {
    j += " " + std::to_string(s.joints[v * s.slots() + k]);
    w += " " + std::to_string(s.weights[v * s.slots() + k]);
  }
  return j + w;
}

// One vertex after the merge: its joints, and each slot's quota weight * 255 / total as
// floor + remainder / total.
struct Quotas {
  std::vector<uint32_t> joint, floor, remainder;
  uint32_t total = 0;
  // The last unit handed out went to a remainder that a slot left without one has too: then
  // the lower slot should win (skin_weights.h), but clean_skin compares the fractions as
  // doubles, where equal remainders over one total can differ in the last bit (see
  // reference()).
  bool tie_at_cut = false;
};

struct Reference {
  Skin skin;
  std::vector<Quotas> quotas;
  size_t zero_weight_vertices = 0, changed_vertices = 0;
  std::optional<size_t> out_of_range_vertex;
};

// The rule of skin_weights.h, per vertex over all sets: a joint repeated with weight merges
// into its first slot; weights rescale to u8 summing to 255 by largest remainder (ties to the
// lower slot); zero-weight slots get joint 0; no weight at all gives 255 on joint 0. A
// weighted joint >= bone_count is an error. Exact integers throughout.
Reference reference(const Skin& in, size_t bone_count) {
  Reference r;
  r.skin = in;
  const size_t n = in.slots();
  for (size_t v = 0; v < in.vertices; ++v) {
    Quotas q;
    std::vector<uint32_t>& joint = q.joint;
    joint.assign(in.joints.begin() + v * n, in.joints.begin() + (v + 1) * n);
    std::vector<uint32_t> weight(in.weights.begin() + v * n, in.weights.begin() + (v + 1) * n);
    for (size_t k = 0; k < n; ++k)
      if (weight[k] && joint[k] >= bone_count) {
        r.out_of_range_vertex = v;
        return r;
      }
    for (size_t k = 0; k < n; ++k)
      for (size_t e = 0; e < k && weight[k]; ++e)
        if (weight[e] && joint[e] == joint[k]) weight[e] += weight[k], weight[k] = 0;
    q.total = std::accumulate(weight.begin(), weight.end(), 0u);
    std::vector<uint32_t> result(n, 0), out_joint = joint;
    if (q.total == 0) {
      ++r.zero_weight_vertices;
      result[0] = 255;
      std::fill(out_joint.begin(), out_joint.end(), 0);
    } else {
      uint32_t given = 0;
      for (size_t k = 0; k < n; ++k) {
        q.floor.push_back(weight[k] * 255 / q.total);
        q.remainder.push_back(weight[k] * 255 % q.total);
        result[k] = q.floor[k];
        given += result[k];
      }
      std::vector<size_t> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t a, size_t b) { return q.remainder[a] > q.remainder[b]; });
      const size_t handed = 255 - given;  // < n: the remainders sum to handed * total
      for (size_t i = 0; i < handed; ++i) ++result[order[i]];
      q.tie_at_cut = handed > 0 && q.remainder[order[handed]] == q.remainder[order[handed - 1]];
      for (size_t k = 0; k < n; ++k)
        if (result[k] == 0) out_joint[k] = 0;
    }
    bool changed = false;
    for (size_t k = 0; k < n; ++k) {
      changed =
          changed || out_joint[k] != in.joints[v * n + k] || result[k] != in.weights[v * n + k];
      r.skin.joints[v * n + k] = out_joint[k];
      r.skin.weights[v * n + k] = result[k];
    }
    r.changed_vertices += changed;
    r.quotas.push_back(std::move(q));
  }
  return r;
}

// Vertex v of `out` is a largest-remainder rounding of `q`, the tie at the cut broken either
// way: each slot its floor or floor + 1, and no slot left at its floor has a larger remainder
// than one given a unit; a slot rounded to 0 names joint 0.
::testing::AssertionResult largest_remainder(const Skin& out, size_t v, const Quotas& q) {
  const size_t n = out.slots();
  for (size_t k = 0; k < n; ++k) {
    const uint32_t w = out.weights[v * n + k], j = out.joints[v * n + k];
    if (w != q.floor[k] && w != q.floor[k] + 1)
      return ::testing::AssertionFailure()
             << "slot " << k << " weight " << w << " floor " << q.floor[k];
    if (j != (w ? q.joint[k] : 0))
      return ::testing::AssertionFailure() << "slot " << k << " joint " << j;
    for (size_t e = 0; e < n; ++e)
      if (w > q.floor[k] && out.weights[v * n + e] == q.floor[e] && q.remainder[e] > q.remainder[k])
        return ::testing::AssertionFailure() << "slot " << k << " got a unit before slot " << e;
  }
  return ::testing::AssertionSuccess();
}

// Random vertices: half clean as stored (the fast path keeps them), half dirty in one or
// more of the ways game data is.
class Vertices {
 public:
  Vertices(uint64_t seed, size_t sets, bool u16_joints, uint32_t bone_count, uint32_t joint_limit)
      : rng_(seed), bones_(bone_count), joint_limit_(joint_limit) {
    skin_.sets = sets;
    skin_.u16_joints = u16_joints;
  }

  // Appends one vertex; returns whether it was made clean.
  bool add() {
    const size_t n = skin_.slots();
    std::vector<uint32_t> joint(n, 0), weight(n, 0);
    // Clean: m distinct weighted bones, weights > 0 summing to 255, at random slots.
    const size_t m = 1 + pick(std::min<size_t>(n, bones_));
    std::vector<size_t> slot(n);
    std::iota(slot.begin(), slot.end(), 0);
    std::shuffle(slot.begin(), slot.end(), rng_);
    std::vector<uint32_t> cut = {0, 255};  // m - 1 distinct cuts in 1..254
    while (cut.size() < m + 1) {
      const uint32_t c = 1 + uint32_t(pick(254));
      if (std::find(cut.begin(), cut.end(), c) == cut.end()) cut.push_back(c);
    }
    std::sort(cut.begin(), cut.end());
    std::vector<uint32_t> used;
    for (size_t i = 0; i < m; ++i) {
      uint32_t b;
      do b = uint32_t(pick(bones_));
      while (std::find(used.begin(), used.end(), b) != used.end());
      used.push_back(b);
      joint[slot[i]] = b;
      weight[slot[i]] = cut[i + 1] - cut[i];
    }
    const bool clean = pick(2) == 0;
    if (!clean) {
      const size_t changes = 1 + pick(3);
      for (size_t c = 0; c < changes; ++c) dirty(joint, weight);
      for (size_t k = 0; k < n; ++k)  // an error, not a rule: tested on its own below
        if (joint[k] >= bones_) weight[k] = 0;
    }
    skin_.joints.insert(skin_.joints.end(), joint.begin(), joint.end());
    skin_.weights.insert(skin_.weights.end(), weight.begin(), weight.end());
    ++skin_.vertices;
    return clean;
  }

  const Skin& skin() const { return skin_; }

 private:
  size_t pick(size_t n) { return size_t(rng_() % n); }

  void dirty(std::vector<uint32_t>& joint, std::vector<uint32_t>& weight) {
    const size_t n = joint.size(), k = pick(n), e = pick(n);
    switch (pick(7)) {
      case 0:  // a weight off by a little: sum 254, 256 ...
        weight[k] = uint32_t(std::clamp<int>(int(weight[k]) + int(pick(7)) - 3, 0, 255));
        break;
      case 1:  // any weight: sums far from 255
        weight[k] = uint32_t(pick(256));
        break;
      case 2:  // a repeated joint (weighted or not)
        joint[k] = joint[e];
        if (weight[k] == 0 && pick(2)) weight[k] = 1 + uint32_t(pick(255));
        break;
      case 3:  // a zero weight naming a joint, perhaps past the bones (only a filler)
        weight[k] = 0;
        joint[k] = uint32_t(pick(joint_limit_));
        break;
      case 4:  // no weight at all
        std::fill(weight.begin(), weight.end(), 0);
        break;
      case 5:  // the same weight everywhere: remainders tie
        for (size_t s = 0; s < n; ++s)
          if (weight[s]) weight[s] = 1 + uint32_t(k);
        break;
      default:  // every slot weighted on distinct bones, unnormalised
        for (size_t s = 0; s < n && s < bones_; ++s) {
          joint[s] = uint32_t((s * 7 + k) % bones_);
          weight[s] = uint32_t(pick(256));
        }
        break;
    }
  }

  std::mt19937_64 rng_;
  Skin skin_;
  uint32_t bones_, joint_limit_;
};

// Sums to 255, weighted joints are bones and not repeated, zero-weight slots name joint 0.
::testing::AssertionResult valid(const Skin& s, size_t bone_count) {
  const size_t n = s.slots();
  for (size_t v = 0; v < s.vertices; ++v) {
    uint32_t sum = 0;
    for (size_t k = 0; k < n; ++k) {
      const uint32_t j = s.joints[v * n + k], w = s.weights[v * n + k];
      sum += w;
      if (w == 0 && j != 0)
        return ::testing::AssertionFailure()
               << "vertex " << v << " slot " << k << ": joint " << j << " with zero weight";
      if (w && j >= bone_count)
        return ::testing::AssertionFailure() << "vertex " << v << " joint " << j << " not a bone";
      for (size_t e = 0; e < k; ++e)
        if (w && s.weights[v * n + e] && s.joints[v * n + e] == j)
          return ::testing::AssertionFailure() << "vertex " << v << " joint " << j << " twice";
    }
    if (sum != 255) return ::testing::AssertionFailure() << "vertex " << v << " sums to " << sum;
  }
  return ::testing::AssertionSuccess();
}

struct Case {
  size_t sets;
  bool u16_joints;
  uint32_t bones, joint_limit;
};

class SkinWeightsFastPath : public ::testing::TestWithParam<Case> {};

TEST_P(SkinWeightsFastPath, EqualsGeneralPathAndReferenceOnRandomVertices) {
  const Case c = GetParam();
  size_t ties = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Vertices gen(seed * 7919 + c.sets, c.sets, c.u16_joints, c.bones, c.joint_limit);
    size_t clean = 0;
    for (int v = 0; v < 500; ++v) clean += gen.add();
    const Skin& in = gen.skin();
    const auto fast = clean_skin(mesh_of(in, false), c.bones);
    const auto general = clean_skin(mesh_of(in, true), c.bones);
    ASSERT_TRUE(fast.ok()) << fast.error().message;
    ASSERT_TRUE(general.ok()) << general.error().message;

    // The general path's own output types: joints keep the IR's, weights u8 normalized.
    for (size_t s = 0; s < in.sets; ++s) {
      EXPECT_EQ(fast->joints[s].type, c.u16_joints ? ir::Scalar::U16 : ir::Scalar::U8);
      EXPECT_EQ(fast->joints[s].type, general->joints[s].type);
      EXPECT_EQ(fast->joints[s].u8, general->joints[s].u8) << "seed " << seed << " set " << s;
      EXPECT_EQ(fast->joints[s].u16, general->joints[s].u16) << "seed " << seed << " set " << s;
      EXPECT_EQ(fast->weights[s].u8, general->weights[s].u8) << "seed " << seed << " set " << s;
      EXPECT_EQ(fast->weights[s].type, ir::Scalar::U8);
      EXPECT_TRUE(fast->weights[s].normalized);
    }
    EXPECT_EQ(fast->changed_vertices, general->changed_vertices);
    EXPECT_EQ(fast->zero_weight_vertices, general->zero_weight_vertices);

    const Reference ref = reference(in, c.bones);
    ASSERT_FALSE(ref.out_of_range_vertex);
    const Skin out = skin_of(*fast, in);
    for (size_t v = 0; v < in.vertices; ++v) {
      const auto at = [&](const Skin& s) { return describe(s, v); };
      if (ref.quotas[v].tie_at_cut) {
        ++ties;
        EXPECT_TRUE(largest_remainder(out, v, ref.quotas[v]))
            << "seed " << seed << " vertex " << v << ": in " << at(in) << ", out " << at(out);
        continue;
      }
      for (size_t k = 0; k < in.slots(); ++k) {
        const size_t i = v * in.slots() + k;
        ASSERT_TRUE(out.joints[i] == ref.skin.joints[i] && out.weights[i] == ref.skin.weights[i])
            << "seed " << seed << " vertex " << v << ": in " << at(in) << ", out " << at(out)
            << ", reference " << at(ref.skin);
      }
    }
    EXPECT_EQ(fast->changed_vertices, ref.changed_vertices);
    EXPECT_EQ(fast->zero_weight_vertices, ref.zero_weight_vertices);
    EXPECT_TRUE(valid(out, c.bones)) << "seed " << seed;
    // Clean vertices are unchanged, so at most the dirty ones count as changed.
    EXPECT_LE(fast->changed_vertices, in.vertices - clean);
    EXPECT_GT(clean, 150u);
    EXPECT_LT(clean, 350u);
  }
  EXPECT_GT(ties, 0u);  // the generator reaches them (the "same weight everywhere" case)
}

INSTANTIATE_TEST_SUITE_P(
    Sets, SkinWeightsFastPath,
    ::testing::Values(Case{1, false, 40, 256},    // 4 influences, u8 joints, fillers past bones
                      Case{2, false, 40, 256},    // 8 influences
                      Case{2, false, 3, 256},     // fewer bones than slots: repeats everywhere
                      Case{1, true, 300, 65536},  // u16 joints
                      Case{2, true, 300, 65536}),
    [](const ::testing::TestParamInfo<Case>& i) {
      return std::to_string(i.param.sets * 4) + "Influences" + (i.param.u16_joints ? "U16" : "U8") +
             "Joints" + std::to_string(i.param.bones) + "Bones";
    });

TEST(SkinWeightsFastPath, CleanVerticesAreCopiedUnchanged) {
  Vertices gen(99, 2, false, 40, 256);
  size_t clean = 0;
  for (int v = 0; v < 400; ++v) clean += gen.add();
  const Skin& in = gen.skin();
  const auto fast = clean_skin(mesh_of(in, false), 40);
  ASSERT_TRUE(fast.ok());
  const Skin out = skin_of(*fast, in);
  const Reference ref = reference(in, 40);
  size_t unchanged = 0;
  for (size_t v = 0; v < in.vertices; ++v) {
    const auto b = v * in.slots(), e = b + in.slots();
    unchanged +=
        std::equal(out.joints.begin() + b, out.joints.begin() + e, in.joints.begin() + b) &&
        std::equal(out.weights.begin() + b, out.weights.begin() + e, in.weights.begin() + b);
  }
  EXPECT_EQ(unchanged, in.vertices - fast->changed_vertices);
  EXPECT_GE(unchanged, clean);
  EXPECT_EQ(fast->changed_vertices, ref.changed_vertices);
}

// A weighted joint past the bones fails the same way on both paths, on the same vertex.
TEST(SkinWeightsFastPath, OutOfRangeJointFailsAlikeOnBothPaths) {
  Vertices gen(5, 2, false, 40, 256);
  for (int v = 0; v < 50; ++v) gen.add();
  Skin in = gen.skin();
  const size_t v = 37, k = 5, i = v * in.slots() + k;
  in.joints[i] = 41;
  in.weights[i] = 10;
  const auto fast = clean_skin(mesh_of(in, false), 40);
  const auto general = clean_skin(mesh_of(in, true), 40);
  ASSERT_FALSE(fast.ok());
  ASSERT_FALSE(general.ok());
  EXPECT_EQ(fast.error().code, "GLTF_JOINT_OUT_OF_RANGE");
  EXPECT_EQ(fast.error().message, general.error().message);
  EXPECT_EQ(fast.error().path, general.error().path);
  EXPECT_NE(fast.error().message.find("vertex 37 slot 5 names joint 41 of 40"), std::string::npos)
      << fast.error().message;
  EXPECT_EQ(reference(in, 40).out_of_range_vertex, std::optional<size_t>(37));
}

}  // namespace
}  // namespace f2g::gltf
