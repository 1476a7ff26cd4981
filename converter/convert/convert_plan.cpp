#include "converter/convert/convert_plan.h"

#include <algorithm>
#include <map>
#include <utility>

#include "converter/convert/archive_names.h"

namespace f2g::convert {
namespace fs = std::filesystem;

ConvertPlan plan_files(const std::vector<io::Job>& jobs, const std::vector<OutputPath>& outputs) {
  ConvertPlan plan;
  plan.jobs = jobs;
  plan.outputs = outputs;
  for (size_t i = 0; i < jobs.size(); ++i) {
    WorkItem item;
    item.job = i;
    item.size = jobs[i].size;
    plan.items.push_back(item);
  }
  return plan;
}

namespace {

// What the tables of archive `k` of the install say, and where its outputs go.
PlannedArchive planned(const install::Install& install, size_t k, const io::Job& job) {
  PlannedArchive pa;
  pa.directory = archive_directory(job.relative);
  if (!install.archives[k].mapped) return pa;
  const archive::Archive& a = install.archives[k].mapped->archive;
  pa.entry_dirs = entry_directories(a);
  pa.found.archives = 1;
  pa.found.entries = a.entries.size();
  for (const archive::Entry& e : a.entries)
    if (archive::is_special(e)) ++pa.found.special_entries;
  for (const ir::Diagnostic& w : a.warnings) ++pa.found.warnings_by_code[w.code];
  return pa;
}

}  // namespace

ConvertPlan plan_convert(std::vector<io::Job> jobs, const fs::path& out_dir,
                         install::IndexDepth depth, bool gltf) {
  ConvertPlan plan;
  plan.out_dir = out_dir;
  plan.gltf = gltf;
  const std::vector<size_t> archive_list = install::archive_jobs(jobs);
  plan.install = install::open_install(jobs, archive_list, depth);
  std::vector<int64_t> archive_of(jobs.size(), -1);
  for (size_t k = 0; k < archive_list.size(); ++k) {
    archive_of[archive_list[k]] = static_cast<int64_t>(k);
    plan.archives.push_back(planned(plan.install, k, jobs[archive_list[k]]));
  }
  // Mesh files' outputs, planned among themselves (an archive has no output of its own).
  std::vector<io::Job> files;
  for (size_t i = 0; i < jobs.size(); ++i)
    if (archive_of[i] < 0) files.push_back(jobs[i]);
  std::vector<OutputPath> file_outputs = plan_outputs(files, out_dir, gltf);
  plan.outputs.resize(jobs.size());
  for (size_t i = 0, f = 0; i < jobs.size(); ++i)
    if (archive_of[i] < 0) plan.outputs[i] = std::move(file_outputs[f++]);
  // Two archives whose directories coincide (the same relative path under two INPUTs).
  std::map<std::string, size_t> directory_owner;
  for (size_t k = 0; k < plan.archives.size(); ++k) {
    PlannedArchive& pa = plan.archives[k];
    const std::string key = (out_dir / pa.directory).lexically_normal().generic_string();
    auto [it, fresh] = directory_owner.emplace(key, plan.install.archives[k].job);
    if (!fresh)
      pa.output_error =
          ir::Diagnostic{"OUTPUT_COLLISION",
                         key + " is already the output directory of " + jobs[it->second].display +
                             "; convert the two archives into different directories",
                         "", 0};
  }
  plan.jobs = std::move(jobs);
  for (size_t i = 0; i < plan.jobs.size(); ++i) {
    WorkItem item;
    item.job = i;
    item.archive = archive_of[i];
    if (item.archive < 0) {
      item.size = plan.jobs[i].size;
      plan.items.push_back(item);
      continue;
    }
    const install::InstalledArchive& ia = plan.install.archives[size_t(item.archive)];
    const size_t first = plan.items.size();
    if (!ia.mapped) {  // one item: the archive's failure
      item.size = plan.jobs[i].size;
      plan.items.push_back(item);
    } else {
      install::walk_entries(*ia.mapped, [&](install::EntryVisit& v) {
        if (v.special()) return true;
        item.entry = static_cast<uint32_t>(v.index());
        item.size = v.entry().size;
        plan.items.push_back(item);
        return true;
      });
    }
    if (plan.items.size() > first) plan.items.back().last_of_archive = true;
  }
  return plan;
}

}  // namespace f2g::convert
