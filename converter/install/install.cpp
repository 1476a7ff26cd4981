#include "converter/install/install.h"

#include <filesystem>
#include <map>
#include <utility>

#include "formats/common/error.h"

namespace f2g::install {
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
      walk_entries(*install.archives[k].mapped, [&](EntryVisit& v) {
        if (!v.special() && v.directory())
          install.index.add_directory(k, v.index(), *v.directory());
        return true;
      });
    }
  }
}

void resolve_patch_order(Install& install, const std::vector<io::Job>&, IndexDepth) {
  install.index.resolve();
}

}  // namespace

const ir::Result<std::vector<archive::DirectoryEntry>>& EntryVisit::directory() {
  if (!directory_) {
    if (contents_ && *contents_)
      directory_.emplace((*contents_)->directory);
    else
      directory_.emplace(read_archive_directory(archive_, index_));
  }
  return *directory_;
}

const ir::Result<archive::EntryContents>& EntryVisit::contents() {
  if (!contents_) contents_.emplace(read_archive_entry(archive_, index_, observer_));
  return *contents_;
}

void walk_entries(const ArchiveView& archive, const std::function<bool(EntryVisit&)>& visit,
                  DecodeObserver* observer) {
  for (size_t i = 0; i < archive.archive.entries.size(); ++i) {
    EntryVisit v(archive, i, observer);
    if (!visit(v)) return;
  }
}

std::optional<ir::Result<LocatedResource>> Install::locate(uint64_t id) const {
  const archive::IndexedResource* r = index.find(id);
  if (!r) return std::nullopt;
  const MappedArchive& a = *archives[r->archive].mapped;  // indexed: its tables read
  ir::Result<archive::EntryContents> c = read_archive_entry(a.view(), r->entry);
  if (!c) return ir::Result<LocatedResource>(c.error());
  const archive::Entry& e = a.archive.entries[r->entry];
  if (c->kind == archive::EntryKind::CodecMissing)
    return ir::Result<LocatedResource>(ir::Diagnostic{
        archive::kOodleCode,
        "entry " + hex(e.file_id, 16) + " holds resource " + hex(id, 16) +
            " in Oodle-compressed blocks: name your copy of RAD's Oodle library with --oodle "
            "LIB (or FORGE2GLTF_OODLE) to read it",
        "archive/entries[" + std::to_string(r->entry) + "]", e.offset});
  if (r->slot >= c->resources.size() || c->resources[r->slot].id != id)
    return ir::Result<LocatedResource>(ir::Diagnostic{
        "INPUT_NOT_FOUND",
        "entry " + hex(a.archive.entries[r->entry].file_id, 16) +
            " does not hold the resource its directory lists (" + hex(id, 16) + ")",
        "archive/entries[" + std::to_string(r->entry) + "]", a.archive.entries[r->entry].offset});
  return ir::Result<LocatedResource>(LocatedResource{r->archive, r->entry, std::move(*c), r->slot});
}

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

}  // namespace f2g::install
