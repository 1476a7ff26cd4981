// Every Skeleton a run can pair meshes with (docs/READING.md "Pairing a mesh with its
// skeleton"): those of the install's archives, patches applied, and those of `--library`
// paths (archives, install folders, folders of extracted resources). Only each skeleton's
// tree is kept (name hashes and parents), so the library stays small whatever the install.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "converter/install/install.h"
#include "formats/common/skeleton_tree.h"

namespace f2g::install {

inline constexpr size_t kNoPlace = size_t(-1);

struct LibrarySkeleton {
  uint64_t id = 0;
  std::string where;          // "ARCHIVE:0xENTRY" or the extracted file, for extras and messages
  size_t archive = kNoPlace;  // in the install: its archive and entry; kNoPlace for --library
  size_t entry = kNoPlace;
  SkeletonTree tree;
  std::string core_why;  // the full read's error when the tree is from the bone cores
};

class SkeletonLibrary {
 public:
  // In the order added, which is the pairing's tie rule: the install's archives in input order,
  // entries in index order, records in entry order, then the --library paths as given.
  void add(LibrarySkeleton skeleton);
  const std::vector<LibrarySkeleton>& skeletons() const { return skeletons_; }
  // The skeletons holding a bone of name hash `hash`, in library order.
  const std::vector<uint32_t>& holding(uint32_t hash) const;
  // Skeleton resources that did not read (not even a bone core): kept for the run's warnings.
  std::vector<ir::Diagnostic> warnings;
  bool has_paths = false;  // --library paths were searched (loose meshes are paired)

 private:
  std::vector<LibrarySkeleton> skeletons_;
  std::unordered_map<uint32_t, std::vector<uint32_t>> holding_;
};

// Whether the library pass reads an entry: every one but those whose name record types them
// as Mesh or texture data files (the bulk of an install's bytes): a rig in one of those is
// found with its own meshes, when the walk reads the entry (skeletons_of_entry), not for
// meshes elsewhere.
bool library_reads_entry(const archive::Entry& entry);

// The skeletons of the install's archives (each entry library_reads_entry takes, read once, on
// `threads` threads): a superseded copy is left out, a Skeleton of a game whose registry entry
// reads none is not read.
void add_install_skeletons(const Install& install, const std::vector<io::Job>& jobs,
                           unsigned threads, SkeletonLibrary& library);

// The skeletons of one entry already read (`contents`, entry `entry` of install archive
// `archive`, shown as `display`), as add_install_skeletons would add them.
SkeletonLibrary skeletons_of_entry(const Install& install, size_t archive, size_t entry,
                                   const archive::EntryContents& contents,
                                   const std::string& display);

// The skeletons under the --library paths: archives (by content) and extracted Skeleton
// resources (a body, after at most a FileHeader, whose class at +8 is Skeleton) of every
// file found. A path that does not exist is the error; a file that reads as neither is passed
// over.
std::optional<ir::Diagnostic> add_library_skeletons(const std::vector<std::string>& paths,
                                                    unsigned threads, SkeletonLibrary& library);

}  // namespace f2g::install
