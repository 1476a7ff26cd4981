#include "converter/inspect/archive_info.h"

#include <algorithm>

#include "converter/convert/archive_inputs.h"
#include "converter/convert/archive_names.h"
#include "formats/common/error.h"

namespace f2g::convert {

ir::Result<nlohmann::json> archive_info_json(const std::string& path, const std::string& input,
                                             uint64_t id, const InfoOptions& options) {
  ir::Result<MappedArchive> a = open_archive(path);
  if (!a) return a.error();
  const std::vector<archive::Entry>& entries = a->archive.entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (archive::is_special(entries[i])) continue;
    ir::Result<std::vector<archive::DirectoryEntry>> dir = read_archive_directory(*a, i);
    if (!dir || std::none_of(dir->begin(), dir->end(),
                             [id](const archive::DirectoryEntry& d) { return d.id == id; }))
      continue;  // an entry that does not read cannot be searched; ls reports it
    ir::Result<archive::EntryContents> contents = read_archive_entry(*a, i);
    if (!contents) return contents.error();
    const std::vector<std::string> stems = resource_stems(*contents);
    for (size_t k = 0; k < contents->resources.size(); ++k) {
      const archive::Resource& r = contents->resources[k];
      if (r.id != id) continue;
      const ResourceBytes bytes = resource_file_bytes(*contents, r);
      ir::Result<nlohmann::json> doc =
          info_json_of(bytes.data, bytes.size, path, stems[k], input, options, bytes.gap);
      if (!doc) return doc.error();
      (*doc)["archive"] = input;
      (*doc)["entry_id"] = hex(entries[i].file_id, 16);
      (*doc)["resource_id"] = hex(id, 16);
      (*doc)["class"] = hex(r.class_id, 8);
      (*doc)["class_name"] = class_label(r.class_id);
      return doc;
    }
  }
  return ir::Diagnostic{
      "INPUT_NOT_FOUND",
      "no entry of the archive holds a resource " + hex(id, 16) + " (forge2gltf ls lists them)", "",
      0};
}

}  // namespace f2g::convert
