#include "converter/convert/entry_convert.h"

#include <chrono>
#include <exception>

#include "converter/convert/archive_names.h"
#include "formats/common/classes.h"

namespace f2g::convert {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

FileResult convert_resource(const ConvertPlan& plan, const io::Job& job, const PlannedArchive& pa,
                            const archive::EntryContents& contents, const archive::Resource& res,
                            uint64_t entry_id, const std::string& entry_dir,
                            const std::string& stem, const ConvertOptions& options,
                            install::MeshPlace place) {
  const auto t0 = Clock::now();
  FileResult r;
  r.input = job.display + ":" + entry_dir + "/" + stem;
  r.source = ArchiveSource{job.display, entry_id, res.id};
  OutputPath out =
      output_path(plan.out_dir, fs::path(pa.directory) / entry_dir / (stem + ".glb"), plan.gltf);
  if (pa.output_error) out.error = pa.output_error;
  if (out.error) {
    r.error = *out.error;
  } else if (options.force || !keep_existing(job, out, r)) {
    const install::ResourceBytes rb = install::resource_file_bytes(contents, res);
    const io::InputBytes bytes(rb.data, rb.data + rb.size);
    r.bytes_in = bytes.size();
    convert_mesh_bytes(job, out, bytes, stem, false, options, r, rb.gap, place);
  }
  r.seconds = seconds_since(t0);
  return r;
}

ItemResult convert_item(const ConvertPlan& plan, const WorkItem& item,
                        const ConvertOptions& options) {
  ItemResult out;
  const PlannedArchive& pa = plan.archives[size_t(item.archive)];
  const install::InstalledArchive& ia = plan.install.archives[size_t(item.archive)];
  const io::Job& job = plan.jobs[ia.job];
  if (!ia.mapped) {  // the tables did not read: the archive is one failed input
    FileResult r;
    r.input = job.display;
    r.error = ia.error;
    out.files.push_back(std::move(r));
    return out;
  }
  const auto t0 = Clock::now();
  const archive::Entry& entry = ia.mapped->archive.entries[item.entry];
  const std::string& entry_dir = pa.entry_dirs[item.entry];
  ir::Result<archive::EntryContents> contents =
      install::read_archive_entry(ia.mapped->view(), item.entry);
  if (!contents) {
    FileResult r;
    r.input = job.display + ":" + entry_dir;
    r.source = ArchiveSource{job.display, entry.file_id, std::nullopt};
    r.error = contents.error();
    r.seconds = seconds_since(t0);
    out.found.entries_failed = 1;
    out.files.push_back(std::move(r));
    return out;
  }
  if (contents->kind == archive::EntryKind::CodecMissing) {
    out.found.oodle_entries = 1;
    return out;
  }
  if (contents->kind == archive::EntryKind::Special) {
    out.found.special_entries = 1;  // not listed as special by the tables, found so on reading
    return out;
  }
  out.found.resources = contents->resources.size();
  for (const archive::Resource& res : contents->resources)
    ++out.found.classes[install::class_label(res.class_id)];
  const std::vector<std::string> stems = resource_stems(*contents);
  // A Mesh data file's own rigs: the library pass did not read it (library_reads_entry).
  std::optional<install::SkeletonLibrary> entry_rigs;
  if (options.skeletons && !install::library_reads_entry(entry))
    entry_rigs = install::skeletons_of_entry(plan.install, size_t(item.archive), item.entry,
                                             *contents, job.display);
  for (size_t k = 0; k < contents->resources.size(); ++k) {
    const archive::Resource& res = contents->resources[k];
    if (res.class_id != kMeshClass) continue;
    if (plan.install.superseded(size_t(item.archive), res.id)) {
      ++out.found.superseded;
      continue;
    }
    out.files.push_back(
        convert_resource(plan, job, pa, *contents, res, entry.file_id, entry_dir, stems[k], options,
                         install::MeshPlace{size_t(item.archive), item.entry,
                                            entry_rigs ? &*entry_rigs : nullptr, &*contents}));
    // A rig of the entry that did not read: said on each mesh it might have served.
    FileResult& row = out.files.back();
    if (entry_rigs && row.status != Status::Failed)
      row.warnings.insert(row.warnings.end(), entry_rigs->warnings.begin(),
                          entry_rigs->warnings.end());
  }
  return out;
}

}  // namespace

ItemResult convert_archive_item(const ConvertPlan& plan, const WorkItem& item,
                                const ConvertOptions& options) {
  auto internal = [&](const std::string& what) {
    ItemResult out;
    FileResult r;
    r.input = plan.jobs[item.job].display;
    r.error = ir::Diagnostic{"INTERNAL_ERROR", "unexpected failure" + what, "", 0};
    out.files.push_back(std::move(r));
    return out;
  };
  try {
    return convert_item(plan, item, options);
  } catch (const std::exception& e) {
    return internal(std::string(": ") + e.what());
  } catch (...) {
    return internal("");
  }
}

}  // namespace f2g::convert
