#include "converter/inspect/archive_extract.h"

#include <filesystem>
#include <optional>
#include <set>

#include "converter/convert/archive_names.h"
#include "converter/convert/file_result.h"
#include "converter/convert/output_paths.h"
#include "converter/convert/totals.h"
#include "converter/inspect/texture_extract.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/install.h"
#include "converter/io/atomic_file.h"

namespace f2g::inspect {
namespace fs = std::filesystem;

namespace {

// The selection of one run: classes and ids, each empty for "all".
struct Selection {
  std::set<uint32_t> classes;
  std::set<uint64_t> ids;
  bool takes(const archive::Entry& e, const archive::Resource& r) const {
    return (classes.empty() || classes.count(r.class_id)) &&
           (ids.empty() || ids.count(r.id) || ids.count(e.file_id));
  }
};

std::optional<std::string> parse_selection(const ExtractRun& run, Selection& s) {
  for (const std::string& c : run.classes) {
    if (c.size() > 2 && c[0] == '0' && (c[1] == 'x' || c[1] == 'X')) {
      const std::optional<uint64_t> v = install::parse_id(c);
      if (!v || *v > 0xFFFFFFFFu) return "--class " + c + ": not a class name or a 32-bit id";
      s.classes.insert(static_cast<uint32_t>(*v));
    } else {
      if (c.empty()) return std::string("--class: an empty class name");
      s.classes.insert(archive::class_id(c));  // a class's id is the CRC-32 of its name
    }
  }
  for (const std::string& i : run.ids) {
    const std::optional<uint64_t> v = install::parse_id(i);
    if (!v) return "--id " + i + ": not an id (0x followed by hex digits, or decimal)";
    s.ids.insert(*v);
  }
  return std::nullopt;
}

// The file's extension: the class name, or its 8 hex digits.
std::string extension_of(uint32_t class_id) {
  if (const char* name = archive::class_name(class_id)) return name;
  return convert::id_file_name(class_id).substr(8);
}

}  // namespace

int run_extract_command(const ExtractRun& run, std::ostream& out, std::ostream& err) {
  Selection selection;
  if (auto bad = parse_selection(run, selection)) {
    err << "forge2gltf: " << *bad << "\n";
    return 2;
  }
  const std::vector<io::Job> jobs = install::list_archives(run.inputs);
  if (jobs.empty()) {
    err << "forge2gltf extract: no forge archive found in the inputs\n";
    return 2;
  }
  if (run.textures)  // the images alone, not the raw resources
    return extract_textures(
        run, jobs,
        [&](const archive::Entry& e, const archive::Resource& r) { return selection.takes(e, r); },
        out, err);
  int status = 0;
  uint64_t written = 0, bytes = 0;
  auto fail = [&](const std::string& where, const ir::Diagnostic& d) {
    err << convert::failure_line(where, d) << "\n";
    status = 1;
  };
  bool hinted = false;  // the --oodle hint: once a run
  for (const io::Job& job : jobs) {
    ir::Result<install::MappedArchive> a = job.error
                                               ? ir::Result<install::MappedArchive>(*job.error)
                                               : install::open_archive(job.input);
    if (!a) {
      fail(job.display, a.error());
      continue;
    }
    for (const ir::Diagnostic& w : a->archive.warnings)
      err << install::archive_warning_line(job.display, w) << "\n";
    const std::vector<std::string> dirs = convert::entry_directories(a->archive);
    const fs::path base = convert::archive_directory(job.relative);
    uint64_t oodle = 0;
    install::walk_entries(*a, [&](install::EntryVisit& v) {
      const size_t i = v.index();
      const archive::Entry& e = v.entry();
      const ir::Result<archive::EntryContents>& c = v.contents();
      if (!c) {
        fail(job.display + ": entry " + hex(e.file_id, 16), c.error());
        return true;
      }
      if (c->kind == archive::EntryKind::CodecMissing) ++oodle;
      const std::vector<std::string> stems = convert::resource_stems(*c);
      for (size_t k = 0; k < c->resources.size(); ++k) {
        const archive::Resource& r = c->resources[k];
        if (!selection.takes(e, r)) continue;
        const convert::OutputPath target = convert::output_path(
            run.out, base / dirs[i] / (stems[k] + ".x"), false);  // ".x": replaced below
        const std::string where = job.display + ": " + dirs[i] + "/" + stems[k];
        if (target.error) {
          fail(where, *target.error);
          continue;
        }
        const std::string path =
            fs::path(target.primary).replace_extension("." + extension_of(r.class_id)).string();
        const install::ResourceBytes rb =
            run.body_only ? install::ResourceBytes{c->records.data() + r.body_offset, r.body_size}
                          : install::resource_file_bytes(*c, r);
        io::AtomicOptions options;
        options.replace = true;  // the archive's bytes: a re-run writes the same file again
        if (auto e2 = io::write_atomically({{path, rb.data, rb.size}}, options)) {
          fail(where, *e2);
          continue;
        }
        ++written;
        bytes += rb.size;
      }
      return true;
    });
    if (oodle) err << install::oodle_warning_line(job.display, oodle, hinted) << "\n";
  }
  out << "forge2gltf extract: " << written << " resources written ("
      << convert::human_bytes(double(bytes)) << ") to " << run.out << "\n";
  return status;
}

}  // namespace f2g::inspect
