#include "converter/convert/archive_names.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

namespace f2g::convert {

std::string id_file_name(uint64_t id) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llX", static_cast<unsigned long long>(id));
  return buf;
}

std::string safe_name(std::string_view raw, uint64_t id) {
  std::string s;
  s.reserve(raw.size() < kMaxNameBytes ? raw.size() : kMaxNameBytes);
  for (char c : raw) {
    if (s.size() == kMaxNameBytes) break;
    const auto u = static_cast<unsigned char>(c);
    s += (c == '/' || c == '\\' || u < 0x20 || u == 0x7F) ? '_' : c;
  }
  if (s.empty() || s == "." || s == "..") return id_file_name(id);
  return s;
}

std::vector<std::string> unique_names(const std::vector<NamedId>& items) {
  std::vector<std::string> names;
  names.reserve(items.size());
  std::map<std::string, std::set<uint64_t>> ids_of;  // safe name -> the ids carrying it
  for (const NamedId& item : items) {
    names.push_back(safe_name(item.raw, item.id));
    ids_of[names.back()].insert(item.id);
  }
  for (size_t i = 0; i < items.size(); ++i)
    if (ids_of[names[i]].size() > 1) names[i] += "_" + id_file_name(items[i].id);
  return names;
}

std::vector<std::string> entry_directories(const archive::Archive& a) {
  std::vector<NamedId> items;
  items.reserve(a.entries.size());
  for (const archive::Entry& e : a.entries) items.push_back({e.name, e.file_id});
  return unique_names(items);
}

std::vector<std::string> resource_stems(const archive::EntryContents& contents) {
  std::map<uint32_t, std::vector<size_t>> by_class;  // class -> its resources, in order
  for (size_t i = 0; i < contents.resources.size(); ++i)
    by_class[contents.resources[i].class_id].push_back(i);
  std::vector<std::string> stems(contents.resources.size());
  for (const auto& [cls, members] : by_class) {
    std::vector<NamedId> items;
    for (size_t i : members)
      items.push_back({contents.resources[i].name, contents.resources[i].id});
    const std::vector<std::string> names = unique_names(items);
    for (size_t k = 0; k < members.size(); ++k) stems[members[k]] = names[k];
  }
  return stems;
}

std::string archive_directory(const std::string& relative) {
  return std::filesystem::path(relative).replace_extension().string();
}

}  // namespace f2g::convert
