#include "formats/common/names.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <unordered_set>

extern const char f2g_names_txt[];  // formats/common/names.txt, embedded (cmake/Embed.cmake)

namespace f2g {

namespace {

constexpr std::array<uint32_t, 256> crc_table() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    t[i] = c;
  }
  return t;
}
constexpr std::array<uint32_t, 256> kCrcTable = crc_table();

std::string hex8(uint32_t v) {
  char s[12];
  std::snprintf(s, sizeof s, "0x%08X", v);
  return s;
}

ir::Diagnostic invalid(const std::string& label, size_t line, const std::string& why) {
  return {"NAMES_INVALID", "--names " + label + ":" + std::to_string(line) + ": " + why, "", 0};
}

bool blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

uint32_t crc32(std::string_view text) {
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char ch : text) c = kCrcTable[(c ^ ch) & 0xFFu] ^ (c >> 8);
  return ~c;
}

std::string_view NameTable::find(uint32_t hash) const {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), hash,
                                   [](const Entry& e, uint32_t h) { return e.hash < h; });
  return it != entries_.end() && it->hash == hash ? name_of(*it) : std::string_view();
}

std::string NameTable::place_of(const Entry& e) const {
  return labels_[e.list] + ":" + std::to_string(e.line) + " \"" + std::string(name_of(e)) + "\"";
}

ir::Result<size_t> NameTable::add_list(std::string_view text, const std::string& label,
                                       ListKind kind) {
  const size_t arena_before = arena_.size();
  const auto fail = [&](ir::Diagnostic d) -> ir::Result<size_t> {
    arena_.resize(arena_before);
    return d;
  };
  const uint32_t list = uint32_t(labels_.size());
  std::vector<Entry> fresh;
  size_t line = 0;
  for (size_t at = 0; at < text.size();) {
    ++line;
    // Look for the end of the line only as far as a line may reach.
    const size_t window = std::min(text.size() - at, kMaxNameLine + 2);
    const void* nl = std::memchr(text.data() + at, '\n', window);
    size_t end = nl ? size_t(static_cast<const char*>(nl) - text.data()) : at + window;
    const bool cut = !nl && end < text.size();  // no end within the window
    const size_t start = at, next = nl ? end + 1 : end;
    if (end > at && text[end - 1] == '\r') --end;
    if (cut || end - at > kMaxNameLine)
      return fail(
          invalid(label, line, "a line longer than " + std::to_string(kMaxNameLine) + " bytes"));
    size_t b = at, e = end;
    while (b < e && blank(text[b])) ++b;
    while (e > b && blank(text[e - 1])) --e;
    at = next;
    if (b == e || text[b] == '#') continue;
    for (size_t i = b; i < e; ++i) {
      const unsigned char ch = static_cast<unsigned char>(text[i]);
      if (ch < 0x20 || ch > 0x7E) {
        char why[96];
        std::snprintf(why, sizeof why,
                      "byte 0x%02X at column %zu is not printable ASCII (a name list is text, "
                      "one name a line)",
                      ch, i - start + 1);
        return fail(invalid(label, line, why));
      }
    }
    if (entries_.size() + fresh.size() >= kMaxNames || arena_.size() + (e - b) > kMaxNameBytes)
      return fail(invalid(label, line,
                          "more than " + std::to_string(kMaxNames) + " names or " +
                              std::to_string(kMaxNameBytes >> 20) + " MiB of names in all lists"));
    Entry n;
    n.hash = crc32(text.substr(b, e - b));
    n.list = list;
    n.line = uint32_t(line);
    n.offset = uint32_t(arena_.size());
    n.size = uint32_t(e - b);
    arena_.append(text.data() + b, e - b);
    fresh.push_back(n);
  }
  labels_.push_back(label);
  kinds_.push_back(kind);
  const auto pop_label = [&](ir::Diagnostic d) -> ir::Result<size_t> {
    labels_.pop_back();
    kinds_.pop_back();
    return fail(std::move(d));
  };
  const auto collision = [&](const Entry& a, const Entry& b) {
    return ir::Diagnostic{"NAMES_COLLISION",
                          "--names: " + place_of(a) + " and " + place_of(b) +
                              " have the same CRC-32 " + hex8(a.hash) +
                              "; a hash can name one bone only: remove one of them",
                          "", 0};
  };

  // One entry per hash in this list: the same name twice is one name, two names a collision.
  std::stable_sort(fresh.begin(), fresh.end(),
                   [](const Entry& x, const Entry& y) { return x.hash < y.hash; });
  std::vector<Entry> unique;
  unique.reserve(fresh.size());
  for (const Entry& n : fresh) {
    if (!unique.empty() && unique.back().hash == n.hash) {
      if (name_of(unique.back()) != name_of(n)) return pop_label(collision(unique.back(), n));
      continue;
    }
    unique.push_back(n);
  }

  // Merged with the earlier lists, both sorted by hash.
  std::vector<Entry> merged;
  merged.reserve(entries_.size() + unique.size());
  size_t i = 0, j = 0;
  while (i < entries_.size() || j < unique.size()) {
    if (j == unique.size() || (i < entries_.size() && entries_[i].hash < unique[j].hash)) {
      merged.push_back(entries_[i++]);
    } else if (i == entries_.size() || unique[j].hash < entries_[i].hash) {
      merged.push_back(unique[j++]);
    } else {
      // A user's name wins over a built-in one; any other two names of one hash collide.
      const bool yields = kinds_[entries_[i].list] == ListKind::BuiltIn && kind == ListKind::User;
      if (name_of(entries_[i]) == name_of(unique[j]) || yields)
        merged.push_back(yields ? unique[j] : entries_[i]);
      else
        return pop_label(collision(entries_[i], unique[j]));
      ++i;
      ++j;
    }
  }
  entries_ = std::move(merged);
  return unique.size();
}

const NameTable& builtin_names() {
  static const NameTable table = [] {
    NameTable t;
    // The built-in list is checked by a test (names_test): it parses and has no collision.
    (void)t.add_list(f2g_names_txt, "built-in names.txt", NameTable::ListKind::BuiltIn);
    return t;
  }();
  return table;
}

size_t name_bones(std::vector<ir::Bone>& bones, const NameTable& names) {
  std::vector<std::string> wanted(bones.size());
  size_t resolved = 0;
  for (size_t i = 0; i < bones.size(); ++i) {
    const std::string_view name = names.find(bones[i].name_hash);
    resolved += name.empty() ? 0 : 1;
    wanted[i] = name.empty() ? bones[i].name : std::string(name);
  }
  std::unordered_set<std::string> used;
  for (size_t i = 0; i < bones.size(); ++i) {
    std::string name = wanted[i];
    while (!used.insert(name).second) name += "_" + std::to_string(i);
    bones[i].name = std::move(name);
  }
  return resolved;
}

}  // namespace f2g
