#include "converter/import/archive_import.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <system_error>

#include "converter/import/import_command.h"
#include "converter/io/atomic_file.h"
#include "converter/io/input_file.h"
#include "formats/archive/archive.h"
#include "formats/common/error.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;
using namespace archive;
using ir::Diagnostic;
using Json = nlohmann::json;

// The entry whose directory lists `id` (entries whose directory cannot be read, Oodle ones
// among them, are searched by reading them whole, which names them as Oodle).
struct Found {
  size_t entry = 0;
  EntryContents contents;
  size_t resource = 0;
};

Result<Found> find_resource(const Archive& a, const uint8_t* data, size_t size, uint64_t id) {
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<std::vector<DirectoryEntry>> dir = read_directory(a, data, size, i);
    if (dir) {
      bool listed = false;
      for (const DirectoryEntry& d : *dir) listed = listed || d.id == id;
      if (!listed) continue;
    } else if (dir.error().code != "ARCHIVE_OODLE") {
      continue;  // unreadable: `verify --reencode` or `info` reports it
    }
    Result<EntryContents> c = read_entry(a, data, size, i);
    if (!c) return c.error();
    const Entry& e = a.entries[i];
    const std::string who = "entry " + std::to_string(e.file_id) + " '" + e.name + "'";
    if (c->kind == EntryKind::Oodle) {
      if (!dir)  // an Oodle directory: the id may be in it, nobody can tell
        continue;
      return Error{"IMPORT_ARCHIVE_OODLE",
                   who + " holds resource " + hex(id) +
                       " in Oodle-compressed blocks: no encoder here can write them back",
                   "archive/entries[" + std::to_string(i) + "]", e.offset};
    }
    for (size_t r = 0; r < c->resources.size(); ++r)
      if (c->resources[r].id == id) return Found{i, std::move(*c), r};
  }
  return Error{"IMPORT_ARCHIVE_NO_RESOURCE",
               "no entry of the archive lists resource " + hex(id) + " in a readable directory",
               "archive", 0};
}

// The gate: the new archive reads, and the changed entry reads strictly with the new body.
std::optional<Diagnostic> gate(const std::vector<uint8_t>& b, size_t entry, size_t resource,
                               const std::vector<uint8_t>& body) {
  const auto failed = [](const Diagnostic& e) {
    Diagnostic g = e;
    g.code = "IMPORT_GATE_FAILED";
    g.message = "the new archive does not read back: " + e.message + " [" + e.code + "]";
    return g;
  };
  Result<Archive> a = read_archive(b.data(), b.size());
  if (!a) return failed(a.error());
  if (!a->warnings.empty()) return failed(a->warnings[0]);
  Result<EntryContents> c = read_entry(*a, b.data(), b.size(), entry);
  if (!c) return failed(c.error());
  const Resource& r = c->resources.at(resource);
  if (r.body_size != body.size() ||
      !std::equal(body.begin(), body.end(), c->records.begin() + long(r.body_offset)))
    return failed(Diagnostic{"IMPORT_GATE_FAILED", "the record's body is not the new mesh",
                             "archive/entries[" + std::to_string(entry) + "]", 0});
  return std::nullopt;
}

}  // namespace

namespace {

// One edit imported: where its resource is and its new body.
struct Imported {
  Found found;
  std::vector<uint8_t> body;
  Json summary;
};

const Resource& resource_of(const Imported& m) {
  return m.found.contents.resources[m.found.resource];
}

Json archive_row(const Archive& a, const Imported& m, uint64_t id) {
  const Entry& e = a.entries[m.found.entry];
  const Resource& res = resource_of(m);
  return {{"entry", m.found.entry},        {"file_id", e.file_id},
          {"entry_name", e.name},          {"resource_id", id},
          {"resource_name", res.name},     {"old_body_size", res.body_size},
          {"new_body_size", m.body.size()}};
}

}  // namespace

ArchiveImportOutcome import_edits_into_archive(const std::vector<ArchiveEdit>& edits,
                                               const uint8_t* data, size_t size,
                                               const ImportOptions& options) {
  ArchiveImportOutcome out;
  const auto fail = [&out](Diagnostic d) {
    out.error = std::move(d);
    return out;
  };
  Result<Archive> a = read_archive(data, size);
  if (!a) return fail(a.error());
  std::vector<Imported> done;
  for (const ArchiveEdit& edit : edits) {
    for (const Imported& m : done)
      if (resource_of(m).id == edit.resource_id)
        return fail({"IMPORT_DONOR_AMBIGUOUS",
                     "two glTF files for resource " + hex(edit.resource_id) + " '" +
                         resource_of(m).name + "'",
                     "archive", 0});
    Result<Found> f = find_resource(*a, data, size, edit.resource_id);
    if (!f) return fail(f.error());
    const Resource& res = f->contents.resources[f->resource];
    ImportOptions o = options;
    if (o.decode.name.empty() || edits.size() > 1) o.decode.name = res.name;
    ImportOutcome mesh =
        import_mesh(edit.gltf, f->contents.records.data() + res.body_offset, res.body_size, o);
    out.warnings.insert(out.warnings.end(), mesh.warnings.begin(), mesh.warnings.end());
    if (mesh.error) {
      out.summary = mesh.summary;
      if (edits.size() > 1)
        mesh.error->message =
            "resource " + hex(edit.resource_id) + " '" + res.name + "': " + mesh.error->message;
      return fail(*mesh.error);
    }
    done.push_back({std::move(*f), std::move(mesh.bytes), std::move(mesh.summary)});
  }
  // Each changed entry re-encoded once with every new body it holds. A body that came back
  // unchanged keeps its entry's stored bytes, whatever compressor wrote them: nothing changed,
  // so nothing is re-encoded.
  std::vector<PayloadRef> refs;
  for (const Entry& x : a->entries) refs.push_back({data + x.offset, x.size});
  std::map<size_t, std::vector<uint8_t>> payloads;
  for (size_t i = 0; i < done.size(); ++i) {
    const size_t entry = done[i].found.entry;
    if (payloads.count(entry)) continue;
    std::vector<ResourceRecord> records = resource_records(done[i].found.contents);
    bool changed = false;
    for (const Imported& m : done) {
      if (m.found.entry != entry) continue;
      const Resource& res = resource_of(m);
      const uint8_t* old_body = m.found.contents.records.data() + res.body_offset;
      if (m.body.size() == res.body_size && std::equal(m.body.begin(), m.body.end(), old_body))
        continue;
      records[m.found.resource].body = m.body;
      changed = true;
    }
    if (!changed) continue;
    Result<std::vector<uint8_t>> payload =
        reencode_entry_payload(*a->dialect, done[i].found.contents, records);
    if (!payload) return fail(payload.error());
    refs[entry] = {payload->data(), payload->size()};
    payloads[entry] = std::move(*payload);
  }
  Result<std::vector<uint8_t>> bytes = write_archive(*a, refs);
  if (!bytes) return fail(bytes.error());
  for (const Imported& m : done)
    if (std::optional<Diagnostic> g = gate(*bytes, m.found.entry, m.found.resource, m.body))
      return fail(*g);
  const bool identical = bytes->size() == size && std::equal(bytes->begin(), bytes->end(), data);
  if (edits.size() == 1) {  // the summary of `import --id`: import's, plus "archive"
    const Entry& e = a->entries[done[0].found.entry];
    out.summary = done[0].summary;
    out.summary["archive"] = archive_row(*a, done[0], edits[0].resource_id);
    out.summary["archive"]["old_payload_size"] = e.size;
    out.summary["archive"]["new_payload_size"] = refs[done[0].found.entry].size;
    out.summary["archive"]["old_archive_size"] = size;
    out.summary["archive"]["new_archive_size"] = bytes->size();
    out.summary["archive"]["identical"] = identical;
  } else {
    out.summary = {{"archive",
                    {{"old_archive_size", size},
                     {"new_archive_size", bytes->size()},
                     {"changed_entries", payloads.size()},
                     {"identical", identical}}},
                   {"resources", Json::array()}};
    for (size_t i = 0; i < done.size(); ++i) {
      Json row = archive_row(*a, done[i], edits[i].resource_id);
      row["import"] = done[i].summary;
      out.summary["resources"].push_back(std::move(row));
    }
  }
  out.bytes = std::move(*bytes);
  return out;
}

ArchiveImportOutcome import_into_archive(const GltfInput& gltf, const uint8_t* data, size_t size,
                                         uint64_t resource_id, const ImportOptions& options) {
  return import_edits_into_archive({{gltf, resource_id}}, data, size, options);
}

namespace {

Json diag_json(const Diagnostic& d) {
  return {{"code", d.code}, {"message", d.message}, {"path", d.path}, {"offset", d.offset}};
}

// -o naming the donor itself (or a link to it): refused, the donor is never written over.
bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec) && !ec;
}

ArchiveImportOutcome run_one(const ArchiveImportRun& run) {
  ArchiveImportOutcome out;
  const auto fail = [&](Diagnostic d) {
    out.error = std::move(d);
    return out;
  };
  if (!run.dry_run && same_file(run.out, run.donor))
    return fail({"IMPORT_ARCHIVE_SAME_FILE",
                 "-o " + run.out + " is the donor archive: write the new archive elsewhere",
                 run.out, 0});
  std::error_code ec;
  const bool directory = fs::is_directory(run.input, ec);
  ir::Result<convert::InputBytes> g = convert::InputBytes{};
  if (!directory)
    g = convert::read_input_as(run.input, convert::kMaxInputBytes, "a glTF", "IMPORT_READ_FAILED");
  if (!g) return fail(g.error());
  ir::Result<std::unique_ptr<convert::MappedInput>> d = convert::MappedInput::open(run.donor);
  if (!d) {
    Diagnostic e = d.error();
    if (e.code != "INPUT_TOO_LARGE") e.code = "IMPORT_READ_FAILED";
    return fail(e);
  }
  if (!looks_like_archive((*d)->data(), (*d)->size()))
    return fail({"IMPORT_NOT_ARCHIVE",
                 run.donor + " is not a forge archive (no 'scimitar'): --id goes with an "
                             "archive donor; a mesh donor takes no --id",
                 run.donor, 0});
  ImportOptions options = run.options;
  options.decode.source_path = run.donor;
  if (directory) {
    Result<DirectoryEdits> edits = edits_in_directory(run.input, (*d)->data(), (*d)->size());
    if (!edits) return fail(edits.error());
    out = import_edits_into_archive(edits->edits, (*d)->data(), (*d)->size(), options);
  } else {
    out =
        import_into_archive(gltf_input(run.input, *g), (*d)->data(), (*d)->size(), run.id, options);
  }
  if (out.error || run.dry_run) return out;
  convert::AtomicOptions a;
  a.replace = run.options.force;
  if (std::optional<Diagnostic> e =
          convert::write_atomically({{run.out, out.bytes.data(), out.bytes.size()}}, a)) {
    out.error = e;
    out.bytes.clear();
  }
  return out;
}

}  // namespace

int run_archive_import(const ArchiveImportRun& run, std::ostream& out, std::ostream& err) {
  const ArchiveImportOutcome r = run_one(run);
  Json j = {{"gltf", run.input},
            {"donor", run.donor},
            {"id", run.id},
            {"output", run.out},
            {"ok", !r.error},
            {"error", r.error ? diag_json(*r.error) : Json(nullptr)},
            {"warnings", Json::array()},
            {"summary", r.summary}};
  for (const Diagnostic& w : r.warnings) j["warnings"].push_back(diag_json(w));
  if (r.error) err << "forge2gltf import: " << run.input << ": " << r.error->to_string() << "\n";
  for (const Diagnostic& w : r.warnings)
    err << "forge2gltf import: " << run.input << ": warning: " << w.to_string() << "\n";
  if (r.summary.contains("resources")) j["id"] = nullptr;  // GLB_DIR: each resource's below
  if (run.json) {
    out << j.dump(2) << "\n";
  } else if (!r.error && r.summary.contains("resources")) {
    const Json& s = r.summary["archive"];
    out << (run.dry_run ? "would write " : "wrote ") << (run.out.empty() ? "an archive" : run.out)
        << " (" << s.value("new_archive_size", uint64_t(0))
        << " bytes): " << r.summary["resources"].size() << " resources, "
        << s.value("changed_entries", 0) << " entries re-encoded"
        << (s.value("identical", false) ? "; identical to the donor archive" : "") << "\n";
    for (const Json& x : r.summary["resources"])
      out << "  resource " << hex(x.value("resource_id", uint64_t(0))) << " '"
          << x.value("resource_name", "") << "' of entry " << x.value("file_id", uint64_t(0))
          << " '" << x.value("entry_name", "") << "', body "
          << x.value("old_body_size", uint64_t(0)) << " -> "
          << x.value("new_body_size", uint64_t(0)) << " bytes\n";
  } else if (!r.error) {
    const Json& s = r.summary["archive"];
    out << (run.dry_run ? "would write " : "wrote ") << (run.out.empty() ? "an archive" : run.out)
        << " (" << s.value("new_archive_size", uint64_t(0)) << " bytes): resource " << hex(run.id)
        << " '" << s.value("resource_name", "") << "' of entry " << s.value("file_id", uint64_t(0))
        << " '" << s.value("entry_name", "") << "', body " << s.value("old_body_size", uint64_t(0))
        << " -> " << s.value("new_body_size", uint64_t(0)) << " bytes, payload "
        << s.value("old_payload_size", uint64_t(0)) << " -> "
        << s.value("new_payload_size", uint64_t(0)) << " bytes"
        << (s.value("identical", false) ? "; identical to the donor archive" : "") << "\n";
  }
  if (!run.report.empty()) {
    const std::string text =
        Json{{"imports", Json::array({j})}, {"failed", r.error ? 1 : 0}}.dump(2) + "\n";
    convert::AtomicOptions a;
    a.replace = true;
    if (auto e = convert::write_atomically(
            {{run.report, reinterpret_cast<const uint8_t*>(text.data()), text.size()}}, a)) {
      err << "forge2gltf import: " << e->to_string() << "\n";
      return 1;
    }
  }
  return r.error ? 1 : 0;
}

}  // namespace f2g::import
