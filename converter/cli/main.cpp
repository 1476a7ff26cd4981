// forge2gltf: the command line, the only CLI11 user (ARCHITECTURE.md "CLI"). Each subcommand
// is one add_* function that declares its flags and returns how to run it; adding a
// subcommand is one more add_* and one line in main(), a convert flag one line in
// add_convert and one in run_convert.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "converter/batch.h"
#include "converter/info.h"
#include "converter/inputs.h"
#include "converter/output_paths.h"
#include "converter/report.h"
#include "converter/version.h"
#include "converter/vertex_tables.h"

namespace {

namespace fs = std::filesystem;
using namespace f2g;
using namespace f2g::convert;

// Exit codes (ARCHITECTURE.md "CLI"): 0 all converted, 1 some inputs failed, 2 usage.
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int usage_error(const std::string& message) {
  std::fprintf(stderr, "forge2gltf: %s\n", message.c_str());
  return kExitUsage;
}

FormatKind format_of(const std::string& s) {
  return s == "sws" ? FormatKind::Sws : s == "rr" ? FormatKind::Rr : FormatKind::Auto;
}

// --format and --vertex-formats: shared by every subcommand that decodes.
struct DecodeArgs {
  std::string format = "auto";
  std::vector<std::string> vertex_formats;

  void add_to(CLI::App& cmd) {
    cmd.add_option("--format", format, "Input format; auto detects by content")
        ->check(CLI::IsMember({"auto", "sws", "rr"}))
        ->default_str("auto");
    cmd.add_option("--vertex-formats", vertex_formats,
                   "JSON vertex-format table replacing the built-in one of its \"format\" "
                   "(sws or rr); repeatable, one per format")
        ->expected(1)
        ->allow_extra_args(false)  // one FILE per flag: never swallow the INPUTs after it
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->type_name("FILE");
  }
};

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
  DecodeArgs decode;
};

int run_convert(const ConvertArgs& a) {
  ir::Result<VertexTables> tables = load_vertex_tables(a.decode.vertex_formats);
  if (!tables) return usage_error(tables.error().message);
  const fs::path out = a.out;
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_directory(out, ec))
    return usage_error("-o " + a.out + ": exists and is not a directory");

  const std::vector<Job> jobs = expand_inputs(a.inputs, out);
  const std::vector<OutputPath> outputs = plan_outputs(jobs, out, a.gltf);

  ConvertOptions options;
  options.format = format_of(a.decode.format);
  options.tables = &*tables;
  options.gltf = a.gltf;
  options.force = a.force;
  options.strict = a.strict;
  BatchOptions batch;
  batch.jobs = a.jobs;
  batch.progress = !a.quiet && ::isatty(STDERR_FILENO);
  std::unique_ptr<ReportWriter> report;
  if (!a.report.empty()) {
    report = std::make_unique<ReportWriter>(a.report);
    if (report->error()) return usage_error("--report: " + report->error()->message);
    batch.on_result = [&report](const FileResult& r) { report->add(r); };
  }

  const BatchResult result = run_batch(jobs, outputs, options, batch);
  int code = result.exit_code;
  if (report) {
    if (auto err = report->finish(result.totals)) {
      std::fprintf(stderr, "%s\n", failure_line(a.report, *err).c_str());
      code = kExitFailed;
    }
  }
  if (!a.quiet) std::fputs(summary_text(result.totals).c_str(), stdout);
  return code;
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
  return {cmd, [&a] { return run_convert(a); }};
}

// ---- info ------------------------------------------------------------------------------

struct InfoArgs {
  std::string input;
  bool json = false;
  DecodeArgs decode;
};

int run_info(const InfoArgs& a) {
  ir::Result<VertexTables> tables = load_vertex_tables(a.decode.vertex_formats);
  if (!tables) return usage_error(tables.error().message);
  InfoOptions options;
  options.format = format_of(a.decode.format);
  options.tables = &*tables;
  std::error_code ec;
  if (!fs::is_regular_file(a.input, ec)) {
    std::fprintf(stderr, "%s\n",
                 failure_line(a.input, ir::Diagnostic{fs::exists(a.input, ec) ? "INPUT_NOT_A_FILE"
                                                                              : "INPUT_NOT_FOUND",
                                                      fs::exists(a.input, ec)
                                                          ? "not a regular file"
                                                          : "no such file or directory",
                                                      "", 0})
                     .c_str());
    return kExitFailed;
  }
  ir::Result<nlohmann::json> info = info_json(a.input, a.input, options);
  if (!info) {
    std::fprintf(stderr, "%s\n", failure_line(a.input, info.error()).c_str());
    return kExitFailed;
  }
  if (a.json)
    std::fputs((info->dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n").c_str(),
               stdout);
  else
    std::fputs(info_text(*info).c_str(), stdout);
  return 0;
}

Command add_info(CLI::App& app, InfoArgs& a) {
  CLI::App* cmd =
      app.add_subcommand("info", "Show the decoded structure, every check and the warnings");
  cmd->add_option("INPUT", a.input, "One mesh file")->required();
  cmd->add_flag("--json", a.json, "Print the JSON document instead of text");
  a.decode.add_to(*cmd);
  return {cmd, [&a] { return run_info(a); }};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"forge2gltf " + std::string(version()) +
               ": convert Shaun White Skateboarding and Riders Republic meshes to glTF 2.0"};
  app.set_version_flag("--version", std::string("forge2gltf ") + version());
  app.require_subcommand(1);
  app.footer("Exit codes: 0 every input converted, 1 some input failed, 2 usage error.");

  ConvertArgs convert_args;
  InfoArgs info_args;
  const std::vector<Command> commands = {
      add_convert(app, convert_args),
      add_info(app, info_args),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kExitUsage;  // --help and --version exit 0
  }
  for (const Command& c : commands)
    if (c.app->parsed()) return c.run();
  return kExitUsage;
}
