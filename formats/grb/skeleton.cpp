// Skeleton objects read and written side by side (docs/READING.md "Skeletons"), and the core
// scan for records that are not readable whole.
#include "formats/grb/skeleton.h"

#include <cstring>
#include <optional>
#include <unordered_map>

#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {
namespace {

// The smallest bone: a root with a null mirror and no modifiers or dependencies.
constexpr uint64_t kMinBoneSize = 1 + 8 + 4 + 4 + 1 + 1 + 64 + 1 + 4 + 4 + 4 + 4 + 4 + 2 + 2;

// The modifier classes of WildlandsToolkit's reader (every modifier of GRW's DataPC.forge).
constexpr uint32_t kRoll = 0x76D082F6, kMaxLookAt = 0x49F4CA3E, kOrientation = 0x75116750,
                   kBallJoint = 0x4BF66801, kSpringBox = 0xF9D25748, kPendulum = 0x0544175B,
                   kRotationPaste = 0x711759AF, kConstraintTarget = 0xDF638110;

struct Context {
  Reader& r;
  Checker& c;
  Dialect dialect;
};

BonePointer read_pointer(Context& x, const char* field) {
  Reader::Scope s(x.r, field);
  BonePointer p;
  const uint64_t at = x.r.offset();
  p.tag = x.r.u8("tag");
  const bool id_tag = p.tag == 2 || (x.dialect == Dialect::Grb && p.tag == 1);
  x.c.check(check::skeleton_pointer_tag, id_tag || p.null(), x.r.path("tag"), at, [&] {
    return "pointer tag " + std::to_string(p.tag) + ", not " +
           (x.dialect == Dialect::Grb ? "1, 2" : "2") + " (an id follows) or 3 (null)";
  });
  if (!p.null()) p.id = x.r.u64("id");
  return p;
}

void write_pointer(ByteWriter& w, const BonePointer& p) {
  w.u8(p.tag);
  if (!p.null()) w.u64(p.id);
}

// A FileRef: u8 tag (1 or 3), u8 global flag, u64 id (read for both tags).
void skip_file_ref(Reader& r) {
  r.u8("tag");
  r.u8("global");
  r.u64("id");
}

// One modifier walked to its end (its bytes are kept verbatim by the caller).
void walk_modifier(Context& x) {
  Reader& r = x.r;
  const uint64_t at = r.offset();
  const uint8_t tag = r.u8("tag");
  r.u64("id");
  const uint32_t cls = r.u32("class");
  const bool known =
      tag == 0 && x.dialect == Dialect::Grw &&
      (cls == kRoll || cls == kMaxLookAt || cls == kOrientation || cls == kBallJoint ||
       cls == kSpringBox || cls == kPendulum || cls == kRotationPaste);
  x.c.check(check::skeleton_modifier_known, known, r.path("class"), at, [&] {
    return x.dialect == Dialect::Grb
               ? "a GRB bone modifier (class " + hex(cls, 8) + "): their layouts are not public"
               : "modifier class " + hex(cls, 8) + " (tag " + std::to_string(tag) +
                     ") is none of the seven GRW modifiers";
  });
  read_pointer(x, "owner");
  r.f32("blend_weight");
  r.read<int32_t>("limit_lod_level");
  r.u8("use_modified_bone_matrix");
  switch (cls) {
    case kRoll:
      r.f32("roll");
      read_pointer(x, "target");
      break;
    case kMaxLookAt:
      read_pointer(x, "target");
      read_pointer(x, "up");
      r.take(32, "vectors");
      break;
    case kOrientation: {
      const uint64_t n = r.run_count("target_count", 1 + 8 + 4 + 1 + 4);
      for (uint64_t i = 0; i < n; ++i) {
        Reader::Scope s(r, "targets", i);
        const uint64_t t = r.offset();
        const uint8_t ttag = r.u8("tag");
        r.u64("id");
        const uint32_t tcls = r.u32("class");
        x.c.check(check::skeleton_modifier_known, ttag == 0 && tcls == kConstraintTarget,
                  r.path("class"), t, [&] {
                    return "constraint target of class " + hex(tcls, 8) + ", tag " +
                           std::to_string(ttag);
                  });
        read_pointer(x, "bone");
        r.f32("weight");
      }
      r.u8("flag");
      r.take(16, "axis");
      break;
    }
    case kBallJoint:
      r.read<int32_t>("a");
      r.take(40, "limits");
      r.read<int32_t>("b");
      r.take(16 + 12, "vectors");
      skip_file_ref(r);
      read_pointer(x, "bone");
      skip_file_ref(r);
      break;
    case kSpringBox:
    case kPendulum:
      r.take(60, "parameters");
      break;
    case kRotationPaste:
      read_pointer(x, "source");
      r.u8("flag");
      break;
  }
}

void read_bone(Context& x, SkeletonBone& b) {
  Reader& r = x.r;
  b.offset = r.offset();
  const uint8_t tag = r.u8("tag");
  b.id = r.u64("id");
  const uint32_t cls = r.u32("class");
  x.c.check(check::skeleton_bone_class, tag == 0 && cls == kBoneClass, r.path("class"), b.offset,
            [&] {
              return "an inline Bone (tag 0, class 0x95741049), found tag " + std::to_string(tag) +
                     " and class " + hex(cls, 8);
            });
  b.name_hash = r.u32("name");
  b.parent = read_pointer(x, "parent");
  b.mirror = read_pointer(x, "mirror");
  for (float& f : b.transforms) f = r.f32("transforms");
  b.solving_priority = r.u8("solving_priority");
  if (x.dialect == Dialect::Grb) b.env_influence = r.u8("env_influence");
  b.mirroring_type = r.read<int32_t>("mirroring_type");
  const uint64_t at_count = r.offset();
  b.modifier_count = r.read<int32_t>("modifier_count");
  x.c.check(check::skeleton_bone_count,
            b.modifier_count >= 0 && uint64_t(b.modifier_count) <= r.remaining() / 22, r.path(),
            at_count, [&] {
              return std::to_string(b.modifier_count) + " modifiers (22 bytes each at least) in " +
                     std::to_string(r.remaining()) + " bytes";
            });
  const uint8_t* begin = r.cursor();
  for (int32_t i = 0; i < b.modifier_count; ++i) {
    Reader::Scope s(r, "modifiers", uint64_t(i));
    walk_modifier(x);
  }
  b.modifiers.assign(begin, r.cursor());
  const uint64_t n = r.run_count("dependency_count", 4);
  b.dependencies.resize(n);
  for (uint32_t& d : b.dependencies) d = r.u32("dependencies");
  b.wrinkle_category = r.read<int32_t>("wrinkle_category");
  b.wrinkle_factor = r.f32("wrinkle_factor");
  b.index_offset = r.offset();
  b.index = r.u16("index");
  b.children_count = r.u16("children_count");
}

void write_bone(ByteWriter& w, Dialect dialect, const SkeletonBone& b) {
  w.u8(0);
  w.u64(b.id);
  w.u32(kBoneClass);
  w.u32(b.name_hash);
  write_pointer(w, b.parent);
  write_pointer(w, b.mirror);
  for (float f : b.transforms) w.f32(f);
  w.u8(b.solving_priority);
  if (dialect == Dialect::Grb) w.u8(b.env_influence);
  w.put<int32_t>(b.mirroring_type);
  w.put<int32_t>(b.modifier_count);
  w.bytes(b.modifiers);
  w.u32(uint32_t(b.dependencies.size()));
  for (uint32_t d : b.dependencies) w.u32(d);
  w.put<int32_t>(b.wrinkle_category);
  w.f32(b.wrinkle_factor);
  w.u16(b.index);
  w.u16(b.children_count);
}

// Parents by id, then the tree's relations: every parent a bone of the skeleton, no cycle;
// depth and descendants computed. `offsets` locate each bone for the diagnostics.
SkeletonTree link(const std::vector<uint64_t>& ids, const std::vector<BonePointer>& parents,
                  const std::vector<uint32_t>& names, const std::vector<uint64_t>& offsets,
                  Checker& c) {
  const size_t n = ids.size();
  SkeletonTree t;
  t.name_hash = names;
  t.parent.assign(n, -1);
  std::unordered_map<uint64_t, size_t> by_id;
  for (size_t i = 0; i < n; ++i) {
    const bool fresh = by_id.emplace(ids[i], i).second;
    c.check(check::skeleton_ids_unique, fresh, "skeleton/bones[" + std::to_string(i) + "].id",
            offsets[i] + 1, [&] { return "bone id " + hex(ids[i], 16) + " appears twice"; });
  }
  for (size_t i = 0; i < n; ++i) {
    if (parents[i].null()) continue;
    const auto it = by_id.find(parents[i].id);
    c.check(check::skeleton_parent_known, it != by_id.end() && it->second != i,
            "skeleton/bones[" + std::to_string(i) + "].parent", offsets[i], [&] {
              return "parent " + hex(parents[i].id, 16) +
                     (it == by_id.end() ? " is no bone of the skeleton" : " is the bone itself");
            });
    t.parent[i] = int32_t(it->second);
  }
  // Depth by walking up: a walk longer than n bones is a cycle.
  t.depth.assign(n, 0);
  t.descendants.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    uint32_t d = 0;
    for (int32_t p = t.parent[i]; p >= 0; p = t.parent[size_t(p)]) {
      c.check(check::skeleton_acyclic, ++d <= n, "skeleton/bones[" + std::to_string(i) + "]",
              offsets[i], [&] { return "the chain of parents from this bone returns to itself"; });
      ++t.descendants[size_t(p)];
    }
    t.depth[i] = d;
  }
  return t;
}

// link() over the bones read.
SkeletonTree link_bones(const Skeleton& s, Checker& c) {
  std::vector<uint64_t> ids, offsets;
  std::vector<BonePointer> parents;
  std::vector<uint32_t> names;
  for (const SkeletonBone& b : s.bones) {
    ids.push_back(b.id);
    parents.push_back(b.parent);
    names.push_back(b.name_hash);
    offsets.push_back(b.offset);
  }
  return link(ids, parents, names, offsets, c);
}

}  // namespace

Result<Skeleton> read_skeleton(Dialect dialect, const uint8_t* data, size_t size,
                               DecodeObserver* observer) {
  return catch_failure([&] {
    Reader r(data, data + size, "GRB");
    Reader::Scope scope(r, "skeleton");
    std::vector<ir::Diagnostic> warnings;
    Checker c(r, warnings, observer);
    Context x{r, c, dialect};
    Skeleton s;
    s.id = r.u64("id");
    const uint32_t cls = r.u32("class");
    c.check(check::skeleton_class, cls == kSkeletonClass, r.path("class"), 8,
            [&] { return "class " + hex(cls, 8) + ", not 0x24AECB7C (Skeleton)"; });
    s.prefix = r.u8("prefix");
    s.type = r.u32("type");
    const uint64_t at_count = r.offset();
    const int32_t count = r.read<int32_t>("bone_count");
    c.check(check::skeleton_bone_count,
            count >= 0 && uint64_t(count) <= r.remaining() / kMinBoneSize, r.path("bone_count"),
            at_count, [&] {
              return std::to_string(count) + " bones (" + std::to_string(kMinBoneSize) +
                     " bytes each at least) in " + std::to_string(r.remaining()) + " bytes";
            });
    s.bones.resize(size_t(count));
    for (size_t i = 0; i < s.bones.size(); ++i) {
      Reader::Scope b(r, "bones", i);
      read_bone(x, s.bones[i]);
    }
    s.tail.assign(r.cursor(), data + size);
    const SkeletonTree t = link_bones(s, c);
    for (size_t i = 0; i < s.bones.size(); ++i) {
      const SkeletonBone& b = s.bones[i];
      const std::string path = "skeleton/bones[" + std::to_string(i) + "]";
      c.check(check::skeleton_bone_index, b.index == i, path + ".index", b.index_offset, [&] {
        return "Index " + std::to_string(b.index) + " at position " + std::to_string(i);
      });
      c.check(check::skeleton_children_count, b.children_count == t.descendants[i],
              path + ".children_count", b.index_offset + 2, [&] {
                return "ChildrenCount " + std::to_string(b.children_count) + ", the bone has " +
                       std::to_string(t.descendants[i]) + " descendants";
              });
    }
    return s;
  });
}

std::vector<uint8_t> write_skeleton(Dialect dialect, const Skeleton& s) {
  ByteWriter w;
  w.u64(s.id);
  w.u32(kSkeletonClass);
  w.u8(s.prefix);
  w.u32(s.type);
  w.put<int32_t>(int32_t(s.bones.size()));
  for (const SkeletonBone& b : s.bones) write_bone(w, dialect, b);
  w.bytes(s.tail);
  return w.take();
}

SkeletonTree tree_of(const Skeleton& s) {
  Reader none(nullptr, nullptr, "GRB");
  std::vector<ir::Diagnostic> warnings;
  Checker c(none, warnings, nullptr);
  return link_bones(s, c);  // read_skeleton checked these already
}

Result<SkeletonTree> scan_skeleton(const uint8_t* data, size_t size) {
  return catch_failure([&] {
    std::vector<uint64_t> ids, offsets;
    std::vector<BonePointer> parents;
    std::vector<uint32_t> names;
    for (const BoneCore& b : scan_bone_cores(data, size, 8)) {
      ids.push_back(b.id);
      names.push_back(b.name_hash);
      parents.push_back({b.parent_tag, b.parent_id});
      offsets.push_back(b.offset);
    }
    Reader none(nullptr, nullptr, "GRB");
    std::vector<ir::Diagnostic> warnings;
    Checker c(none, warnings, nullptr);
    SkeletonTree t = link(ids, parents, names, offsets, c);
    t.core_only = true;
    return t;
  });
}

Result<SkeletonTree> skeleton_tree(Dialect dialect, const uint8_t* data, size_t size,
                                   std::string* why) {
  Result<Skeleton> s = read_skeleton(dialect, data, size);
  if (s) return tree_of(*s);
  if (why) *why = s.error().to_string();
  return scan_skeleton(data, size);
}

Result<SkeletonReading> skeleton_reading(Dialect dialect, const uint8_t* data, size_t size,
                                         DecodeObserver* observer) {
  SkeletonReading out;
  Result<Skeleton> s = read_skeleton(dialect, data, size, observer);
  if (s) {
    out.layout = "skeleton";
    out.structure = {{"id", hex(s->id, 16)},
                     {"type", s->type},
                     {"bone_count", s->bones.size()},
                     {"tail_bytes", s->tail.size()}};
    out.tree = tree_of(*s);
    return out;
  }
  Result<SkeletonTree> scanned = scan_skeleton(data, size);
  if (!scanned) return scanned.error();
  if (scanned->parent.empty()) return s.error();  // not even one bone core
  out.layout = "skeleton (bone cores)";
  out.why = s.error().to_string();
  out.tree = std::move(*scanned);
  return out;
}

}  // namespace f2g::grb
