#include "converter/convert/convert_command.h"

#include <cstdio>
#include <filesystem>
#include <memory>

#include "converter/convert/batch.h"
#include "converter/convert/convert_plan.h"
#include "converter/convert/output_paths.h"
#include "converter/convert/report.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/skeleton_library.h"
#include "converter/install/texture_library.h"
#include "converter/io/inputs.h"
#include "converter/io/interrupt.h"

namespace f2g::convert {

namespace {

namespace fs = std::filesystem;

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int usage_error(const std::string& message) {
  std::fprintf(stderr, "forge2gltf: %s\n", message.c_str());
  return kExitUsage;
}

}  // namespace

int run_convert_command(const ConvertRun& run) {
  const fs::path out = run.out;
  std::error_code ec;
  if (run.out.empty()) return usage_error("-o: the OUT directory is an empty path");
  if (fs::exists(out, ec) && !fs::is_directory(out, ec))
    return usage_error("-o " + run.out + ": exists and is not a directory");
  for (const std::string& p : run.library)
    if (!fs::exists(p, ec)) return usage_error("--library " + p + ": no such file or directory");
  // Found now, not when the report is renamed into place after the whole batch.
  if (!run.report.empty() && fs::is_directory(run.report, ec))
    return usage_error("--report " + run.report + ": is a directory");

  // Archives are opened and their tables read here, before the first item starts: a
  // layout-only break is a warning line of its archive, once.
  // Materials and texture maps are found by id anywhere in the install: every directory read.
  const ConvertPlan plan = plan_convert(
      io::expand_inputs(run.inputs, out), out,
      run.textures ? install::IndexDepth::Whole : install::IndexDepth::Patches, run.options.gltf);
  for (const install::InstalledArchive& ia : plan.install.archives)
    if (ia.mapped)
      for (const ir::Diagnostic& w : ia.mapped->archive.warnings)
        std::fprintf(stderr, "%s\n",
                     install::archive_warning_line(plan.jobs[ia.job].display, w).c_str());

  // Skeletons are looked up in the input archives and --library before the first mesh
  // converts; a loose mesh is paired with --library skeletons only, so without --library it
  // is not paired at all.
  ConvertOptions options = run.options;
  install::SkeletonLibrary skeletons;
  if (run.skeletons && (!run.library.empty() || !plan.install.archives.empty())) {
    install::add_install_skeletons(plan.install, plan.jobs, run.jobs, skeletons);
    if (auto err = install::add_library_skeletons(run.library, run.jobs, skeletons))
      return usage_error(err->message);
    for (const ir::Diagnostic& w : skeletons.warnings)
      std::fprintf(stderr, "forge2gltf: warning: %s\n", w.to_string().c_str());
    options.skeletons = &skeletons;
  }
  std::optional<install::TextureLibrary> textures;
  if (run.textures) {
    install::TextureOptions texture_options;
    texture_options.max_size = run.texture_size;
    textures.emplace(plan.install, plan.jobs, texture_options);
    if (auto err = textures->add_library(run.library)) return usage_error(err->message);
    options.textures = &*textures;
  }

  BatchOptions batch;
  batch.jobs = run.jobs;
  batch.progress = !run.quiet && run.progress;
  std::unique_ptr<ReportWriter> report;
  if (!run.report.empty()) {
    report = std::make_unique<ReportWriter>(run.report);
    if (report->error()) return usage_error("--report: " + report->error()->message);
  }
  for (BatchStage* s : run.stages)
    if (auto err = s->start()) return usage_error(*err);
  batch.on_result = [&](const FileResult& converted) {
    if (run.stages.empty()) {
      if (report) report->add(converted);
      return;
    }
    FileResult r = converted;  // the stages may add to it (the validator's verdict)
    for (BatchStage* s : run.stages) s->on_result(r, batch.progress);
    if (report) report->add(r);
  };

  io::install_interrupt_handlers();  // Ctrl-C: finish what is in flight, then report and stop
  batch.stop = &io::interrupt_requested();
  BatchResult result = run_batch(plan, options, batch);
  if (textures)
    for (const ir::Diagnostic& w : textures->run_warnings())
      std::fprintf(stderr, "forge2gltf: warning: %s\n", w.to_string().c_str());
  for (BatchStage* s : run.stages) s->add_totals(result.totals);
  // The stages' counts can fail a run the batch alone did not (validator errors).
  if (exit_code_of(result.totals) != 0) result.exit_code = kExitFailed;
  int code = result.exit_code;
  if (report) {
    if (auto err = report->finish(result.totals)) {
      std::fprintf(stderr, "%s\n", failure_line(run.report, *err).c_str());
      code = kExitFailed;
    }
  }
  for (BatchStage* s : run.stages)
    if (auto line = s->finish()) {
      std::fprintf(stderr, "%s\n", line->c_str());
      code = kExitFailed;
    }
  if (!run.quiet) std::fputs(summary_text(result.totals).c_str(), stdout);
  if (result.interrupted || io::interrupt_requested()) {  // also one during the report or a stage
    std::fprintf(stderr,
                 "forge2gltf: interrupted: %llu inputs done, %llu not started; every output "
                 "written is complete\n",
                 static_cast<unsigned long long>(result.totals.inputs),
                 static_cast<unsigned long long>(result.not_started));
    code = io::interrupted_exit_code();
  }
  return code;
}

}  // namespace f2g::convert
