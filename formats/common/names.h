// The engine's names: it stores a bone (and a class) by the CRC-32 of its name, so a list of
// names resolves stored hashes back to them (docs/READING.md "Bone names"). The built-in list
// is data (formats/common/names.txt, embedded); --names FILE adds a user's lists on top.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/mesh.h"
#include "ir/result.h"

namespace f2g {

// The standard (zlib) CRC-32, the engine's name hash.
uint32_t crc32(std::string_view text);

// Bounds on the lists (a user's file may be anything): a name line of at most kMaxNameLine
// bytes; at most kMaxNames names and kMaxNameBytes bytes of names in all lists together.
constexpr size_t kMaxNameLine = 1024;
constexpr size_t kMaxNames = 1000000;
constexpr size_t kMaxNameBytes = size_t(64) << 20;

// Hash -> name, sorted by hash. Each name remembers the list and line it came from, so a
// collision can name both places.
class NameTable {
 public:
  enum class ListKind { BuiltIn, User };

  // The name whose CRC-32 is `hash`; empty when none (a name is never empty).
  std::string_view find(uint32_t hash) const;
  size_t size() const { return entries_.size(); }

  // Adds the names of one list (`label` names it in messages: a file name). One name a line:
  // a trailing CR and spaces or tabs around the name are dropped; empty lines and lines
  // starting with '#' are skipped; any other byte outside printable ASCII, a line longer
  // than kMaxNameLine or more names than the bounds allow is NAMES_INVALID (naming the
  // list and the line). A User list's name replaces a BuiltIn list's name of the same hash;
  // any other two different names of one hash (in one list or in two) are NAMES_COLLISION,
  // naming both places. Returns the number of distinct names of the list; on an error the
  // table is unchanged.
  ir::Result<size_t> add_list(std::string_view text, const std::string& label, ListKind kind);

 private:
  struct Entry {
    uint32_t hash = 0;
    uint32_t list = 0;  // index into labels_
    uint32_t line = 0;
    uint32_t offset = 0, size = 0;  // the name's bytes in arena_
  };
  std::string_view name_of(const Entry& e) const { return {arena_.data() + e.offset, e.size}; }
  std::string place_of(const Entry& e) const;  // "file:line \"name\""
  std::vector<Entry> entries_;                 // sorted by hash, one per hash
  std::vector<std::string> labels_;
  std::vector<ListKind> kinds_;  // per list
  std::string arena_;            // every name's bytes, back to back
};

// The built-in names (formats/common/names.txt), parsed once.
const NameTable& builtin_names();

// The names a run uses: the --names table DecodeOptions::names holds, or the built-in names.
inline const NameTable& names_in_use(const std::shared_ptr<const NameTable>& names) {
  return names ? *names : builtin_names();
}

// Renames the bones whose stored hash `names` resolves: the name itself, or, when an earlier
// bone already has it (two bones of one hash, or a name equal to another bone's), the name
// with "_<bone index>" appended. A bone that does not resolve keeps its name. The stored hash
// stays in Bone::name_hash and the extras. Returns the number of bones resolved.
size_t name_bones(std::vector<ir::Bone>& bones, const NameTable& names);

}  // namespace f2g
