// spec: SubMesh, UVChannel and MorphChannel tables (SWS). Reader and its mirroring writer, side by
// side.
#include <cmath>
#include <cstring>

#include "formats/sws/codec_parts.h"
#include "formats/sws/sws_checks.h"

namespace f2g::sws {

namespace {

// spec: "every run is a u32 count and its elements"; `at` receives the count's offset.
template <class T>
std::vector<T> read_run(Reader& r, const char* field, uint64_t& at) {
  at = r.offset();
  const uint32_t n = r.run_count(field, sizeof(T));
  return r.array<T>(n, field);
}

// Unit vectors within a float tolerance: the stored vectors are normalised float32 values.
constexpr double kUnitTolerance = 1e-3;

double dot(const Float3& a, const Float3& b) {
  return double(a[0]) * b[0] + double(a[1]) * b[1] + double(a[2]) * b[2];
}

// The first vector of `v` that is not unit length, or -1.
int64_t first_not_unit(const std::vector<Float3>& v) {
  for (size_t i = 0; i < v.size(); ++i)
    if (!(std::fabs(std::sqrt(dot(v[i], v[i])) - 1.0) <= kUnitTolerance)) return int64_t(i);
  return -1;
}

// The first vector of `v` not perpendicular to the matching normal, or -1.
int64_t first_not_perpendicular(const std::vector<Float3>& v, const std::vector<Float3>& normals) {
  for (size_t i = 0; i < v.size() && i < normals.size(); ++i)
    if (!(std::fabs(dot(v[i], normals[i])) <= kUnitTolerance)) return int64_t(i);
  return -1;
}

struct RunOffsets {
  uint64_t indices, source, face_words, face_bytes, positions, normals, tangents, binormals,
      colours, words_a, words_b, words_c, uv_channels, morph_channels, material_id, copy;
};

// The SubMesh table's Observed counts and vectors (warnings).
void check_observed_runs(Ctx& x, const SubMesh& s, bool is_copy, const RunOffsets& at) {
  const size_t n = s.positions.size(), t = s.indices.size() / 3;
  const auto count_msg = [&](const char* run, size_t got, const std::string& want) {
    return
        [=] { return std::string(run) + " run holds " + u32s(got) + " values, expected " + want; };
  };
  x.rule(
      check::submesh_source_vertices_count, s.source_vertices.size() == (is_copy ? 0 : n),
      "source_vertices", at.source,
      count_msg("source vertex", s.source_vertices.size(), is_copy ? "none on a copy" : u32s(n)));
  x.rule(check::submesh_face_words_per_triangle, s.face_words.size() == t, "face_words",
         at.face_words, count_msg("face word", s.face_words.size(), u32s(t)));
  x.rule(check::submesh_face_bytes_per_triangle, s.face_bytes.size() == t, "face_bytes",
         at.face_bytes, count_msg("face byte", s.face_bytes.size(), u32s(t)));
  x.rule(check::submesh_normals_per_vertex, s.normals.size() == n, "normals", at.normals,
         count_msg("normal", s.normals.size(), u32s(n)));
  const size_t frame_count = is_copy ? n : 0;
  const std::string frame_want = is_copy ? u32s(n) : "none on an original";
  x.rule(check::submesh_tangents_on_copy, s.tangents.size() == frame_count, "tangents", at.tangents,
         count_msg("tangent", s.tangents.size(), frame_want));
  x.rule(check::submesh_binormals_on_copy, s.binormals.size() == frame_count, "binormals",
         at.binormals, count_msg("binormal", s.binormals.size(), frame_want));
  x.rule(check::submesh_colours_count, s.colours.empty() || s.colours.size() == n, "colours",
         at.colours, count_msg("colour", s.colours.size(), u32s(n) + " or none"));
  x.rule(check::submesh_vertex_words_count,
         s.vertex_words_a.empty() || s.vertex_words_a.size() == n, "vertex_words_a", at.words_a,
         count_msg("vertex word", s.vertex_words_a.size(), u32s(n) + " or none"));
  x.rule(check::submesh_vertex_words_count,
         s.vertex_words_b.empty() || s.vertex_words_b.size() == n, "vertex_words_b", at.words_b,
         count_msg("vertex word", s.vertex_words_b.size(), u32s(n) + " or none"));
  x.rule(check::submesh_vertex_words_count, s.vertex_words_c.size() == n, "vertex_words_c",
         at.words_c, count_msg("vertex word", s.vertex_words_c.size(), u32s(n)));

  const std::pair<const std::vector<Float3>*, std::pair<const char*, uint64_t>> frames[] = {
      {&s.normals, {"normals", at.normals}},
      {&s.tangents, {"tangents", at.tangents}},
      {&s.binormals, {"binormals", at.binormals}}};
  // Named members, not structured bindings: lambdas may not capture those before C++20.
  for (const auto& frame : frames) {
    const std::vector<Float3>* v = frame.first;
    const auto& where = frame.second;
    const int64_t bad = first_not_unit(*v);
    x.rule(check::submesh_normals_unit, bad < 0, where.first,
           where.second + 4 + 12 * (bad < 0 ? 0 : bad), [&] {
             const Float3& f = (*v)[size_t(bad)];
             return std::string(where.first) + "[" + u32s(uint64_t(bad)) + "] has length " +
                    std::to_string(std::sqrt(dot(f, f)));
           });
  }
  if (!is_copy) return;
  for (const auto& frame : {frames[1], frames[2]}) {
    const std::vector<Float3>* v = frame.first;
    const auto& where = frame.second;
    const int64_t bad = first_not_perpendicular(*v, s.normals);
    x.rule(check::submesh_tangent_frame_perpendicular, bad < 0, where.first,
           where.second + 4 + 12 * (bad < 0 ? 0 : bad), [&] {
             return std::string(where.first) + "[" + u32s(uint64_t(bad)) + "] has dot product " +
                    std::to_string(dot((*v)[size_t(bad)], s.normals[size_t(bad)])) +
                    " with its normal";
           });
  }
}

// spec: the copy "has the same indices, positions and material, as many UV channels".
void check_copy(Ctx& x, const SubMesh& s, uint64_t copy_at) {
  if (s.copy.empty()) return;
  const SubMesh& c = s.copy.front();
  std::string what;
  if (c.indices != s.indices)
    what = "indices";
  else if (c.positions.size() != s.positions.size() ||
           (!c.positions.empty() &&
            std::memcmp(c.positions.data(), s.positions.data(), 12 * c.positions.size()) != 0))
    what = "positions";
  else if (c.material_id != s.material_id)
    what = "material id";
  else if (c.uv_channels.size() != s.uv_channels.size())
    what = "UV channel count";
  x.rule(check::submesh_copy_matches_original, what.empty(), "copy", copy_at,
         [&] { return "the copy's " + what + " differ from the original's"; });
}

}  // namespace

UVChannel read_uv_channel(Ctx& x, size_t vertex_count) {
  Reader& r = x.r;
  UVChannel u;
  u.id = r.u32("id");
  x.c.field("sws.uv_channel_id", u.id);
  uint64_t at = r.offset();
  u.class_id = r.u32("class");
  x.rule(check::uv_channel_class, u.class_id == kUVChannelClass, "class", at,
         [&] { return "class " + hex(u.class_id, 8) + ", expected 0xBDAD8273 (UVChannel)"; });
  u.unknown_0x8 = r.u32("unknown_0x8");
  x.c.field("sws.uv_channel_unknown_0x8", u.unknown_0x8);
  u.unknown_0xc = r.u8("unknown_0xc");
  x.c.field("sws.uv_channel_unknown_0xc", u.unknown_0xc);
  u.uvs = read_run<Float2>(r, "uvs", at);
  x.rule(check::uv_channel_uvs_per_vertex, u.uvs.size() == vertex_count, "uvs", at, [&] {
    return u32s(u.uvs.size()) + " UVs for the SubMesh's " + u32s(vertex_count) + " vertices";
  });
  u.source = read_run<uint32_t>(r, "source", at);
  return u;
}

MorphChannel read_morph_channel(Ctx& x, size_t vertex_count, uint64_t* positions_at) {
  Reader& r = x.r;
  MorphChannel m;
  uint64_t at = r.offset();
  m.id = r.u32("id");
  x.rule(check::morph_channel_id_nonzero, m.id != 0, "id", at,
         [] { return std::string("morph channel id 0"); });
  at = r.offset();
  m.class_id = r.u32("class");
  x.rule(check::morph_channel_class, m.class_id == kMorphChannelClass, "class", at,
         [&] { return "class " + hex(m.class_id, 8) + ", expected 0xE70C5754 (MorphChannel)"; });
  m.hash = r.u32("hash");
  x.c.field("sws.morph_channel_hash", m.hash);
  uint64_t normals_at, uvs_at;
  m.positions = read_run<Float3>(r, "positions", *positions_at);
  m.normals = read_run<Float3>(r, "normals", normals_at);
  m.uvs = read_run<Float2>(r, "uvs", uvs_at);
  const char* bad = m.positions.size() != vertex_count ? "positions"
                    : m.normals.size() != vertex_count ? "normals"
                    : m.uvs.size() != vertex_count     ? "uvs"
                                                       : nullptr;
  const uint64_t bad_at = !bad            ? *positions_at
                          : bad[0] == 'p' ? *positions_at
                          : bad[0] == 'n' ? normals_at
                                          : uvs_at;
  x.rule(check::morph_channel_runs_per_vertex, !bad, bad ? bad : "positions", bad_at, [&] {
    return std::string(bad) + " run does not hold the SubMesh's " + u32s(vertex_count) + " values";
  });
  return m;
}

SubMesh read_submesh(Ctx& x, bool is_copy, int depth, SubMeshSite* site) {
  Reader& r = x.r;
  SubMesh s;
  RunOffsets at{};
  const uint64_t start = r.offset();
  s.managed = r.u8("managed");
  x.rule(check::submesh_managed, s.managed == kManaged, "managed", start,
         [&] { return "managed byte " + u32s(s.managed) + ", expected 1"; });
  s.id = r.u32("id");
  const uint64_t class_at = r.offset();
  s.class_id = r.u32("class");
  x.rule(check::submesh_class, s.class_id == kSubMeshClass, "class", class_at,
         [&] { return "class " + hex(s.class_id, 8) + ", expected 0x5755DE7F (SubMesh)"; });
  s.unknown_0x9 = r.u32("unknown_0x9");
  x.c.field("sws.submesh_unknown_0x9", s.unknown_0x9);
  s.indices = read_run<uint16_t>(r, "indices", at.indices);
  x.rule(check::submesh_indices_whole_triangles, s.indices.size() % 3 == 0, "indices", at.indices,
         [&] { return u32s(s.indices.size()) + " indices are not whole triangles"; });
  s.source_vertices = read_run<uint32_t>(r, "source_vertices", at.source);
  s.unknown_after_source = r.u32("unknown_after_source");
  x.c.field("sws.submesh_unknown_after_source", s.unknown_after_source);
  s.face_words = read_run<uint32_t>(r, "face_words", at.face_words);
  s.face_bytes = read_run<uint8_t>(r, "face_bytes", at.face_bytes);
  if (x.c.observer()) {
    for (uint32_t v : s.face_words) x.c.field("sws.submesh_face_word", v);
    for (uint8_t v : s.face_bytes) x.c.field("sws.submesh_face_byte", v);
  }
  s.positions = read_run<Float3>(r, "positions", at.positions);
  s.normals = read_run<Float3>(r, "normals", at.normals);
  s.tangents = read_run<Float3>(r, "tangents", at.tangents);
  s.binormals = read_run<Float3>(r, "binormals", at.binormals);
  s.colours = read_run<uint32_t>(r, "colours", at.colours);
  s.vertex_words_a = read_run<uint32_t>(r, "vertex_words_a", at.words_a);
  s.vertex_words_b = read_run<uint32_t>(r, "vertex_words_b", at.words_b);
  // spec: "a count, 0 on every SubMesh (its elements' size is unknown)": only 0 is readable.
  const auto empty_run = [&](const char* field) {
    const uint64_t here = r.offset();
    const uint32_t v = r.u32(field);
    x.rule(check::submesh_empty_runs_empty, v == 0, field, here, [&] {
      return "count " + u32s(v) + " of elements of unknown size (0 on every SubMesh)";
    });
    return v;
  };
  s.empty_run_a = empty_run("empty_run_a");
  s.vertex_words_c = read_run<uint32_t>(r, "vertex_words_c", at.words_c);
  s.empty_run_b = empty_run("empty_run_b");
  s.empty_run_c = empty_run("empty_run_c");

  const size_t n = s.positions.size();
  at.uv_channels = r.offset();
  const uint32_t uv_count = r.run_count("uv_channel_count", kUVChannelMinSize);
  x.rule(check::submesh_uv_channels_1_to_3, uv_count >= 1 && uv_count <= 3, "uv_channel_count",
         at.uv_channels, [&] { return u32s(uv_count) + " UV channels, expected 1 to 3"; });
  for (uint32_t i = 0; i < uv_count; ++i) {
    Reader::Scope sc(r, "uv_channels", i);
    s.uv_channels.push_back(read_uv_channel(x, n));
  }
  s.unknown_after_uvs = r.u32("unknown_after_uvs");
  x.c.field("sws.submesh_unknown_after_uvs", s.unknown_after_uvs);

  at.morph_channels = r.offset();
  const uint32_t morph_count = r.run_count("morph_channel_count", kMorphChannelMinSize);
  x.rule(check::submesh_morph_channels_0_to_3, morph_count <= 3, "morph_channel_count",
         at.morph_channels, [&] { return u32s(morph_count) + " morph channels, expected 0 to 3"; });
  x.rule(check::submesh_copy_has_no_morph_channels, !is_copy || morph_count == 0,
         "morph_channel_count", at.morph_channels,
         [&] { return "a copy holds " + u32s(morph_count) + " morph channels"; });
  for (uint32_t i = 0; i < morph_count; ++i) {
    Reader::Scope sc(r, "morph_channels", i);
    uint64_t positions_at = 0;
    s.morph_channels.push_back(read_morph_channel(x, n, &positions_at));
    if (site) site->morph_positions.push_back(positions_at);
  }
  const uint64_t flag_at = r.offset();
  s.has_morphs = r.u8("has_morphs");
  x.rule(check::submesh_has_morphs_flag, s.has_morphs == (morph_count ? 1 : 0), "has_morphs",
         flag_at, [&] {
           return "has morphs " + u32s(s.has_morphs) + " with " + u32s(morph_count) +
                  " morph channels";
         });
  at.material_id = r.offset();
  s.material_id = r.u32("material_id");
  s.unknown_flags[0] = r.u8("unknown_flag_0");
  s.unknown_flags[1] = r.u8("unknown_flag_1");
  x.c.field("sws.submesh_flag_0", s.unknown_flags[0]);
  x.c.field("sws.submesh_flag_1", s.unknown_flags[1]);

  // spec: copy pointer: tag 0 and an inline SubMesh (originals), tag 3 none (copies).
  at.copy = r.offset();
  s.copy_tag = r.u8("copy_tag");
  x.rule(check::submesh_copy_pointer_tag_known,
         s.copy_tag == kPointerInline || s.copy_tag == kPointerNone, "copy_tag", at.copy,
         [&] { return "pointer tag " + u32s(s.copy_tag) + ", expected 0 or 3"; });
  x.rule(check::submesh_copy_tags, s.copy_tag == (is_copy ? kPointerNone : kPointerInline),
         "copy_tag", at.copy, [&] {
           return "copy pointer tag " + u32s(s.copy_tag) +
                  (is_copy ? " on a copy, expected 3" : " on an original, expected 0");
         });
  if (s.copy_tag == kPointerInline) {
    if (depth >= kMaxCopyDepth)
      r.fail_at("SUBMESH_TOO_DEEP",
                "SubMesh copies nest more than " + u32s(kMaxCopyDepth) + " deep", r.path("copy"),
                at.copy);
    Reader::Scope sc(r, "copy");
    s.copy.push_back(read_submesh(x, true, depth + 1, nullptr));
  }
  s.unknown_last = r.u32("unknown_last");
  x.c.field("sws.submesh_last_word", s.unknown_last);

  // Relations within the SubMesh, now that n and t are known.
  size_t bad = 0;
  while (bad < s.indices.size() && s.indices[bad] < n) ++bad;
  x.rule(check::submesh_index_below_vertex_count, bad == s.indices.size(), "indices",
         at.indices + 4 + 2 * bad, [&] {
           return "index " + u32s(bad) + " = " + u32s(s.indices[bad]) + " names none of the " +
                  u32s(n) + " vertices";
         });
  check_observed_runs(x, s, is_copy, at);
  check_copy(x, s, at.copy);

  if (site) {
    site->start = start;
    site->indices = at.indices;
    site->positions = at.positions;
    site->colours = at.colours;
    site->uv_channels = at.uv_channels;
    site->material_id = at.material_id;
  }
  return s;
}

// ---- encoder: mirrors the reader above, field for field

namespace {

// spec: "every run is a u32 count and its elements".
template <class T>
void write_run(ByteWriter& w, const std::vector<T>& v) {
  w.u32(static_cast<uint32_t>(v.size()));
  w.bytes(v.data(), v.size() * sizeof(T));
}

}  // namespace

void write_uv_channel(ByteWriter& w, const UVChannel& u) {
  w.u32(u.id);
  w.u32(u.class_id);
  w.u32(u.unknown_0x8);
  w.u8(u.unknown_0xc);
  write_run(w, u.uvs);
  write_run(w, u.source);
}

void write_morph_channel(ByteWriter& w, const MorphChannel& m) {
  w.u32(m.id);
  w.u32(m.class_id);
  w.u32(m.hash);
  write_run(w, m.positions);
  write_run(w, m.normals);
  write_run(w, m.uvs);
}

void write_submesh(ByteWriter& w, const SubMesh& s) {
  w.u8(s.managed);
  w.u32(s.id);
  w.u32(s.class_id);
  w.u32(s.unknown_0x9);
  write_run(w, s.indices);
  write_run(w, s.source_vertices);
  w.u32(s.unknown_after_source);
  write_run(w, s.face_words);
  write_run(w, s.face_bytes);
  write_run(w, s.positions);
  write_run(w, s.normals);
  write_run(w, s.tangents);
  write_run(w, s.binormals);
  write_run(w, s.colours);
  write_run(w, s.vertex_words_a);
  write_run(w, s.vertex_words_b);
  w.u32(s.empty_run_a);
  write_run(w, s.vertex_words_c);
  w.u32(s.empty_run_b);
  w.u32(s.empty_run_c);
  w.u32(static_cast<uint32_t>(s.uv_channels.size()));
  for (const UVChannel& u : s.uv_channels) write_uv_channel(w, u);
  w.u32(s.unknown_after_uvs);
  w.u32(static_cast<uint32_t>(s.morph_channels.size()));
  for (const MorphChannel& m : s.morph_channels) write_morph_channel(w, m);
  w.u8(s.has_morphs);
  w.u32(s.material_id);
  w.u8(s.unknown_flags[0]);
  w.u8(s.unknown_flags[1]);
  w.u8(s.copy_tag);
  for (const SubMesh& c : s.copy) write_submesh(w, c);
  w.u32(s.unknown_last);
}

}  // namespace f2g::sws
