#include "converter/convert/convert_plan.h"

#include <algorithm>
#include <map>
#include <utility>

#include "converter/convert/archive_names.h"

namespace f2g::convert {
namespace fs = std::filesystem;

bool ConvertPlan::superseded(size_t archive, uint64_t resource_id) const {
  const int g = archives[archive].group;
  if (g < 0) return false;
  const auto it = winners[size_t(g)].find(resource_id);
  return it != winners[size_t(g)].end() && it->second != archive;
}

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

std::string file_name_of(const io::Job& job) { return fs::path(job.input).filename().string(); }

// Reads the tables of the archive of `job`, lists its entries and what they are.
PlannedArchive open_planned(const std::vector<io::Job>& jobs, size_t job) {
  PlannedArchive pa;
  pa.job = job;
  pa.directory = archive_directory(jobs[job].relative);
  ir::Result<MappedArchive> mapped = open_archive(jobs[job].input);
  if (!mapped) {
    pa.error = mapped.error();
    return pa;
  }
  pa.mapped = std::move(*mapped);
  const archive::Archive& a = pa.mapped->archive;
  pa.entry_dirs = entry_directories(a);
  pa.found.archives = 1;
  pa.found.entries = a.entries.size();
  for (const archive::Entry& e : a.entries)
    if (archive::is_special(e)) ++pa.found.special_entries;
  for (const ir::Diagnostic& w : a.warnings) ++pa.found.warnings_by_code[w.code];
  return pa;
}

// Patch groups: the archives of one base name in one folder; with two or more, every forge
// above the base has its directories read and each resource id goes to the forge that wins it.
void resolve_patches(ConvertPlan& plan) {
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> groups;
  for (size_t k = 0; k < plan.archives.size(); ++k) {
    const PlannedArchive& pa = plan.archives[k];
    if (!pa.mapped) continue;
    const io::Job& job = plan.jobs[pa.job];
    const std::string folder = fs::path(job.input).parent_path().lexically_normal().string();
    groups[{folder, archive::forge_name(file_name_of(job)).base}].push_back(k);
  }
  for (auto& [key, members] : groups) {
    if (members.size() < 2) continue;
    // Lowest first: the base forge, then patch 01, 02, ...
    std::sort(members.begin(), members.end(), [&](size_t a, size_t b) {
      return archive::supersedes(file_name_of(plan.jobs[plan.archives[b].job]),
                                 file_name_of(plan.jobs[plan.archives[a].job]));
    });
    const int g = static_cast<int>(plan.winners.size());
    std::unordered_map<uint64_t, size_t>& winners = plan.winners.emplace_back();
    for (size_t m = 0; m < members.size(); ++m) {
      const size_t k = members[m];
      plan.archives[k].group = g;
      if (m == 0) continue;  // the base's ids win nothing over a patch: not needed
      const MappedArchive& a = *plan.archives[k].mapped;
      for (size_t i = 0; i < a.archive.entries.size(); ++i) {
        if (archive::is_special(a.archive.entries[i])) continue;
        // An entry whose directory does not read fails in its own item; its ids win nothing.
        ir::Result<std::vector<archive::DirectoryEntry>> dir = read_archive_directory(a, i);
        if (!dir) continue;
        for (const archive::DirectoryEntry& d : *dir) winners[d.id] = k;  // later members win
      }
    }
  }
}

}  // namespace

ConvertPlan plan_convert(std::vector<io::Job> jobs, const fs::path& out_dir, bool gltf) {
  ConvertPlan plan;
  plan.out_dir = out_dir;
  plan.gltf = gltf;
  const std::vector<size_t> archive_list = archive_jobs(jobs);
  std::vector<int64_t> archive_of(jobs.size(), -1);
  for (size_t job : archive_list) {
    archive_of[job] = static_cast<int64_t>(plan.archives.size());
    plan.archives.push_back(open_planned(jobs, job));
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
  for (PlannedArchive& pa : plan.archives) {
    const std::string key = (out_dir / pa.directory).lexically_normal().generic_string();
    auto [it, fresh] = directory_owner.emplace(key, pa.job);
    if (!fresh)
      pa.output_error =
          ir::Diagnostic{"OUTPUT_COLLISION",
                         key + " is already the output directory of " + jobs[it->second].display +
                             "; convert the two archives into different directories",
                         "", 0};
  }
  plan.jobs = std::move(jobs);
  resolve_patches(plan);
  for (size_t i = 0; i < plan.jobs.size(); ++i) {
    WorkItem item;
    item.job = i;
    item.archive = archive_of[i];
    if (item.archive < 0) {
      item.size = plan.jobs[i].size;
      plan.items.push_back(item);
      continue;
    }
    const PlannedArchive& pa = plan.archives[size_t(item.archive)];
    const size_t first = plan.items.size();
    if (!pa.mapped) {  // one item: the archive's failure
      item.size = plan.jobs[i].size;
      plan.items.push_back(item);
    } else {
      const std::vector<archive::Entry>& entries = pa.mapped->archive.entries;
      for (size_t e = 0; e < entries.size(); ++e) {
        if (archive::is_special(entries[e])) continue;
        item.entry = static_cast<uint32_t>(e);
        item.size = entries[e].size;
        plan.items.push_back(item);
      }
    }
    if (plan.items.size() > first) plan.items.back().last_of_archive = true;
  }
  return plan;
}

}  // namespace f2g::convert
