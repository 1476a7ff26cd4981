// File-system names for what an archive holds (docs/ARCHITECTURE.md "Output conventions"):
// entry and resource names are untrusted bytes, so each becomes one safe path component, and
// names shared within one directory are told apart by their ids, the same way every run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "formats/archive/archive.h"

namespace f2g::convert {

// The id as a file name: 16 uppercase hex digits, no "0x" ("00000000000A1B2C").
std::string id_file_name(uint64_t id);

// `raw` as one path component: '/', '\\', NUL and the other control bytes (0x00-0x1F, 0x7F)
// become '_'; a name that is empty, "." or ".." after that is the id (id_file_name); a name
// longer than kMaxNameBytes is cut there (the id suffix and ".glb" still fit NAME_MAX).
inline constexpr size_t kMaxNameBytes = 200;
std::string safe_name(std::string_view raw, uint64_t id);

struct NamedId {
  std::string_view raw;  // the stored name
  uint64_t id = 0;
};

// safe_name of each, and every name that two or more of them share (compared after making
// them safe) suffixed "_<id_file_name(id)>" on all of them, so no member's name depends on
// which came first. Items with the same name and the same id keep the same name: they are
// one object named twice.
std::vector<std::string> unique_names(const std::vector<NamedId>& items);

// The directory of each entry of `a` (in entry order): unique_names over all its entries.
std::vector<std::string> entry_directories(const archive::Archive& a);

// The file stem of each resource of an entry (in resource order): unique_names over the
// resources of the same class, so a Mesh and a Material may share a name (their files differ
// in extension: extract) and convert, which writes Mesh resources only, names a glb exactly as
// extract names the file it is converted from.
std::vector<std::string> resource_stems(const archive::EntryContents& contents);

// Where an archive's resources go under OUT: its path relative to its INPUT directory (a file
// argument: its file name) without the last extension ("a/DataPC.forge" -> "a/DataPC").
std::string archive_directory(const std::string& relative);

}  // namespace f2g::convert
