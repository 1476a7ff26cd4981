// Converter, verify, census, scan and format-detection codes: real situations in fresh temp
// directories (a missing input, an existing output, two inputs with one output name, an output
// directory under a regular file, ...) run through the same calls the CLI makes (expand_inputs,
// plan_outputs, convert_guarded, write_report, run_verify, run_census, scan_file). The setups
// follow converter_*_test.cpp.
#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "converter/convert/batch.h"
#include "converter/convert/convert.h"
#include "converter/convert/output_paths.h"
#include "converter/convert/report.h"
#include "converter/inspect/census.h"
#include "converter/inspect/scan.h"
#include "converter/inspect/texture_extract.h"
#include "converter/install/skeleton_pairing.h"
#include "converter/io/inputs.h"
#include "converter/io/name_lists.h"
#include "converter/io/vertex_tables.h"
#include "converter/verify/archive_compare.h"
#include "converter/verify/verify.h"
#include "formats/archive/archive.h"
#include "formats/registry.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

namespace fs = std::filesystem;
using convert::ConvertOptions;
using convert::FileResult;
using ir::Diagnostic;

std::string sws_sample() { return source_path("samples/sws/static_materials.mesh"); }
std::string rr_sample() { return source_path("samples/rr/inline_rocks.mesh"); }

// Every diagnostic of a result: its error, then its warnings.
std::vector<Diagnostic> diagnostics_of_result(const FileResult& r) {
  std::vector<Diagnostic> out;
  if (r.error) out.push_back(*r.error);
  out.insert(out.end(), r.warnings.begin(), r.warnings.end());
  return out;
}

// What `forge2gltf convert ARGS -o OUT` does with each argument: expand, plan, convert.
std::vector<Diagnostic> convert_args(const std::vector<std::string>& args, const fs::path& out,
                                     const ConvertOptions& options = {}) {
  const std::vector<io::Job> jobs = io::expand_inputs(args, out);
  const std::vector<convert::OutputPath> plan = convert::plan_outputs(jobs, out, options.gltf);
  std::vector<Diagnostic> all;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const std::vector<Diagnostic> d =
        diagnostics_of_result(convert::convert_guarded(jobs[i], plan[i], options));
    all.insert(all.end(), d.begin(), d.end());
  }
  return all;
}

std::vector<Diagnostic> optional_error(const std::optional<Diagnostic>& e) {
  return e ? std::vector<Diagnostic>{*e} : std::vector<Diagnostic>{};
}

// A regular file standing where a directory is needed: nothing can be created below it,
// whatever the user's permissions (root included).
fs::path file_in_the_way(const fs::path& dir) {
  const fs::path f = dir / "a_file";
  write_bytes(f, {1, 2, 3});
  return f;
}

// A skinned mesh of three bones (hashes 10, 11, 12) paired against `lib` from an archive's
// entry 0 of archive 0.
std::vector<Diagnostic> paired(const install::SkeletonLibrary& lib) {
  ir::Mesh m;
  m.skin = ir::Skin{};
  for (uint32_t h : {10u, 11u, 12u}) {
    ir::Bone b;
    b.name_hash = h;
    b.name = "bone" + std::to_string(h);
    m.skin->bones.push_back(b);
  }
  (void)install::pair_skeleton(m, lib, {0, 0});
  return m.warnings;
}

install::LibrarySkeleton two_bone_rig(bool core_only) {
  install::LibrarySkeleton s;
  s.archive = s.entry = 0;
  s.tree.name_hash = {10, 11};
  s.tree.parent = {-1, 0};
  s.tree.core_only = core_only;
  return s;
}

}  // namespace

void add_converter_inputs(Inputs& in) {
  // Skeleton pairing (skeleton_pairing.cpp, bone_cores.cpp).
  in.push_back({"SKELETON_NOT_FOUND", "pairing against an empty library",
                [] { return paired(install::SkeletonLibrary{}); }});
  in.push_back({"SKELETON_BONES_NOT_FOUND", "pairing a third bone no rig holds", [] {
                  install::SkeletonLibrary lib;
                  lib.add(two_bone_rig(false));
                  return paired(lib);
                }});
  in.push_back({"SKELETON_CORE_ONLY", "pairing with a rig read from its bone cores", [] {
                  install::SkeletonLibrary lib;
                  lib.add(two_bone_rig(true));
                  return paired(lib);
                }});
  in.push_back({"SKELETON_NO_BONE_CORES", "the SWS Skeleton reading of 64 zero bytes", [] {
                  const std::vector<uint8_t> zeros(64, 0);
                  Result<SkeletonReading> r =
                      find_format("sws")->skeleton(zeros.data(), zeros.size(), nullptr);
                  return r ? std::vector<Diagnostic>{} : std::vector<Diagnostic>{r.error()};
                }});
  // Inputs (inputs.cpp, input_file.cpp).
  in.push_back({"INPUT_NOT_FOUND", "convert of a path that does not exist", [] {
                  const fs::path d = fresh_dir("input_not_found");
                  return convert_args({(d / "missing.mesh").string()}, d / "out");
                }});
  in.push_back({"INPUT_NOT_A_FILE", "convert of /dev/null (a character device)", [] {
                  const fs::path d = fresh_dir("input_not_a_file");
                  return convert_args({"/dev/null"}, d / "out");
                }});
  in.push_back(
      {"INPUT_UNREADABLE", "convert of an input replaced by a directory after listing", [] {
         const fs::path d = fresh_dir("input_unreadable");
         fs::create_directories(d / "x.mesh");
         io::Job job;
         job.input = (d / "x.mesh").string();
         job.relative = "x.mesh";
         job.display = job.input;
         return diagnostics_of_result(convert::convert_guarded(
             job, convert::output_path(d / "out", job.relative, false), {}));
       }});
  in.push_back({"INPUT_TOO_LARGE", "convert of a sample with max_input_bytes 16", [] {
                  const fs::path d = fresh_dir("input_too_large");
                  ConvertOptions o;
                  o.max_input_bytes = 16;
                  return convert_args({sws_sample()}, d / "out", o);
                }});
  in.push_back({"FORMAT_UNRECOGNISED", "convert of a named file of 64 zero bytes", [] {
                  const fs::path d = fresh_dir("format_unrecognised");
                  write_bytes(d / "zeros.mesh", std::vector<uint8_t>(64, 0));
                  return convert_args({(d / "zeros.mesh").string()}, d / "out");
                }});
  in.push_back({"VERTEX_FORMATS_INVALID", "--vertex-formats naming a missing file", [] {
                  const fs::path d = fresh_dir("vertex_formats_invalid");
                  return error_of(io::load_vertex_tables({(d / "none.json").string()}));
                }});
  in.push_back({"NAMES_INVALID", "--names naming a file with a NUL byte", [] {
                  const fs::path d = fresh_dir("names_invalid");
                  write_bytes(d / "junk.bin", std::vector<uint8_t>{'H', 'e', 0, 'd'});
                  return error_of(io::load_name_lists({(d / "junk.bin").string()}));
                }});
  in.push_back(
      {"NAMES_COLLISION", "--names twice, with two names of one CRC-32", [] {
         const fs::path d = fresh_dir("names_collision");
         write_bytes(d / "a.txt", std::vector<uint8_t>{'p', 'l', 'u', 'm', 'l', 'e', 's', 's'});
         write_bytes(d / "b.txt", std::vector<uint8_t>{'b', 'u', 'c', 'k', 'e', 'r', 'o', 'o'});
         return error_of(io::load_name_lists({(d / "a.txt").string(), (d / "b.txt").string()}));
       }});

  // Outputs (output_paths.cpp, atomic_file.cpp, convert.cpp, report.cpp).
  in.push_back({"OUTPUT_PATH_UNSAFE", "an input whose relative path is ../escape.mesh", [] {
                  const fs::path d = fresh_dir("output_path_unsafe");
                  return optional_error(convert::output_path(d, "../escape.mesh", false).error);
                }});
  in.push_back(
      {"OUTPUT_COLLISION", "convert of a/x.mesh and b/x.mesh into one directory", [] {
         const fs::path d = fresh_dir("output_collision");
         fs::create_directories(d / "a");
         fs::create_directories(d / "b");
         fs::copy_file(sws_sample(), d / "a/x.mesh");
         fs::copy_file(rr_sample(), d / "b/x.mesh");
         return convert_args({(d / "a/x.mesh").string(), (d / "b/x.mesh").string()}, d / "out");
       }});
  in.push_back({"OUTPUT_EXISTS", "convert without --force onto an output older than the input", [] {
                  const fs::path d = fresh_dir("output_exists");
                  fs::copy_file(sws_sample(), d / "x.mesh");
                  fs::create_directories(d / "out");
                  write_bytes(d / "out/x.glb", {0});
                  fs::last_write_time(d / "out/x.glb",
                                      fs::last_write_time(d / "x.mesh") - std::chrono::hours(1));
                  return convert_args({(d / "x.mesh").string()}, d / "out");
                }});
  in.push_back({"OUTPUT_WRITE_FAILED", "convert into an output directory below a regular file", [] {
                  const fs::path d = fresh_dir("output_write_failed");
                  return convert_args({sws_sample()}, file_in_the_way(d) / "out");
                }});
  in.push_back({"REPORT_WRITE_FAILED", "--report below a regular file", [] {
                  const fs::path d = fresh_dir("report_write_failed");
                  return optional_error(convert::write_report(file_in_the_way(d) / "report.json",
                                                              nlohmann::json::object()));
                }});
  in.push_back({"INTERNAL_ERROR", "convert whose write step throws (FaultInjector seam)", [] {
                  const fs::path d = fresh_dir("internal_error");
                  ConvertOptions o;
                  o.fault = [](const std::string&, const fs::path&) -> bool {
                    throw std::runtime_error("injected exception");
                  };
                  return convert_args({sws_sample()}, d / "out", o);
                }});

  // verify (verify.cpp, reencode_check.cpp).
  in.push_back({"VERIFY_READ_FAILED", "verify --json of a missing input", [] {
                  const fs::path d = fresh_dir("verify_read_failed");
                  std::ostringstream out, err;
                  verify::run_verify((d / "none.mesh").string(), (d / "none.glb").string(), true,
                                     {}, out, err);
                  const nlohmann::json j = nlohmann::json::parse(out.str(), nullptr, false);
                  if (!j.is_object() || !j.contains("error") || !j["error"].is_object())
                    return std::vector<Diagnostic>{};
                  return std::vector<Diagnostic>{Diagnostic{
                      j["error"].value("code", ""), j["error"].value("message", ""), "", 0}};
                }});
  in.push_back({"VERIFY_MISMATCH", "convert --verify hook given another sample's glb", [] {
                  const std::vector<uint8_t> a = read_bytes(sws_sample());
                  const std::vector<uint8_t> b = read_bytes(rr_sample());
                  Result<Decoded> da = decode(a.data(), a.size(), {});
                  Result<Decoded> db = decode(b.data(), b.size(), {});
                  if (!da || !db) return std::vector<Diagnostic>{};
                  ir::Result<gltf::Written> wb = gltf::write(db->mesh);
                  if (!wb) return std::vector<Diagnostic>{};
                  return optional_error(verify::report_error(verify::verify_written(*da, *wb)));
                }});

  // verify --against (archive_compare.cpp).
  in.push_back({"VERIFY_ARCHIVE_ENTRIES", "the GRW sample against its patch (7 entries, 3)", [] {
                  const std::vector<uint8_t> n =
                      read_bytes(source_path("samples/archives/grw/DataPC.forge"));
                  const std::vector<uint8_t> o =
                      read_bytes(source_path("samples/archives/grw/DataPC_patch_01.forge"));
                  return verify::compare_archives(n.data(), n.size(), o.data(), o.size()).problems;
                }});
  in.push_back({"VERIFY_ARCHIVE_STRUCTURE", "the GRW sample with entry 0's timestamp changed", [] {
                  const std::vector<uint8_t> o =
                      read_bytes(source_path("samples/archives/grw/DataPC.forge"));
                  Result<archive::Archive> a = archive::read_archive(o.data(), o.size());
                  if (!a) return std::vector<Diagnostic>{};
                  std::vector<uint8_t> n = o;
                  n[a->entries[0].name_record_offset + 40] ^= 1;
                  return verify::compare_archives(n.data(), n.size(), o.data(), o.size()).problems;
                }});

  // census and scan (census.cpp, scan.cpp).
  in.push_back({"CENSUS_READ_FAILED", "census of a file that does not exist", [] {
                  const fs::path d = fresh_dir("census_read_failed");
                  const census::CensusReport r = census::run_census(
                      std::vector<census::InputFile>{{(d / "none.mesh").string(), "none.mesh"}}, {},
                      1);
                  std::vector<Diagnostic> out;
                  for (const auto& [code, group] : r.failures)
                    for (const census::Example& e : group.examples) out.push_back(e.where);
                  return out;
                }});
  in.push_back({"SCAN_READ_FAILED", "scan of a file that does not exist", [] {
                  const fs::path d = fresh_dir("scan_read_failed");
                  return optional_error(scan::scan_file((d / "none.bin").string(), {}).error);
                }});

  // extract --textures (texture_extract.cpp): a map's readings as the GRW/GRB codec gives them.
  in.push_back({"TEXTURE_FORMAT_UNKNOWN", "a TextureMap of pixel format 7", [] {
                  TextureMapReading map;
                  map.width = map.height = 4;
                  map.format_name = "unknown (7)";
                  map.blob.assign(8, 0);
                  return error_of(inspect::texture_images(map, 0x1, nullptr));
                }});
  in.push_back({"TEXTURE_MIP_MISSING", "a TextureMap whose streamed level 0 is in no input", [] {
                  TextureMapReading map;
                  map.width = map.height = 8;
                  map.levels = 2;
                  map.format = texture::BlockFormat::BC1;
                  map.streamed = {0x99};
                  map.first_inline = 1;
                  map.blob.assign(8, 0);
                  ir::Result<inspect::TextureImages> r = inspect::texture_images(
                      map, 0x1, [](uint64_t) -> std::optional<ir::Result<CompiledMipReading>> {
                        return std::nullopt;
                      });
                  return r ? r->warnings : error_of(r);
                }});
}

}  // namespace f2g::catalogue
