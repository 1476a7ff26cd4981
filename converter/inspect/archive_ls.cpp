#include "converter/inspect/archive_ls.h"

#include <nlohmann/json.hpp>
#include <optional>

#include "converter/convert/file_result.h"
#include "converter/convert/report.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/install.h"
#include "converter/io/json_text.h"
#include "formats/common/error.h"

namespace f2g::inspect {

using nlohmann::json;

namespace {

std::string dump(const json& j) { return io::json_text(j, -1); }

json warnings_json(const std::vector<ir::Diagnostic>& warnings) {
  json a = json::array();
  for (const ir::Diagnostic& w : warnings) a.push_back(convert::diagnostic_json(w));
  return a;
}

json resource_json(const archive::Resource& r) {
  const char* name = archive::class_name(r.class_id);
  return json{{"file_id", hex(r.id, 16)},
              {"class", hex(r.class_id, 8)},
              {"class_name", name ? json(name) : json(nullptr)},
              {"name", r.name},
              {"size", r.body_size}};
}

// One entry, read: its JSON (for --json) and its text line and resource lines.
struct EntryListing {
  json doc;
  std::optional<ir::Diagnostic> error;
};

EntryListing list_entry(const install::MappedArchive& a, install::EntryVisit& v) {
  const archive::Entry& e = v.entry();
  EntryListing out;
  json& j = out.doc;
  j["index"] = e.index;
  j["file_id"] = hex(e.file_id, 16);
  j["name"] = e.name;
  j["size"] = e.size;
  const ir::Result<archive::EntryContents>& contents = v.contents();
  json resources = json::array();
  if (!contents) {
    j["kind"] = nullptr;
    j["compression"] = nullptr;
    j["form"] = nullptr;
    j["status"] = contents.error().code;
    j["error"] = convert::diagnostic_json(contents.error());
    j["warnings"] = json::array();
    out.error = contents.error();
  } else {
    const std::string compression = install::compression_label(a.archive, *contents);
    j["kind"] = archive::kind_name(contents->kind);
    j["compression"] = compression.empty() ? json(nullptr) : json(compression);
    j["form"] = contents->data_file ? json(archive::describe(contents->form)) : json(nullptr);
    j["status"] = contents->kind == archive::EntryKind::CodecMissing ? archive::kOodleCode : "ok";
    j["error"] = nullptr;
    j["warnings"] = warnings_json(contents->warnings);
    for (const archive::Resource& r : contents->resources) resources.push_back(resource_json(r));
  }
  j["resources"] = std::move(resources);
  return out;
}

std::string text_of(const json& v) { return v.is_null() ? "-" : v.get<std::string>(); }

void print_entry_text(const json& e, std::ostream& out) {
  out << "  [" << e["index"].get<uint64_t>() << "] " << text_of(e["file_id"]) << "  "
      << (e["name"].get<std::string>().empty() ? "(no name)" : e["name"].get<std::string>()) << "  "
      << e["size"].get<uint64_t>() << " B  " << text_of(e["compression"]) << "  "
      << text_of(e["status"]);
  if (!e["form"].is_null()) out << "  (" << e["form"].get<std::string>() << ")";
  const json& resources = e["resources"];
  if (!resources.empty()) out << "  " << resources.size() << " resources";
  out << "\n";
  for (const json& r : resources)
    out << "      " << text_of(r["file_id"]) << "  " << text_of(r["class"]) << " "
        << (r["class_name"].is_null() ? std::string("?") : r["class_name"].get<std::string>())
        << "  " << r["name"].get<std::string>() << "  " << r["size"].get<uint64_t>() << " B\n";
}

}  // namespace

int run_ls_command(const std::vector<std::string>& inputs, bool json_out, std::ostream& out,
                   std::ostream& err) {
  const std::vector<io::Job> jobs = install::list_archives(inputs);
  if (jobs.empty()) {
    err << "forge2gltf ls: no forge archive found in the inputs\n";
    return 2;
  }
  int status = 0;
  auto report = [&](const std::string& where, const ir::Diagnostic& d) {
    err << convert::failure_line(where, d) << "\n";
  };
  if (json_out) out << "{\"archives\": [";
  bool hinted = false;  // the --oodle hint: once a run
  for (size_t k = 0; k < jobs.size(); ++k) {
    const io::Job& job = jobs[k];
    ir::Result<install::MappedArchive> a = job.error
                                               ? ir::Result<install::MappedArchive>(*job.error)
                                               : install::open_archive(job.input);
    json head;
    head["path"] = job.display;
    if (!a) {
      report(job.display, a.error());
      status = 1;
      head["version"] = nullptr;
      head["dialect"] = nullptr;
      head["error"] = convert::diagnostic_json(a.error());
      head["warnings"] = json::array();
    } else {
      head["version"] = a->archive.version;
      head["dialect"] = a->archive.dialect ? json(a->archive.dialect->name) : json(nullptr);
      head["error"] = nullptr;
      head["warnings"] = warnings_json(a->archive.warnings);
      for (const ir::Diagnostic& w : a->archive.warnings)
        err << install::archive_warning_line(job.display, w) << "\n";
    }
    if (json_out) {
      std::string h = dump(head);
      h.pop_back();  // reopen the object for the streamed entries
      out << (k ? ",\n " : "\n ") << h << ", \"entries\": [";
    } else {
      out << job.display;
      if (a)
        out << ": " << text_of(head["dialect"]) << ", version " << a->archive.version << ", "
            << a->archive.entries.size() << " entries";
      out << "\n";
    }
    uint64_t oodle = 0;
    if (a)
      install::walk_entries(*a, [&](install::EntryVisit& v) {
        const EntryListing e = list_entry(*a, v);
        if (e.error) {
          report(job.display + ": entry " + e.doc["file_id"].get<std::string>(), *e.error);
          status = 1;
        }
        if (e.doc["status"] == archive::kOodleCode) ++oodle;
        if (json_out)
          out << (v.index() ? ",\n  " : "\n  ") << dump(e.doc);
        else
          print_entry_text(e.doc, out);
        return true;
      });
    if (oodle) err << install::oodle_warning_line(job.display, oodle, hinted) << "\n";
    if (json_out) out << "]}";
  }
  if (json_out) out << "\n]}\n";
  return status;
}

}  // namespace f2g::inspect
