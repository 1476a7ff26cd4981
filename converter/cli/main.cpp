// forge2gltf: the command line, the only CLI11 user (docs/ARCHITECTURE.md "CLI"). Each subcommand
// is one add_* function that declares its flags and returns how to run it; adding a
// subcommand is one more add_* and one line in main(), a convert flag one line in
// add_convert and one in run_convert.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "converter/convert/convert_command.h"
#include "converter/convert/version.h"
#include "converter/import/archive_import.h"
#include "converter/import/import_command.h"
#include "converter/inspect/archive_extract.h"
#include "converter/inspect/archive_info.h"
#include "converter/inspect/archive_ls.h"
#include "converter/inspect/census_command.h"
#include "converter/inspect/info.h"
#include "converter/inspect/scan_command.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/oodle_library.h"
#include "converter/io/command_guard.h"
#include "converter/io/heap_policy.h"
#include "converter/io/interrupt.h"
#include "converter/io/json_text.h"
#include "converter/io/name_lists.h"
#include "converter/io/vertex_tables.h"
#include "converter/validate/validate_stage.h"
#include "converter/verify/archive_compare.h"
#include "converter/verify/reencode_check.h"
#include "converter/verify/verify.h"
#include "converter/view/html_stage.h"
#include "formats/registry.h"

namespace {

namespace fs = std::filesystem;
using namespace f2g;
using namespace f2g::convert;

// Exit codes (docs/ARCHITECTURE.md "CLI"): 0 all converted, 1 some inputs failed, 2 usage.
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int usage_error(const std::string& message) {
  std::fprintf(stderr, "forge2gltf: %s\n", message.c_str());
  return kExitUsage;
}

// A path option given as "" would silently mean "not given" (or the current directory).
const CLI::Validator kNonEmptyPath(
    [](std::string& s) { return s.empty() ? std::string("an empty path") : std::string(); },
    "PATH");

// The registered formats' names or games joined for help texts: "a, b and c" with `last`
// between the last two.
std::string joined(const char* Format::*field, const char* last) {
  const std::vector<const Format*>& all = registered_formats();
  std::string t;
  for (size_t i = 0; i < all.size(); ++i) {
    if (i) t += i + 1 == all.size() ? last : ", ";
    t += all[i]->*field;
  }
  return t;
}

std::vector<std::string> format_choices() {
  std::vector<std::string> choices{"auto"};
  for (const Format* f : registered_formats()) choices.push_back(f->name);
  return choices;
}

// --format, --vertex-formats and --names: shared by every subcommand that decodes.
struct DecodeArgs {
  std::string format = "auto";
  std::vector<std::string> vertex_formats;
  std::vector<std::string> names;

  void add_to(CLI::App& cmd) {
    cmd.add_option("--format", format, "Input format; auto detects by content")
        ->check(CLI::IsMember(format_choices()))
        ->default_str("auto");
    cmd.add_option("--vertex-formats", vertex_formats,
                   "JSON vertex-format table replacing the built-in one of its \"format\" (" +
                       joined(&Format::name, " or ") + "); repeatable, one per format")
        ->expected(1)
        ->allow_extra_args(false)  // one FILE per flag: never swallow the INPUTs after it
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->type_name("FILE");
    cmd.add_option("--names", names,
                   "Text file of names, one a line: a bone whose name hash (CRC-32) is one of "
                   "them gets that name; adds to the built-in names and wins over them; "
                   "repeatable")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->type_name("FILE");
  }
};

// Loads the --names lists once; a bad list is a usage error.
bool load_names(const DecodeArgs& a, std::shared_ptr<const NameTable>& names, int& exit_code) {
  ir::Result<std::shared_ptr<const NameTable>> loaded = io::load_name_lists(a.names);
  if (!loaded) {
    exit_code = usage_error(loaded.error().message);
    return false;
  }
  names = std::move(*loaded);
  return true;
}

// Loads the tables once and points `options` at them; a bad table is a usage error.
bool decode_options(const DecodeArgs& a, VertexTables& tables, DecodeOptions& options,
                    int& exit_code) {
  ir::Result<VertexTables> loaded = io::load_vertex_tables(a.vertex_formats);
  if (!loaded) {
    exit_code = usage_error(loaded.error().message);
    return false;
  }
  tables = std::move(*loaded);
  options.format = find_format(a.format);
  options.tables = &tables;
  return load_names(a, options.names, exit_code);
}

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

// ---- convert ---------------------------------------------------------------------------

struct ConvertArgs {
  std::vector<std::string> inputs;
  std::string out;
  unsigned jobs = 0;
  std::string report;
  bool force = false;
  bool gltf = false;
  bool quiet = false;
  bool strict = false;
  bool verify = false;
  bool html = false;
  bool validate = false;
  bool sync = false;
  bool quantize = false;
  bool compress = false;
  bool optimize = false;
  bool no_skeletons = false;
  bool no_textures = false;
  uint32_t texture_size = 0;
  std::vector<std::string> library;
  DecodeArgs decode;
};

int run_convert(const ConvertArgs& a) {
  if (a.gltf && (a.quantize || a.compress))
    return usage_error("--quantize and --compress rewrite .glb files; they cannot go with --gltf");
  ir::Result<VertexTables> tables = io::load_vertex_tables(a.decode.vertex_formats);
  if (!tables) return usage_error(tables.error().message);
  int code = 0;
  std::shared_ptr<const NameTable> names;
  if (!load_names(a.decode, names, code)) return code;

  ConvertRun run;
  run.inputs = a.inputs;
  run.out = a.out;
  run.report = a.report;
  run.jobs = a.jobs;
  run.quiet = a.quiet;
  run.progress = ::isatty(STDERR_FILENO);
  run.library = a.library;
  run.skeletons = !a.no_skeletons;
  run.textures = !a.no_textures;
  run.texture_size = a.texture_size;
  ConvertOptions& options = run.options;
  options.format = find_format(a.decode.format);
  options.tables = &*tables;
  options.names = names;
  options.gltf = a.gltf;
  options.force = a.force;
  options.strict = a.strict;
  options.sync = a.sync;
  options.optimize = a.optimize;
  // --compress alone still quantises first: meshopt's attribute codec gains most on the
  // integer streams, and a float-only meshopt file is not what web viewers are given.
  options.compact.quantize = a.quantize || a.compress;
  options.compact.compress = a.compress;
  if (a.verify) {
    options.verify = [](const VerifyInput& in, std::vector<ir::Diagnostic>&) {
      return verify::report_error(verify::verify_written(in.decoded, in.written));
    };
  }
  // --validate checks each output before the report records it; --html collects its rows.
  ValidateStage validate;
  view::HtmlStage html(a.out);
  if (a.validate) run.stages.push_back(&validate);
  if (a.html) {
    options.written = view::thumbnail_hook();
    run.stages.push_back(&html);
  }
  return run_convert_command(run);
}

Command add_convert(CLI::App& app, ConvertArgs& a) {
  CLI::App* cmd = app.add_subcommand("convert", "Convert mesh files and directories to glTF");
  cmd->add_option("INPUT", a.inputs, "Mesh files or directories (walked recursively)")
      ->required()
      ->type_name("PATH");
  cmd->add_option("-o,--output", a.out, "Output directory: OUT/<relative path>.glb")
      ->required()
      ->type_name("OUT");
  cmd->add_option("-j,--jobs", a.jobs, "Worker threads (default: hardware threads)")
      ->check(CLI::Range(0u, 4096u));
  cmd->add_option("--report", a.report, "Write a JSON report of every input")
      ->type_name("FILE.json");
  cmd->add_flag("--force", a.force, "Replace existing outputs");
  a.decode.add_to(*cmd);
  cmd->add_flag("--gltf", a.gltf, "Write .gltf + .bin instead of .glb");
  cmd->add_flag("-q,--quiet", a.quiet, "No progress line and no summary (failures still print)");
  cmd->add_flag("--strict", a.strict,
                "Files found in directories that are not meshes fail instead of being skipped");
  cmd->add_flag("--verify", a.verify,
                "Read every output back and compare it with the decoded input; a mismatch "
                "fails the input and nothing is written");
  cmd->add_flag("--html", a.html,
                "Write a PNG thumbnail next to each output and a browsable OUT/index.html");
  cmd->add_flag("--validate", a.validate,
                "Validate every output with the Khronos glTF-Validator (needs node and the npm "
                "package gltf-validator) and add its counts to the report");
  cmd->add_flag("--optimize", a.optimize,
                "Reorder each primitive's triangles for the GPU vertex cache (meshoptimizer); "
                "vertices and windings are kept");
  cmd->add_flag("--quantize", a.quantize,
                "Store positions, normals, tangents and UVs as integers (KHR_mesh_quantization; "
                "docs/usage.md states the error)");
  cmd->add_flag("--compress", a.compress,
                "Quantize, then compress with EXT_meshopt_compression (required extension, no "
                "fallback: for three.js / Babylon.js, not Blender 3.4)");
  cmd->add_flag("--sync", a.sync,
                "fsync every output before renaming it into place (durable against power "
                "loss; slower)");
  cmd->add_option("--library", a.library,
                  "Where skeletons and materials are also looked up: an archive, an install "
                  "folder or a folder of extracted resources (repeatable)")
      ->type_name("PATH");
  cmd->add_flag("--no-skeletons", a.no_skeletons,
                "Do not pair skinned meshes with skeletons: every joint a root, as before");
  cmd->add_flag("--no-textures", a.no_textures,
                "Do not follow materials to their texture maps: placeholder materials, as before");
  cmd->add_option("--texture-size", a.texture_size,
                  "Embed the largest level no wider or taller than N pixels (default: the "
                  "largest level available)")
      ->check(CLI::Range(1u, 65536u))
      ->type_name("N");
  return {cmd, [&a] { return run_convert(a); }};
}

// ---- info ------------------------------------------------------------------------------

struct InfoArgs {
  std::string input;
  std::string id;  // info ARCHIVE --id ID
  bool json = false;
  DecodeArgs decode;
};

// A mesh file, or with --id one resource of a forge archive (by content: "scimitar" at 0).
ir::Result<nlohmann::json> info_document(const InfoArgs& a, const InfoOptions& options) {
  const bool archive = install::starts_like_archive(a.input);
  if (!archive && a.id.empty()) return info_json(a.input, a.input, options);
  if (!archive)
    return ir::Diagnostic{"USAGE", "--id: " + a.input + " is not a forge archive", "", 0};
  if (a.id.empty())
    return ir::Diagnostic{
        "USAGE",
        a.input + " is a forge archive: name one resource with --id ID (forge2gltf ls lists them)",
        "", 0};
  const std::optional<uint64_t> id = install::parse_id(a.id);
  if (!id) return ir::Diagnostic{"USAGE", "--id " + a.id + ": not an id (0x... or decimal)", "", 0};
  return archive_info_json(a.input, a.input, *id, options);
}

int run_info(const InfoArgs& a) {
  ir::Result<VertexTables> tables = io::load_vertex_tables(a.decode.vertex_formats);
  if (!tables) return usage_error(tables.error().message);
  InfoOptions options;
  options.format = find_format(a.decode.format);
  options.tables = &*tables;
  int code = 0;
  if (!load_names(a.decode, options.names, code)) return code;
  std::error_code ec;
  if (!fs::is_regular_file(a.input, ec)) {
    std::fprintf(
        stderr, "%s\n",
        failure_line(a.input, ir::Diagnostic{fs::exists(a.input, ec) ? "INPUT_NOT_A_FILE"
                                                                     : "INPUT_NOT_FOUND",
                                             fs::exists(a.input, ec) ? "not a regular file"
                                                                     : "no such file or directory",
                                             "", 0})
            .c_str());
    return kExitFailed;
  }
  ir::Result<nlohmann::json> info = info_document(a, options);
  if (!info && info.error().code == "USAGE") return usage_error(info.error().message);
  if (!info) {
    std::fprintf(stderr, "%s\n", failure_line(a.input, info.error()).c_str());
    return kExitFailed;
  }
  if (a.json)
    std::fputs((io::json_text(*info) + "\n").c_str(), stdout);
  else
    std::fputs(info_text(*info).c_str(), stdout);
  return 0;
}

Command add_info(CLI::App& app, InfoArgs& a) {
  CLI::App* cmd =
      app.add_subcommand("info", "Show the decoded structure, every check and the warnings");
  cmd->add_option("INPUT", a.input, "One mesh file, or a forge archive with --id")->required();
  cmd->add_option("--id", a.id, "The resource of the archive INPUT to show (0x... or decimal)")
      ->type_name("ID");
  cmd->add_flag("--json", a.json, "Print the JSON document instead of text");
  a.decode.add_to(*cmd);
  return {cmd, [&a] { return run_info(a); }};
}

// ---- verify ----------------------------------------------------------------------------

struct VerifyArgs {
  std::vector<std::string> paths;  // INPUT OUTPUT.glb, or INPUT with --reencode
  std::string against;             // --against OLD.forge: NEW.forge is the one path
  bool json = false;
  bool reencode = false;
  DecodeArgs decode;
};

int run_verify_command(const VerifyArgs& a) {
  VertexTables tables;
  DecodeOptions options;
  int code = 0;
  if (!decode_options(a.decode, tables, options, code)) return code;
  if (!a.against.empty()) {
    if (a.paths.size() != 1 || a.reencode)
      return usage_error("verify --against OLD.forge takes one NEW.forge");
    return verify::run_against(a.paths[0], a.against, a.json, std::cout, std::cerr);
  }
  if (a.reencode) {
    if (a.paths.size() != 1) return usage_error("verify --reencode takes one INPUT");
    return verify::run_reencode(a.paths[0], a.json, options, std::cout, std::cerr);
  }
  if (a.paths.size() != 2) return usage_error("verify takes INPUT and OUTPUT.glb");
  return verify::run_verify(a.paths[0], a.paths[1], a.json, options, std::cout, std::cerr);
}

Command add_verify(CLI::App& app, VerifyArgs& a) {
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Prove that OUTPUT.glb reproduces INPUT (exit 0 when it does); with --reencode, that "
      "decode then encode gives INPUT back byte for byte");
  cmd->add_option("PATHS", a.paths,
                  "INPUT OUTPUT.glb (or INPUT with --reencode, NEW.forge with --against)")
      ->required()
      ->expected(1, 2);
  cmd->add_flag("--json", a.json, "Print the report as JSON");
  cmd->add_flag("--reencode", a.reencode,
                "Check that the strict reader kept every byte: encode(decode(INPUT)) == INPUT "
                "(an archive: every entry recompressed, the tables rewritten)");
  cmd->add_option("--against", a.against,
                  "NEW.forge --against OLD.forge: only the listed entries changed, each reads "
                  "and decodes strictly")
      ->check(kNonEmptyPath);
  a.decode.add_to(*cmd);
  return {cmd, [&a] { return run_verify_command(a); }};
}

// ---- import ----------------------------------------------------------------------------

struct ImportArgs {
  import::ImportRun run;
  std::vector<std::string> map_material;  // NAME=ID
  std::string unknown_joints = "error";
  std::string id;  // --id RESOURCE_ID: the donor is an archive
  DecodeArgs decode;
  VertexTables tables;
};

// import EDITED.glb --donor ARCHIVE.forge --id RESOURCE_ID -o NEW.forge: one resource replaced;
// import GLB_DIR --donor ARCHIVE.forge -o NEW.forge: every glTF of GLB_DIR into one copy.
int run_archive_import(const ImportArgs& a, bool directory) {
  import::ArchiveImportRun run;
  if (directory) {
    if (!a.id.empty())
      return usage_error(
          "import GLB_DIR --donor ARCHIVE.forge takes no --id: each glTF names "
          "its resource");
  } else {
    size_t used = 0;
    try {
      run.id = std::stoull(a.id, &used, 0);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != a.id.size())
      return usage_error("--id takes a resource id (decimal or 0x...), not " + a.id);
  }
  if (a.run.donor.empty() || !a.run.donors.empty())
    return usage_error("--id goes with --donor ARCHIVE.forge");
  run.input = a.run.input;
  run.donor = a.run.donor;
  run.out = a.run.out;
  run.report = a.run.report;
  run.dry_run = a.run.dry_run;
  run.json = a.run.json;
  run.options = a.run.options;
  return import::run_archive_import(run, std::cout, std::cerr);
}

int run_import(ImportArgs& a) {
  int code = 0;
  if (!decode_options(a.decode, a.tables, a.run.options.decode, code)) return code;
  for (const std::string& m : a.map_material) {
    const size_t eq = m.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == m.size())
      return usage_error("--map-material takes NAME=ID (ID: the donor material id, 0x...), not " +
                         m);
    a.run.options.match.map_material[m.substr(0, eq)] = m.substr(eq + 1);
  }
  a.run.options.match.unknown_joints = a.unknown_joints == "drop" ? import::UnknownJoints::Drop
                                       : a.unknown_joints == "nearest"
                                           ? import::UnknownJoints::Nearest
                                           : import::UnknownJoints::Error;
  if (a.run.out.empty() && !a.run.dry_run)
    return usage_error("import needs -o OUTPUT (or --dry-run)");
  std::error_code ec;
  const bool directory = std::filesystem::is_directory(a.run.input, ec);
  if (!a.id.empty()) return run_archive_import(a, directory);
  if (directory && !a.run.donor.empty() && a.run.donors.empty() &&
      import::is_archive_file(a.run.donor))
    return run_archive_import(a, true);
  a.run.progress = ::isatty(STDERR_FILENO);
  io::install_interrupt_handlers();
  return import::run_import_command(a.run, std::cout, std::cerr);
}

Command add_import(CLI::App& app, ImportArgs& a) {
  CLI::App* cmd = app.add_subcommand(
      "import",
      "Write a game mesh from an edited glTF and its original mesh (the donor): the donor "
      "gives every field, the glTF the geometry; unedited vertices keep their stored bytes");
  cmd->add_option("INPUT", a.run.input, "EDITED.glb / .gltf, or a directory of them")
      ->required()
      ->check(kNonEmptyPath);
  cmd->add_option("--donor", a.run.donor, "The original mesh of one INPUT file")
      ->check(kNonEmptyPath);
  cmd->add_option("--id", a.id,
                  "With --donor ARCHIVE.forge: the resource id of the Mesh to replace (decimal "
                  "or 0x...); writes -o NEW.forge, every other entry byte for byte");
  cmd->add_option("--donors", a.run.donors,
                  "With a directory INPUT: MESH_DIR, where GLB_DIR/rel/name.glb finds "
                  "MESH_DIR/rel/name.*")
      ->check(kNonEmptyPath);
  cmd->add_option("-o,--output", a.run.out,
                  "NEW.mesh, or the output directory (OUT_DIR/rel/<donor file name>)")
      ->check(kNonEmptyPath);
  cmd->add_option("-j,--jobs", a.run.jobs, "Worker threads (default: hardware threads)");
  cmd->add_option("--report", a.run.report, "Write a JSON report of every import")
      ->check(kNonEmptyPath);
  cmd->add_flag("--force", a.run.options.force,
                "Replace existing outputs; import a glTF converted from another object id");
  cmd->add_flag("--dry-run", a.run.dry_run, "Show what would be written; write nothing");
  cmd->add_flag("--json", a.run.json, "Print the outcome as JSON");
  cmd->add_flag("-q,--quiet", a.run.quiet, "Print failures only");
  cmd->add_option("--map-material", a.map_material,
                  "NAME=ID: the glTF material NAME is the donor's material ID; repeatable")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--unknown-joints", a.unknown_joints,
                  "A weighted joint that matches no donor bone: error (default), drop its "
                  "weights, or nearest donor bone")
      ->check(CLI::IsMember({"error", "drop", "nearest"}))
      ->default_str("error");
  cmd->add_flag(
      "--drop-submeshes", a.run.options.drop_submeshes,
      "A topology edit of a mesh with SubMeshes (CPU-side copies) writes it without them, "
      "with a warning, instead of failing");
  a.decode.add_to(*cmd);
  return {cmd, [&a] { return run_import(a); }};
}

// ---- census ----------------------------------------------------------------------------

struct CensusArgs {
  std::vector<std::string> inputs;
  std::string json;
  std::string markdown;
  unsigned jobs = 0;
  DecodeArgs decode;
};

Command add_census(CLI::App& app, CensusArgs& a) {
  CLI::App* cmd = app.add_subcommand(
      "census", "Strict-read every mesh under DIR and count every spec relation and field");
  cmd->add_option("DIR", a.inputs, "Directories or files")->required();
  cmd->add_option("--json", a.json, "Write the census as JSON")->type_name("FILE");
  cmd->add_option("--markdown", a.markdown, "Write the census as Markdown")->type_name("FILE");
  cmd->add_option("-j,--jobs", a.jobs, "Worker threads (default: hardware threads)")
      ->check(CLI::Range(0u, 4096u));
  a.decode.add_to(*cmd);
  return {cmd, [&a] {
            VertexTables tables;
            DecodeOptions options;
            int code = 0;
            if (!decode_options(a.decode, tables, options, code)) return code;
            io::PoolOptions pool;
            pool.jobs = a.jobs;
            pool.progress = ::isatty(STDERR_FILENO);
            io::install_interrupt_handlers();  // Ctrl-C: finish the files in flight, then stop
            pool.stop = &io::interrupt_requested();
            return census::run_census_command(a.inputs, a.json, a.markdown, pool, options,
                                              std::cout, std::cerr);
          }};
}

// ---- scan ------------------------------------------------------------------------------

struct ScanArgs {
  std::vector<std::string> files;
  std::string extract;
  std::string convert;
  std::string json;
  DecodeArgs decode;
};

int run_scan(const ScanArgs& a) {
  VertexTables tables;
  DecodeOptions options;
  int code = 0;
  if (!decode_options(a.decode, tables, options, code)) return code;
  // --convert without --extract still goes through files: the found meshes are extracted
  // to a private folder first, converted like any other input, then removed.
  std::string extract_dir = a.extract;
  fs::path scratch;
  if (!a.convert.empty() && extract_dir.empty()) {
    std::error_code ec;
    scratch = fs::temp_directory_path(ec) / ("forge2gltf-scan-" + std::to_string(::getpid()));
    fs::remove_all(scratch, ec);
    fs::create_directories(scratch, ec);
    if (ec) return usage_error("cannot create " + scratch.string() + ": " + ec.message());
    extract_dir = scratch.string();
  }
  code = scan::run_scan_command(a.files, extract_dir, a.json, options, std::cout, std::cerr);
  if (!a.convert.empty()) {
    ConvertArgs c;
    c.inputs = {extract_dir};
    c.out = a.convert;
    c.decode = a.decode;
    c.force = true;  // the names come from the scan (stem + offset): same name, same mesh
    c.quiet = true;
    const int converted = run_convert(c);
    if (converted != 0) code = converted;
  }
  if (!scratch.empty()) {
    std::error_code ec;
    fs::remove_all(scratch, ec);
  }
  return code;
}

Command add_scan(CLI::App& app, ScanArgs& a) {
  CLI::App* cmd = app.add_subcommand(
      "scan", "Find Mesh objects inside larger files by signature, confirmed by a strict read");
  cmd->add_option("FILE", a.files, "Files to search")->required();
  cmd->add_option("--extract", a.extract, "Write each confirmed mesh as its own file")
      ->type_name("DIR")
      ->check(kNonEmptyPath);
  cmd->add_option("--convert", a.convert, "Convert each confirmed mesh into OUT")
      ->type_name("OUT")
      ->check(kNonEmptyPath);
  cmd->add_option("--json", a.json, "Write the scan as JSON")->type_name("FILE");
  a.decode.add_to(*cmd);
  return {cmd, [&a] { return run_scan(a); }};
}

// ---- ls, extract (forge archives) --------------------------------------------------------

struct LsArgs {
  std::vector<std::string> inputs;
  bool json = false;
};

Command add_ls(CLI::App& app, LsArgs& a) {
  CLI::App* cmd = app.add_subcommand(
      "ls", "List every entry and resource of forge archives (id, class, name, size, status)");
  cmd->add_option("ARCHIVE", a.inputs, "Archives, or directories holding them")
      ->required()
      ->type_name("PATH");
  cmd->add_flag("--json", a.json, "Print one JSON document instead of text");
  return {cmd, [&a] { return inspect::run_ls_command(a.inputs, a.json, std::cout, std::cerr); }};
}

Command add_extract(CLI::App& app, inspect::ExtractRun& a) {
  CLI::App* cmd = app.add_subcommand(
      "extract", "Write resources of forge archives as files, as unpacking tools write them");
  cmd->add_option("ARCHIVE", a.inputs, "Archives, or directories holding them")
      ->required()
      ->type_name("PATH");
  cmd->add_option("-o,--output", a.out,
                  "Output directory: OUT/<archive>/<entry name>/<resource name>.<class>")
      ->required()
      ->type_name("DIR")
      ->check(kNonEmptyPath);
  cmd->add_option("--class", a.classes,
                  "Only resources of this class (Mesh, or 0x415D9568); repeatable")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("NAME");
  cmd->add_option("--id", a.ids,
                  "Only this resource, or every resource of this entry (0x... or decimal); "
                  "repeatable")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("ID");
  cmd->add_flag("--body", a.body_only,
                "Write the body alone, without the FileHeader the record keeps before it");
  cmd->add_flag("--textures", a.textures,
                "Write every TextureMap as images instead: NAME_ID.png (the top level) and "
                "NAME_ID.dds (every stored level, blocks untouched)");
  return {cmd, [&a] { return inspect::run_extract_command(a, std::cout, std::cerr); }};
}

int run_cli(int argc, char** argv) {
  CLI::App app{"forge2gltf " + std::string(version()) + ": convert " +
               joined(&Format::game, " and ") + " meshes to glTF 2.0"};
  app.set_version_flag("--version", std::string("forge2gltf ") + version());
  app.require_subcommand(1);
  app.footer("Exit codes: 0 every input converted, 1 some input failed, 2 usage error.");

  ConvertArgs convert_args;
  InfoArgs info_args;
  VerifyArgs verify_args;
  CensusArgs census_args;
  ScanArgs scan_args;
  ImportArgs import_args;
  LsArgs ls_args;
  inspect::ExtractRun extract_args;
  const std::vector<Command> commands = {
      add_convert(app, convert_args), add_info(app, info_args),       add_verify(app, verify_args),
      add_census(app, census_args),   add_scan(app, scan_args),       add_import(app, import_args),
      add_ls(app, ls_args),           add_extract(app, extract_args),
  };

  // --oodle: every command that reads or writes archives (scan reads raw files only).
  std::string oodle;
  for (const Command& c : commands)
    if (c.app->get_name() != "scan")
      c.app
          ->add_option("--oodle", oodle,
                       "Your copy of RAD's Oodle library (oo2core / liboo2corelinux64), opened "
                       "when an Oodle block needs it; default: $FORGE2GLTF_OODLE")
          ->type_name("LIB");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kExitUsage;  // --help and --version exit 0
  }
  install::use_oodle_library(install::oodle_library_choice(oodle));
  for (const Command& c : commands)
    if (c.app->parsed()) {
      const int code = c.run();
      io::end_by_interrupt_signal();  // an interrupted convert ends as Ctrl-C ends a program
      return code;
    }
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  io::keep_batch_heap();  // before any input: a batch's per-input memory stays paged in
  return io::run_guarded([&] { return run_cli(argc, argv); }, std::cerr);
}
