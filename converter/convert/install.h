// An install as one object (docs/ARCHITECTURE.md "An install as one object"): the forge
// archives among a run's inputs, each mapped once with its tables read, and one index of
// their resources by id (archive::InstallIndex), built by the link passes below in order.
// Entries are then read one at a time (read_archive_entry), so memory stays bounded by the
// entries in flight, not by the install.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "converter/convert/archive_inputs.h"
#include "converter/io/inputs.h"
#include "formats/archive/archive.h"

namespace f2g::convert {

struct InstalledArchive {
  size_t job = 0;                       // in the jobs the install was opened from
  std::optional<MappedArchive> mapped;  // unset when `error`
  std::optional<ir::Diagnostic> error;  // the tables did not read: the archive is one failure
};

// How much of the install the index holds: the directories patch order needs (every forge
// above the base of a folder's base name, the base's own ids winning nothing over them), or
// every entry's directory (find() over the whole install).
enum class IndexDepth { Patches, Whole };

struct Install {
  std::vector<InstalledArchive> archives;  // in job order; archive k is index archive k
  archive::InstallIndex index;

  // True when a patch of archive `archive`'s group holds `id`: that copy is not read.
  bool superseded(size_t archive, uint64_t id) const { return index.superseded(archive, id); }
};

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

}  // namespace f2g::convert
