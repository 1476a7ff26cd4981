// Every named relation broken one at a time on a sample: a Proven one fails the decode with
// its code at the field that breaks it, an Observed one decodes with a warning there.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>
#include <set>

#include "formats/common/reader.h"
#include "formats/rr/rr_checks.h"
#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

struct Break {
  const CheckDef* check;
  std::string sample;
  std::function<void(MeshFile&)> edit;
  std::string path;  // the field the diagnostic names
};

void set_u16(std::vector<uint8_t>& b, size_t k, uint16_t v) {
  std::memcpy(b.data() + 2 * k, &v, 2);
}

std::vector<Break> proven_breaks() {
  using namespace check;
  return {
      {&marker_at_m, "split12_character", [](MeshFile& m) { m.compiled.marker ^= 1; },
       "mesh/compiled.marker"},
      {&layout_selector_known, "static24_props",
       [](MeshFile& m) { m.compiled.layout_selector = 5; }, "mesh/compiled.layout_selector"},
      {&layout_class, "inline_rocks",
       [](MeshFile& m) { m.compiled.head.cls = kClusteredMeshDataClass; },
       "mesh/compiled.object_class"},
      {&range_class, "static24_props", [](MeshFile& m) { m.ranged->ranges[1].range_class = 0; },
       "mesh/ranged/ranges[1].class"},
      {&mesh_data_class, "split24_bike", [](MeshFile& m) { m.ranged->mesh_data_head.cls = 0; },
       "mesh/mesh_data.class"},
      {&primitive_class, "inline_rocks",
       [](MeshFile& m) { m.mesh_data.objects[2].primitive_class = 7; },
       "mesh/mesh_data/objects[2].class"},
      {&descriptor_class, "static16_terrain",
       [](MeshFile& m) { m.materials.descriptors[2].descriptor_class = 0; },
       "mesh/materials/descriptors[2].class"},
      {&primitive_desc_length_32_per_range, "static24_props",
       [](MeshFile& m) { m.ranged->primitive_desc_length = 64; },
       "mesh/ranged.primitive_desc_length"},
      {&stream_strides_match_format, "static24_props",
       [](MeshFile& m) { m.ranged->strides[0] = 20; }, "mesh/ranged.vertex_format"},
      {&streams_whole_records, "static24_props",
       [](MeshFile& m) { m.ranged->streams[0].bytes.pop_back(); }, "mesh/ranged.primary_length"},
      {&split_streams_sizes, "split12_character",
       [](MeshFile& m) {
         m.ranged->streams[1].bytes.resize(m.ranged->streams[1].bytes.size() - 12);
       },
       "mesh/ranged.positions_length"},
      {&static_separate_streams_empty, "static16_terrain",
       [](MeshFile& m) { m.ranged->streams[2].bytes.assign(8, 0); }, "mesh/ranged.skin_length"},
      {&first_range_starts_at_zero, "static28_dynamic_copies",
       [](MeshFile& m) { m.ranged->ranges[0].vertex_base = 1; },
       "mesh/ranged/ranges[0].vertex_base"},
      {&ranges_partition_buffers, "split24_bike",  // a range past the buffers
       [](MeshFile& m) { m.ranged->ranges[2].vertex_base = 600; },
       "mesh/ranged/ranges[2].vertex_base"},
      {&indices_inside_range, "static24_props",
       [](MeshFile& m) { set_u16(m.ranged->streams[3].bytes, 1000, 400); }, "mesh/ranged.indices"},
      {&objects_tile_buffers, "inline_rocks",
       [](MeshFile& m) { m.mesh_data.objects[1].first_index += 3; },
       "mesh/mesh_data/objects[1].first_index"},
      {&index_width_known, "inline_u32_indices", [](MeshFile& m) { m.mesh_data.index_width = 2; },
       "mesh/mesh_data.index_width"},
      {&descriptor_count_equals_primitives, "inline_rocks",
       [](MeshFile& m) { m.materials.descriptors.pop_back(); }, "mesh/materials.descriptor_count"},
      {&reference_count_equals_descriptors, "split12_skin8_tentacle",
       [](MeshFile& m) { m.materials.references.pop_back(); }, "mesh/materials.reference_count"},
      {&dynamic_reference_equals_material, "static16_terrain",
       [](MeshFile& m) { m.materials.references[1].handle ^= 0x10; },
       "mesh/materials/references[1].handle"},
  };
}

std::vector<Break> observed_breaks() {
  using namespace check;
  return {
      {&bone_class, "split12_character", [](MeshFile& m) { m.header.bones[3].bone_class = 0; },
       "mesh/header/bones[3].class"},
      {&dynamic_reference_class, "static24_props",
       [](MeshFile& m) { m.materials.references[0].reference_class = 1; },
       "mesh/materials/references[0].class"},
      {&platform_version_31, "inline_rocks", [](MeshFile& m) { m.materials.platform_version = 30; },
       "mesh/materials.platform_version"},
      {&declared_counts_match_buffers, "split24_bike",
       [](MeshFile& m) { m.mesh_data.objects[1].triangle_count += 1; },
       "mesh/mesh_data/objects[1].vertex_count"},
      {&descriptor_vertex_count_mod_65536, "static16_terrain",
       [](MeshFile& m) { m.materials.descriptors[1].vertex_count = 9; },
       "mesh/materials/descriptors[1].vertex_count"},
      {&primitive_desc_index_count_3x_triangles, "static24_props",
       [](MeshFile& m) { m.ranged->primitive_descs[2].index_count = 33; },
       "mesh/ranged/primitive_descs[2].index_count"},
      {&primitive_desc_first_index_equals_range, "static24_props",
       [](MeshFile& m) { m.ranged->primitive_descs[1].first_index = 0; },
       "mesh/ranged/primitive_descs[1].first_index"},
      {&primitive_desc_bounds_single_range, "stale_counts_wireframe_wall",
       [](MeshFile& m) { m.ranged->primitive_descs[0].centre[2] += 1; },
       "mesh/ranged/primitive_descs[0].centre"},
      {&primitive_records_match_ranges, "split12_character",
       [](MeshFile& m) { m.mesh_data.objects[2].vertex_base = 0; },
       "mesh/mesh_data/objects[2].vertex_base"},
      {&mesh_data_matches_clustered, "static28_dynamic_copies",
       [](MeshFile& m) { m.mesh_data.vertex_format = 2; }, "mesh/mesh_data.vertex_format"},
      {&ranged_index_width_u16, "static16_terrain",
       [](MeshFile& m) { m.mesh_data.index_width = 1; }, "mesh/mesh_data.index_width"},
      {&bones_per_vertex_matches_skin, "split12_skin8_tentacle",
       [](MeshFile& m) { m.mesh_data.bones_per_vertex = 4; }, "mesh/mesh_data.bones_per_vertex"},
      {&cpu_copies_match_buffers, "static28_dynamic_copies",
       [](MeshFile& m) { m.mesh_data.runs[3].bytes[6] ^= 1; }, "mesh/mesh_data.indices"},
      {&first_bool_marks_cpu_copies, "static24_props",
       [](MeshFile& m) { m.materials.trailer.bools[0] = 1; }, "mesh/materials/trailer.bools"},
      {&positions_inside_bounds, "inline_rocks",
       [](MeshFile& m) { m.header.extent_max[2] -= 0.2f; }, "mesh/header.extent_min"},
      {&joints_below_bone_count, "split12_character",  // vertex 0's strongest joint -> bone 40
       [](MeshFile& m) { m.ranged->streams[2].bytes[0] = 40; }, "mesh/ranged.skin"},
      {&bone_matrix_invertible, "split24_bike",
       [](MeshFile& m) { m.header.bones[1].matrix.fill(0); }, "mesh/header/bones[1].matrix"},
  };
}

// Decodes the edited sample with a field log and checks the diagnostic names the field that
// covers its offset.
struct Outcome {
  Result<Decoded> decoded;
  FieldLog log;
};
Outcome decode_edited(const Break& b) {
  MeshFile m = test::sample_file(b.sample);
  b.edit(m);
  const std::vector<uint8_t> bytes = encode(m);
  Outcome o{Error{}, {}};
  DecodeOptions opt = test::forced_rr();
  opt.field_log = &o.log;
  o.decoded = decode(bytes.data(), bytes.size(), opt);
  return o;
}

void expect_located(const ir::Diagnostic& d, const FieldLog& log, const std::string& path) {
  EXPECT_EQ(d.path, path);
  const FieldSpan* f = field_at(log, d.offset);
  ASSERT_NE(f, nullptr) << d.to_string();
  EXPECT_EQ(f->path, path) << d.to_string();
  EXPECT_FALSE(d.message.empty());
}

TEST(RrRelations, EveryProvenRelationBrokenAloneIsItsError) {
  std::set<std::string> covered;
  for (const Break& b : proven_breaks()) {
    SCOPED_TRACE(b.check->name);
    ASSERT_EQ(b.check->severity, Severity::Proven);
    Outcome o = decode_edited(b);
    ASSERT_FALSE(o.decoded) << "decoded despite the break";
    EXPECT_EQ(o.decoded.error().code, b.check->code) << o.decoded.error().to_string();
    expect_located(o.decoded.error(), o.log, b.path);
    covered.insert(b.check->name);
  }
  for (const CheckDef* c : checks())
    if (c->severity == Severity::Proven) {
      EXPECT_EQ(covered.count(c->name), 1u) << c->name << " untested";
    }
}

TEST(RrRelations, EveryObservedRelationBrokenAloneIsOneWarning) {
  std::set<std::string> covered;
  for (const Break& b : observed_breaks()) {
    SCOPED_TRACE(b.check->name);
    ASSERT_EQ(b.check->severity, Severity::Observed);
    Outcome o = decode_edited(b);
    ASSERT_TRUE(o.decoded) << o.decoded.error().to_string();
    const std::vector<ir::Diagnostic>& w = o.decoded->mesh.warnings;
    std::vector<ir::Diagnostic> extra;  // the stale sample always carries its own warning
    for (const ir::Diagnostic& d : w)
      if (!(b.sample == "stale_counts_wireframe_wall" && d.code == "RR_STALE_COUNT"))
        extra.push_back(d);
    ASSERT_EQ(extra.size(), 1u) << (extra.empty() ? "" : extra[0].to_string());
    EXPECT_EQ(extra[0].code, b.check->code) << extra[0].to_string();
    expect_located(extra[0], o.log, b.path);
    covered.insert(b.check->name);
  }
  for (const CheckDef* c : checks())
    if (c->severity == Severity::Observed) {
      EXPECT_EQ(covered.count(c->name), 1u) << c->name << " untested";
    }
}

TEST(RrRelations, SamplesHoldEveryRelationExceptTheStaleOne) {
  for (const std::string& name : test::sample_names()) {
    Result<Decoded> d = test::decode_bytes(test::sample_bytes(name));
    ASSERT_TRUE(d) << name << ": " << d.error().to_string();
    if (name == "stale_counts_wireframe_wall") {
      ASSERT_EQ(d->mesh.warnings.size(), 1u);
      EXPECT_EQ(d->mesh.warnings[0].code, "RR_STALE_COUNT");
    } else {
      EXPECT_TRUE(d->mesh.warnings.empty()) << name << ": " << d->mesh.warnings[0].to_string();
    }
  }
}

TEST(RrRelations, ChecksHaveUniqueNamesAndCodes) {
  std::set<std::string> names, codes;
  for (const CheckDef* c : checks()) {
    EXPECT_TRUE(names.insert(c->name).second) << c->name;
    EXPECT_TRUE(codes.insert(c->code).second) << c->code;
    EXPECT_EQ(std::string(c->name).rfind("rr.", 0), 0u) << c->name;
    EXPECT_EQ(std::string(c->code).rfind("RR_", 0), 0u) << c->code;
  }
  EXPECT_EQ(checks().size(), 37u);
}

// An observer sees every check outcome and the Unknown/Observed field values.
class Recorder : public DecodeObserver {
 public:
  void on_check(const CheckDef& def, bool held, const ir::Diagnostic&) override {
    (held ? held_ : broken_).insert(def.name);
  }
  void on_field(const char* name, double value) override { fields_[name] = value; }
  std::set<std::string> held_, broken_;
  std::map<std::string, double> fields_;
};

TEST(RrRelations, ObserverSeesChecksAndFieldValues) {
  Recorder r;
  DecodeOptions o;
  o.observer = &r;
  ASSERT_TRUE(test::decode_bytes(test::sample_bytes("static28_dynamic_copies"), o));
  EXPECT_EQ(r.held_.count("rr.marker_at_m"), 1u);
  EXPECT_EQ(r.held_.count("rr.first_bool_marks_cpu_copies"), 1u);
  EXPECT_TRUE(r.broken_.empty());
  EXPECT_EQ(r.fields_["rr.descriptor_mask"], 2);
  EXPECT_EQ(r.fields_["rr.max_culling_distance"], 660);
  EXPECT_EQ(r.fields_["rr.trailer_bool_0"], 1);
  EXPECT_EQ(r.fields_["rr.user_category"], 3);
  EXPECT_EQ(r.fields_["rr.platform_version"], 31);
  EXPECT_EQ(r.fields_["rr.vertex_format"], 3);
  EXPECT_EQ(r.fields_.count("rr.clustered_version"), 1u);
}

}  // namespace
}  // namespace f2g::rr
