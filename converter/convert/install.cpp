#include "converter/convert/install.h"

#include <filesystem>
#include <map>
#include <utility>

namespace f2g::convert {
namespace fs = std::filesystem;

namespace {

std::string file_name_of(const io::Job& job) { return fs::path(job.input).filename().string(); }

// A folder's forges of one base name: a base and its patches (docs/READING.md "Patches").
std::string group_of(const io::Job& job) {
  const std::string folder = fs::path(job.input).parent_path().lexically_normal().string();
  return folder + '\n' + archive::forge_name(file_name_of(job)).base;
}

void index_directories(Install& install, const std::vector<io::Job>& jobs, IndexDepth depth) {
  std::map<std::string, std::vector<size_t>> groups;
  for (size_t k = 0; k < install.archives.size(); ++k)
    if (install.archives[k].mapped) groups[group_of(jobs[install.archives[k].job])].push_back(k);
  for (const auto& [group, members] : groups) {
    // The lowest forge of a group: its ids supersede nothing, so patch order needs none of
    // its directories.
    size_t base = members[0];
    for (size_t k : members)
      if (archive::supersedes(file_name_of(jobs[install.archives[base].job]),
                              file_name_of(jobs[install.archives[k].job])))
        base = k;
    for (size_t k : members) {
      if (depth == IndexDepth::Patches && (members.size() < 2 || k == base)) continue;
      const MappedArchive& a = *install.archives[k].mapped;
      for (size_t i = 0; i < a.archive.entries.size(); ++i) {
        if (archive::is_special(a.archive.entries[i])) continue;
        ir::Result<std::vector<archive::DirectoryEntry>> dir = read_archive_directory(a, i);
        if (dir) install.index.add_directory(k, i, *dir);
      }
    }
  }
}

void resolve_patch_order(Install& install, const std::vector<io::Job>&, IndexDepth) {
  install.index.resolve();
}

}  // namespace

const std::vector<LinkPass>& link_passes() {
  static const std::vector<LinkPass> passes = {{"index", index_directories},
                                               {"patch order", resolve_patch_order}};
  return passes;
}

Install open_install(const std::vector<io::Job>& jobs, const std::vector<size_t>& archive_jobs,
                     IndexDepth depth) {
  Install install;
  for (size_t job : archive_jobs) {
    InstalledArchive ia;
    ia.job = job;
    ir::Result<MappedArchive> mapped = open_archive(jobs[job].input);
    if (mapped)
      ia.mapped = std::move(*mapped);
    else
      ia.error = mapped.error();
    install.index.add_archive(group_of(jobs[job]), file_name_of(jobs[job]));
    install.archives.push_back(std::move(ia));
  }
  for (const LinkPass& pass : link_passes()) pass.run(install, jobs, depth);
  return install;
}

}  // namespace f2g::convert
