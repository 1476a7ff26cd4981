#include "converter/install/skeleton_library.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>

#include "converter/install/archive_inputs.h"
#include "converter/io/input_file.h"
#include "converter/io/worker_pool.h"
#include "formats/common/classes.h"
#include "formats/common/error.h"
#include "formats/registry.h"

namespace f2g::install {
namespace {

const std::vector<uint32_t> kNone;

// One Skeleton body read by `format` (its Format::skeleton): the tree, or nullopt when not even
// a bone core is found (the reading's error then goes to `error`).
std::optional<SkeletonReading> read_tree(const Format& format, const uint8_t* body, size_t size,
                                         ir::Diagnostic* error) {
  Result<SkeletonReading> r = format.skeleton(body, size, nullptr);
  if (!r) {
    if (error) *error = r.error();
    return std::nullopt;
  }
  return std::move(*r);
}

LibrarySkeleton skeleton_of(uint64_t id, std::string where, SkeletonReading reading) {
  LibrarySkeleton s;
  s.id = id;
  s.where = std::move(where);
  s.tree = std::move(reading.tree);
  s.core_why = std::move(reading.why);
  return s;
}

// The skeletons of one archive entry's contents, in record order; failures as warnings.
void contents_skeletons(const MappedArchive& a, const Install& install, size_t archive,
                        size_t entry, const archive::EntryContents& contents,
                        const std::string& display, std::vector<LibrarySkeleton>& out,
                        std::vector<ir::Diagnostic>& warnings) {
  const archive::Dialect* dialect = a.archive.dialect;
  const Format* game = dialect ? find_format(dialect->name) : nullptr;
  if (!game || !game->skeleton || contents.kind != archive::EntryKind::Resources) return;
  static const uint32_t kSkeleton = class_id("Skeleton");
  for (const archive::Resource& r : contents.resources) {
    if (r.class_id != kSkeleton || install.superseded(archive, r.id)) continue;
    const ResourceBytes b = resource_file_bytes(contents, r);
    const std::string where =
        display + ":" + hex(a.archive.entries[entry].file_id, 16) + "/" + hex(r.id, 16);
    ir::Diagnostic error;
    std::optional<SkeletonReading> t = read_tree(*game, b.data + b.gap, b.size - b.gap, &error);
    if (!t) {
      error.message = where + ": " + error.message;
      warnings.push_back(std::move(error));
      continue;
    }
    out.push_back(skeleton_of(r.id, where, std::move(*t)));
    out.back().archive = archive;
    out.back().entry = entry;
  }
}

// The skeletons of one archive entry, read here; an entry that does not read adds none (the
// walk that converts it says why).
void entry_skeletons(const MappedArchive& a, const Install& install, size_t archive, size_t entry,
                     const std::string& display, std::vector<LibrarySkeleton>& out,
                     std::vector<ir::Diagnostic>& warnings) {
  const archive::Dialect* dialect = a.archive.dialect;
  const Format* game = dialect ? find_format(dialect->name) : nullptr;
  if (!game || !game->skeleton) return;
  ir::Result<archive::EntryContents> contents = read_archive_entry(a.view(), entry);
  if (contents) contents_skeletons(a, install, archive, entry, *contents, display, out, warnings);
}

struct EntryWork {
  size_t archive, entry;
};

// Runs `read(i)` for i below n on up to `threads` threads; results kept per item so the
// library's order does not depend on the threads.
template <class Read>
void run_items(size_t n, unsigned threads, Read read) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < n;) read(i);
  };
  const unsigned t = io::pool_threads(threads, n);
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < t; ++k) pool.emplace_back(worker);
  worker();
  for (std::thread& th : pool) th.join();
}

void add_archives(const Install& install, const std::vector<io::Job>& jobs, unsigned threads,
                  SkeletonLibrary& library) {
  std::vector<EntryWork> work;
  for (size_t k = 0; k < install.archives.size(); ++k) {
    const InstalledArchive& ia = install.archives[k];
    if (!ia.mapped) continue;
    const archive::Dialect* d = ia.mapped->archive.dialect;
    const Format* game = d ? find_format(d->name) : nullptr;
    if (!game || !game->skeleton) continue;  // no Skeleton layout: no entry read for nothing
    for (size_t e = 0; e < ia.mapped->archive.entries.size(); ++e)
      if (!archive::is_special(ia.mapped->archive.entries[e]) &&
          library_reads_entry(ia.mapped->archive.entries[e]))
        work.push_back({k, e});
  }
  std::vector<std::vector<LibrarySkeleton>> found(work.size());
  std::vector<std::vector<ir::Diagnostic>> warned(work.size());
  run_items(work.size(), threads, [&](size_t i) {
    const InstalledArchive& ia = install.archives[work[i].archive];
    entry_skeletons(*ia.mapped, install, work[i].archive, work[i].entry, jobs[ia.job].display,
                    found[i], warned[i]);
  });
  for (size_t i = 0; i < work.size(); ++i) {
    for (LibrarySkeleton& s : found[i]) library.add(std::move(s));
    for (ir::Diagnostic& w : warned[i]) library.warnings.push_back(std::move(w));
  }
}

// An extracted Skeleton: the first game that reads it whole, else the first one's bone cores.
std::optional<LibrarySkeleton> loose_skeleton(const io::Job& job) {
  {  // a peek first: a folder of extracted resources is mostly not skeletons
    std::ifstream f(job.input, std::ios::binary);
    std::vector<uint8_t> head(64 * 1024);
    f.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    head.resize(size_t(f.gcount()));
    if (!skeleton_body_at(head.data(), head.size())) return std::nullopt;
  }
  ir::Result<io::InputBytes> bytes = io::read_input(job.input, io::kMaxInputBytes);
  if (!bytes) return std::nullopt;
  const std::optional<SkeletonBodyAt> at = skeleton_body_at(bytes->data(), bytes->size());
  if (!at) return std::nullopt;
  const uint8_t* body = bytes->data() + at->offset;
  const size_t size = bytes->size() - at->offset;
  std::optional<SkeletonReading> cores;
  for (const Format* f : registered_formats()) {
    if (!f->skeleton) continue;
    std::optional<SkeletonReading> t = read_tree(*f, body, size, nullptr);
    if (!t) continue;
    if (t->tree.core_only) {
      if (!cores) cores = std::move(t);
      continue;
    }
    cores = std::move(t);
    break;
  }
  if (!cores) return std::nullopt;
  return skeleton_of(at->id, job.display, std::move(*cores));
}

}  // namespace

void SkeletonLibrary::add(LibrarySkeleton skeleton) {
  const uint32_t k = uint32_t(skeletons_.size());
  for (uint32_t h : skeleton.tree.name_hash) {
    std::vector<uint32_t>& v = holding_[h];
    if (v.empty() || v.back() != k) v.push_back(k);  // a hash twice in one rig counts once
  }
  skeletons_.push_back(std::move(skeleton));
}

const std::vector<uint32_t>& SkeletonLibrary::holding(uint32_t hash) const {
  const auto it = holding_.find(hash);
  return it == holding_.end() ? kNone : it->second;
}

bool library_reads_entry(const archive::Entry& entry) {
  // The bulk of an install's bytes: meshes and texture levels (docs/READING.md "Pairing a mesh
  // with its skeleton").
  static const uint32_t kBulk[] = {kMeshClass, class_id("TextureMap"),
                                   class_id("CompiledTextureMap"), class_id("CompiledMip")};
  return std::find(std::begin(kBulk), std::end(kBulk), entry.resource_type) == std::end(kBulk);
}

SkeletonLibrary skeletons_of_entry(const Install& install, size_t archive, size_t entry,
                                   const archive::EntryContents& contents,
                                   const std::string& display) {
  SkeletonLibrary out;
  const InstalledArchive& ia = install.archives.at(archive);
  if (!ia.mapped) return out;
  std::vector<LibrarySkeleton> found;
  contents_skeletons(*ia.mapped, install, archive, entry, contents, display, found, out.warnings);
  for (LibrarySkeleton& s : found) out.add(std::move(s));
  return out;
}

void add_install_skeletons(const Install& install, const std::vector<io::Job>& jobs,
                           unsigned threads, SkeletonLibrary& library) {
  add_archives(install, jobs, threads, library);
}

std::optional<ir::Diagnostic> add_library_skeletons(const std::vector<std::string>& paths,
                                                    unsigned threads, SkeletonLibrary& library) {
  namespace fs = std::filesystem;
  if (!paths.empty()) library.has_paths = true;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (!fs::exists(p, ec))
      return ir::Diagnostic{"INPUT_NOT_FOUND", "--library " + p + ": no such file or directory", "",
                            0};
  }
  const std::vector<io::Job> jobs = io::expand_inputs(paths, fs::path());
  std::vector<size_t> archives;
  for (size_t i = 0; i < jobs.size(); ++i)
    if (!jobs[i].error && starts_like_archive(jobs[i].input)) archives.push_back(i);
  const Install install = open_install(jobs, archives, IndexDepth::Patches);
  for (const InstalledArchive& ia : install.archives)
    if (ia.error) {
      ir::Diagnostic w = *ia.error;
      w.message = jobs[ia.job].display + ": " + w.message;
      library.warnings.push_back(std::move(w));
    }
  add_archives(install, jobs, threads, library);
  std::vector<uint8_t> is_archive(jobs.size(), 0);
  for (size_t i : archives) is_archive[i] = 1;
  std::vector<size_t> loose;
  for (size_t i = 0; i < jobs.size(); ++i)
    if (!jobs[i].error && !is_archive[i]) loose.push_back(i);
  std::vector<std::optional<LibrarySkeleton>> found(loose.size());
  run_items(loose.size(), threads, [&](size_t i) { found[i] = loose_skeleton(jobs[loose[i]]); });
  for (std::optional<LibrarySkeleton>& s : found)
    if (s) library.add(std::move(*s));
  return std::nullopt;
}

}  // namespace f2g::install
