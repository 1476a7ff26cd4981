#include "converter/inspect/archive_info.h"

#include "converter/convert/archive_names.h"
#include "converter/inspect/skeleton_info.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/install.h"
#include "formats/common/classes.h"
#include "formats/common/error.h"
#include "formats/registry.h"

namespace f2g::convert {

ir::Result<nlohmann::json> archive_info_json(const std::string& path, const std::string& input,
                                             uint64_t id, const InfoOptions& options) {
  io::Job job;
  job.input = path;
  const install::Install install = install::open_install({job}, {0}, install::IndexDepth::Whole);
  if (install.archives[0].error) return *install.archives[0].error;
  const std::optional<ir::Result<install::LocatedResource>> found = install.locate(id);
  if (!found)
    return ir::Diagnostic{
        "INPUT_NOT_FOUND",
        "no entry of the archive holds a resource " + hex(id, 16) + " (forge2gltf ls lists them)",
        "", 0};
  if (!*found) return found->error();
  const install::LocatedResource& at = **found;
  const archive::Resource& r = at.contents.resources[at.resource];
  const install::ResourceBytes bytes = install::resource_file_bytes(at.contents, r);
  // A Skeleton of a game whose registry entry reads them: its tree (docs/READING.md
  // "Skeletons"); a mesh otherwise. The archive's dialect names the game's entry.
  const archive::Dialect* dialect = install.archives[0].mapped->archive.dialect;
  const Format* game = dialect ? find_format(dialect->name) : nullptr;
  ir::Result<nlohmann::json> doc =
      r.class_id == class_id("Skeleton") && game && game->skeleton
          ? skeleton_info_json(*game, bytes.data + bytes.gap, bytes.size - bytes.gap, input,
                               names_in_use(options.names))
          : info_json_of(bytes.data, bytes.size, path, resource_stems(at.contents)[at.resource],
                         input, options, bytes.gap);
  if (!doc) return doc.error();
  const archive::Entry& entry = install.archives[0].mapped->archive.entries[at.entry];
  (*doc)["archive"] = input;
  (*doc)["entry_id"] = hex(entry.file_id, 16);
  (*doc)["resource_id"] = hex(id, 16);
  (*doc)["class"] = hex(r.class_id, 8);
  (*doc)["class_name"] = install::class_label(r.class_id);
  if (at.contents.data_file) (*doc)["entry_form"] = archive::describe(at.contents.form);
  return doc;
}

}  // namespace f2g::convert
