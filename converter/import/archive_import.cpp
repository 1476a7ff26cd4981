#include "converter/import/archive_import.h"

#include <algorithm>
#include <filesystem>
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

ArchiveImportOutcome import_into_archive(const GltfInput& gltf, const uint8_t* data, size_t size,
                                         uint64_t resource_id, const ImportOptions& options) {
  ArchiveImportOutcome out;
  Result<Archive> a = read_archive(data, size);
  if (!a) {
    out.error = a.error();
    return out;
  }
  Result<Found> f = find_resource(*a, data, size, resource_id);
  if (!f) {
    out.error = f.error();
    return out;
  }
  const Entry& e = a->entries[f->entry];
  const Resource& res = f->contents.resources[f->resource];
  ImportOptions o = options;
  if (o.decode.name.empty()) o.decode.name = res.name;
  ImportOutcome mesh =
      import_mesh(gltf, f->contents.records.data() + res.body_offset, res.body_size, o);
  out.warnings = mesh.warnings;
  out.summary = mesh.summary;
  if (mesh.error) {
    out.error = mesh.error;
    return out;
  }
  // A body that came back unchanged keeps its entry's stored bytes, whatever compressor wrote
  // them: nothing changed, so nothing is re-encoded.
  const uint8_t* old_body = f->contents.records.data() + res.body_offset;
  const bool unchanged = mesh.bytes.size() == res.body_size &&
                         std::equal(mesh.bytes.begin(), mesh.bytes.end(), old_body);
  std::vector<PayloadRef> refs;
  for (const Entry& x : a->entries) refs.push_back({data + x.offset, x.size});
  Result<std::vector<uint8_t>> payload =
      std::vector<uint8_t>(data + e.offset, data + e.offset + e.size);
  if (!unchanged) {
    std::vector<ResourceRecord> records = resource_records(f->contents);
    records[f->resource].body = mesh.bytes;
    payload = reencode_entry_payload(*a->dialect, f->contents, records);
    if (!payload) {
      out.error = payload.error();
      return out;
    }
    refs[f->entry] = {payload->data(), payload->size()};
  }
  Result<std::vector<uint8_t>> bytes = write_archive(*a, refs);
  if (!bytes) {
    out.error = bytes.error();
    return out;
  }
  if (std::optional<Diagnostic> g = gate(*bytes, f->entry, f->resource, mesh.bytes)) {
    out.error = g;
    return out;
  }
  out.summary["archive"] = {
      {"entry", f->entry},
      {"file_id", e.file_id},
      {"entry_name", e.name},
      {"resource_id", resource_id},
      {"resource_name", res.name},
      {"old_body_size", res.body_size},
      {"new_body_size", mesh.bytes.size()},
      {"old_payload_size", e.size},
      {"new_payload_size", payload->size()},
      {"old_archive_size", size},
      {"new_archive_size", bytes->size()},
      {"identical", bytes->size() == size && std::equal(bytes->begin(), bytes->end(), data)}};
  out.bytes = std::move(*bytes);
  return out;
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
  ir::Result<convert::InputBytes> g =
      convert::read_input_as(run.input, convert::kMaxInputBytes, "a glTF", "IMPORT_READ_FAILED");
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
  out = import_into_archive(gltf_input(run.input, *g), (*d)->data(), (*d)->size(), run.id, options);
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
  if (run.json) {
    out << j.dump(2) << "\n";
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
