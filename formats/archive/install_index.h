// An install's resources by id (docs/ARCHITECTURE.md "An install as one object"): every
// archive of a run, each entry's directory, patch order applied once. Pure: the converter
// reads the tables and directories and hands them in, so nothing here does I/O or decodes a
// record; what a pass learns later (a record's class and name) is noted per entry.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/archive/entry.h"
#include "formats/common/error.h"

namespace f2g::archive {

struct IndexedResource {
  uint64_t id = 0;
  uint32_t archive = 0;  // in the order of add_archive
  uint32_t entry = 0;    // the archive's entry index
  uint32_t slot = 0;     // the place in the entry's directory, = its record's
  uint32_t record_size = 0;
  uint16_t flags = 0;
  bool records_read = false;  // class and name are known (note_records)
  uint32_t class_id = 0;
  std::string name;
};

class InstallIndex {
 public:
  // `group` joins a base forge with its patches (the converter: the folder and base name);
  // `file_name` gives the patch order (forge_name: base < _patch_01 < _patch_02 ...).
  size_t add_archive(const std::string& group, const std::string& file_name);
  // Entry `entry` of `archive` holds `directory` (read_directory); once per entry.
  void add_directory(size_t archive, size_t entry, const std::vector<DirectoryEntry>& directory);
  // The patch-order pass: every id's copies ordered, the one the install reads first. A
  // resource id held twice in one archive is ARCHIVE_RESOURCE_REPEATED, the copy in the
  // earlier entry (then the earlier record) winning. Run after the last add_directory.
  void resolve();

  // The copy of `id` the install reads: the highest patch; between equal patch numbers the
  // later file name (archive::supersedes), then the archive added first. nullptr when no
  // directory added holds it.
  const IndexedResource* find(uint64_t id) const;
  // Every copy of `id`, the one find() gives first.
  std::vector<const IndexedResource*> copies(uint64_t id) const;
  // True when another archive of `archive`'s patch group holds `id` and supersedes it.
  bool superseded(size_t archive, uint64_t id) const;
  // The resources of class `class_id` that the install reads, among the entries whose records
  // were noted, in id order.
  std::vector<const IndexedResource*> by_class(uint32_t class_id) const;

  // A pass that read an entry's records says what they hold: class and name per resource.
  void note_records(size_t archive, size_t entry, const EntryContents& contents);

  size_t size() const { return resources_.size(); }
  const std::vector<Error>& warnings() const { return warnings_; }

 private:
  struct Archive {
    std::string group, file_name;
    std::vector<std::pair<uint32_t, uint32_t>> entries;  // [first, end) in resources_
  };
  bool wins(const IndexedResource& a, const IndexedResource& b) const;
  std::pair<size_t, size_t> range_of(uint64_t id) const;  // in order_

  std::vector<Archive> archives_;
  std::vector<IndexedResource> resources_;
  std::vector<uint32_t> order_;  // resources_ sorted by id, each id's winner first
  std::vector<Error> warnings_;
};

}  // namespace f2g::archive
