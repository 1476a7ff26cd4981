// An install as one object (docs/ARCHITECTURE.md "An install as one object"): the forge
// archives among a run's inputs, each mapped once with its tables read, and one index of
// their resources by id (archive::InstallIndex), built by the link passes below in order.
// Entries are then read one at a time (read_archive_entry), so memory stays bounded by the
// entries in flight, not by the install.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "converter/install/archive_inputs.h"
#include "converter/io/inputs.h"
#include "formats/archive/archive.h"

namespace f2g::install {

struct InstalledArchive {
  size_t job = 0;                       // in the jobs the install was opened from
  std::optional<MappedArchive> mapped;  // unset when `error`
  std::optional<ir::Diagnostic> error;  // the tables did not read: the archive is one failure
};

// How much of the install the index holds: the directories patch order needs (every forge
// above the base of a folder's base name, the base's own ids winning nothing over them), or
// every entry's directory (find() over the whole install).
enum class IndexDepth { Patches, Whole };

// A resource found by id (Install::locate): its archive, the entry read, its place there.
struct LocatedResource {
  size_t archive = 0;
  size_t entry = 0;
  archive::EntryContents contents;
  size_t resource = 0;  // in contents.resources
};

struct Install {
  std::vector<InstalledArchive> archives;  // in job order; archive k is index archive k
  archive::InstallIndex index;

  // True when a patch of archive `archive`'s group holds `id`: that copy is not read.
  bool superseded(size_t archive, uint64_t id) const { return index.superseded(archive, id); }
  // The copy of resource `id` the install reads (an install opened with IndexDepth::Whole),
  // its entry read: nullopt when no directory holds it, the entry's error when it does not
  // read.
  std::optional<ir::Result<LocatedResource>> locate(uint64_t id) const;
};

// One entry of an archive as the walk hands it on: read lazily, as the visitor asks (its
// directory alone, or the whole entry once), its pages given back after each read.
class EntryVisit {
 public:
  EntryVisit(const ArchiveView& archive, size_t index, DecodeObserver* observer)
      : archive_(archive), index_(index), observer_(observer) {}
  size_t index() const { return index_; }
  const archive::Entry& entry() const { return archive_.archive.entries[index_]; }
  // PrefetchingFileInfos and GlobalMetaFile: listed and passed over (archive::is_special).
  bool special() const { return archive::is_special(entry()); }
  const ir::Result<std::vector<archive::DirectoryEntry>>& directory();
  const ir::Result<archive::EntryContents>& contents();

 private:
  const ArchiveView& archive_;
  size_t index_;
  DecodeObserver* observer_;
  std::optional<ir::Result<std::vector<archive::DirectoryEntry>>> directory_;
  std::optional<ir::Result<archive::EntryContents>> contents_;
};

// The one walk over an archive's entries, in index order, for every command that lists,
// extracts, counts or searches them; `visit` returns false to stop. `observer` (census)
// receives the check outcomes of every entry read.
void walk_entries(const ArchiveView& archive, const std::function<bool(EntryVisit&)>& visit,
                  DecodeObserver* observer = nullptr);
inline void walk_entries(const MappedArchive& archive,
                         const std::function<bool(EntryVisit&)>& visit,
                         DecodeObserver* observer = nullptr) {
  walk_entries(archive.view(), visit, observer);
}

// One step of opening an install, named so a command's pipeline reads as its list.
struct LinkPass {
  const char* name;
  void (*run)(Install& install, const std::vector<io::Job>& jobs, IndexDepth depth);
};
// "index" (the directories the depth asks for), "patch order" (InstallIndex::resolve).
const std::vector<LinkPass>& link_passes();

// The archives among `jobs` (at `archive_jobs`, archive_jobs() of archive_inputs.h) opened,
// then every link pass run. An entry whose directory does not read adds no ids: its own read
// reports it.
Install open_install(const std::vector<io::Job>& jobs, const std::vector<size_t>& archive_jobs,
                     IndexDepth depth);

}  // namespace f2g::install
