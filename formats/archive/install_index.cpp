// The install's index (install_index.h): resources in the order their directories came, then
// one sort by id and patch order; look-ups are binary searches over that order.
#include "formats/archive/install_index.h"

#include <algorithm>

#include "formats/archive/patch.h"

namespace f2g::archive {

size_t InstallIndex::add_archive(const std::string& group, const std::string& file_name) {
  Archive a;
  a.group = group;
  a.file_name = file_name;
  archives_.push_back(std::move(a));
  return archives_.size() - 1;
}

void InstallIndex::add_directory(size_t archive, size_t entry,
                                 const std::vector<DirectoryEntry>& directory) {
  Archive& a = archives_.at(archive);
  if (a.entries.size() <= entry) a.entries.resize(entry + 1, {0, 0});
  const uint32_t first = static_cast<uint32_t>(resources_.size());
  for (size_t k = 0; k < directory.size(); ++k) {
    IndexedResource r;
    r.id = directory[k].id;
    r.archive = static_cast<uint32_t>(archive);
    r.entry = static_cast<uint32_t>(entry);
    r.slot = static_cast<uint32_t>(k);
    r.record_size = directory[k].record_size;
    r.flags = directory[k].flags;
    resources_.push_back(std::move(r));
  }
  a.entries[entry] = {first, static_cast<uint32_t>(resources_.size())};
}

// Patch order between two copies of one id (docs/READING.md "Forge archives", "Patches").
bool InstallIndex::wins(const IndexedResource& a, const IndexedResource& b) const {
  if (a.archive != b.archive) {
    const Archive &x = archives_[a.archive], &y = archives_[b.archive];
    if (supersedes(x.file_name, y.file_name)) return true;
    if (supersedes(y.file_name, x.file_name)) return false;
    return a.archive < b.archive;
  }
  return a.entry != b.entry ? a.entry < b.entry : a.slot < b.slot;
}

void InstallIndex::resolve() {
  order_.resize(resources_.size());
  for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<uint32_t>(i);
  std::sort(order_.begin(), order_.end(), [&](uint32_t x, uint32_t y) {
    const IndexedResource &a = resources_[x], &b = resources_[y];
    return a.id != b.id ? a.id < b.id : wins(a, b);
  });
  warnings_.clear();
  for (size_t i = 1; i < order_.size(); ++i) {
    const IndexedResource &a = resources_[order_[i - 1]], &b = resources_[order_[i]];
    if (a.id != b.id || a.archive != b.archive) continue;
    const Archive& x = archives_[a.archive];
    warnings_.push_back(Error{"ARCHIVE_RESOURCE_REPEATED",
                              x.file_name + ": resource " + hex(a.id, 16) + " is in entries " +
                                  std::to_string(a.entry) + " and " + std::to_string(b.entry) +
                                  "; the copy in entry " + std::to_string(a.entry) + " (record " +
                                  std::to_string(a.slot) + ") is the one read",
                              "archive/entries[" + std::to_string(b.entry) + "]/directory[" +
                                  std::to_string(b.slot) + "]",
                              0});
  }
}

std::pair<size_t, size_t> InstallIndex::range_of(uint64_t id) const {
  const auto lo = std::lower_bound(order_.begin(), order_.end(), id,
                                   [&](uint32_t i, uint64_t v) { return resources_[i].id < v; });
  auto hi = lo;
  while (hi != order_.end() && resources_[*hi].id == id) ++hi;
  return {size_t(lo - order_.begin()), size_t(hi - order_.begin())};
}

const IndexedResource* InstallIndex::find(uint64_t id) const {
  const auto [lo, hi] = range_of(id);
  return lo == hi ? nullptr : &resources_[order_[lo]];
}

std::vector<const IndexedResource*> InstallIndex::copies(uint64_t id) const {
  const auto [lo, hi] = range_of(id);
  std::vector<const IndexedResource*> out;
  for (size_t i = lo; i < hi; ++i) out.push_back(&resources_[order_[i]]);
  return out;
}

bool InstallIndex::superseded(size_t archive, uint64_t id) const {
  const Archive& mine = archives_.at(archive);
  const auto [lo, hi] = range_of(id);
  for (size_t i = lo; i < hi; ++i) {
    const Archive& other = archives_[resources_[order_[i]].archive];
    if (other.group == mine.group && supersedes(other.file_name, mine.file_name)) return true;
  }
  return false;
}

std::vector<const IndexedResource*> InstallIndex::by_class(uint32_t class_id) const {
  std::vector<const IndexedResource*> out;
  for (size_t i = 0; i < order_.size(); ++i) {
    const IndexedResource& r = resources_[order_[i]];
    const bool winner = i == 0 || resources_[order_[i - 1]].id != r.id;
    if (winner && r.records_read && r.class_id == class_id) out.push_back(&r);
  }
  return out;
}

void InstallIndex::note_records(size_t archive, size_t entry, const EntryContents& contents) {
  const Archive& a = archives_.at(archive);
  if (entry >= a.entries.size()) return;
  const auto [first, end] = a.entries[entry];
  for (uint32_t i = first; i < end; ++i) {
    IndexedResource& r = resources_[i];
    if (r.slot >= contents.resources.size()) continue;
    r.class_id = contents.resources[r.slot].class_id;
    r.name = contents.resources[r.slot].name;
    r.records_read = true;
  }
}

}  // namespace f2g::archive
