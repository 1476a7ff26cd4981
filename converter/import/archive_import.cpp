#include "converter/import/archive_import.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <system_error>

#include "converter/import/import_command.h"
#include "converter/install/install.h"
#include "converter/install/oodle_library.h"
#include "converter/io/atomic_file.h"
#include "converter/io/input_file.h"
#include "converter/io/json_text.h"
#include "formats/archive/archive.h"
#include "formats/common/error.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;
using namespace archive;
using ir::Diagnostic;
using Json = nlohmann::json;

// The entry whose directory lists `id`, read (install::Install's index over the donor alone:
// entries whose directory cannot be read, Oodle ones among them, list nothing).
struct Found {
  size_t entry = 0;
  EntryContents contents;
  size_t resource = 0;
};

install::ArchiveView view_of(const Archive& a, const DonorArchive& donor) {
  return {a, donor.data, donor.size, donor.mapped};
}

// Every readable directory of the donor, indexed once for all its edits.
InstallIndex index_of(const install::ArchiveView& donor) {
  InstallIndex index;
  index.add_archive("donor", "donor");
  install::walk_entries(donor, [&](install::EntryVisit& v) {
    if (v.directory()) index.add_directory(0, v.index(), *v.directory());
    return true;
  });
  index.resolve();
  return index;
}

Result<Found> find_resource(const install::ArchiveView& donor, const InstallIndex& index,
                            uint64_t id) {
  const IndexedResource* r = index.find(id);
  if (!r)
    return Error{"IMPORT_ARCHIVE_NO_RESOURCE",
                 "no entry of the archive lists resource " + hex(id) + " in a readable directory",
                 "archive", 0};
  ir::Result<EntryContents> c = install::read_archive_entry(donor, r->entry);
  if (!c) return c.error();
  const Entry& e = donor.archive.entries[r->entry];
  if (c->kind == EntryKind::CodecMissing)
    return Error{
        "IMPORT_ARCHIVE_OODLE",
        "entry " + std::to_string(e.file_id) + " '" + e.name + "' holds resource " + hex(id) +
            " in Oodle-compressed blocks and no Oodle library was given to write them back: "
            "name your copy with --oodle LIB (or FORGE2GLTF_OODLE)",
        "archive/entries[" + std::to_string(r->entry) + "]", e.offset};
  return Found{r->entry, std::move(*c), r->slot};
}

// The gate: the new archive reads, with no layout warning the donor did not have (AC1's empty
// section is one a version-25 donor has), and the changed entry reads strictly with the new body.
std::optional<Diagnostic> gate(const PayloadRef& b, size_t entry, size_t resource,
                               const std::vector<uint8_t>& body, const Archive& donor) {
  const auto failed = [](const Diagnostic& e) {
    Diagnostic g = e;
    g.code = "IMPORT_GATE_FAILED";
    g.message = "the new archive does not read back: " + e.message + " [" + e.code + "]";
    return g;
  };
  Result<Archive> a = read_archive(b.data, b.size, install::read_options());
  if (!a) return failed(a.error());
  const std::vector<Error> added = new_layout_warnings(*a, donor);
  if (!added.empty()) return failed(added.front());
  Result<EntryContents> c = read_entry(*a, b.data, b.size, entry);
  if (!c) return failed(c.error());
  const Resource& r = c->resources.at(resource);
  if (r.body_size != body.size() ||
      !std::equal(body.begin(), body.end(), c->records.begin() + long(r.body_offset)))
    return failed(Diagnostic{"IMPORT_GATE_FAILED", "the record's body is not the new mesh",
                             "archive/entries[" + std::to_string(entry) + "]", 0});
  return std::nullopt;
}

// Mapped bytes are copied this much at a time, each piece's pages given back once written:
// memory stays at one piece whatever the archive's size.
constexpr size_t kPiece = size_t(8) << 20;

// write_archive into `sink`, piece by piece: a payload copied from the donor goes in pieces of
// kPiece bytes whose pages are given back once written. `identical` says whether every byte
// written equals the donor's byte at the same place (a piece taken from the donor at its own
// offset does without comparing).
Result<uint64_t> stream_archive(const Archive& a, const std::vector<PayloadRef>& refs,
                                const DonorArchive& donor, ArchiveSink& sink, bool& identical) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(donor.data);
  uint64_t at = 0;
  std::optional<Diagnostic> failed;
  identical = true;
  const Sink put = [&](const uint8_t* p, size_t n) {
    for (size_t done = 0; done < n && !failed; done += std::min(n - done, kPiece)) {
      const size_t k = std::min(n - done, kPiece);
      const uint8_t* q = p + done;
      const uintptr_t u = reinterpret_cast<uintptr_t>(q);
      const bool from_donor = u >= base && u - base < donor.size;
      if (identical && !(from_donor && u - base == at)) {
        identical =
            at <= donor.size && k <= donor.size - at && std::equal(q, q + k, donor.data + at);
        if (at < donor.size) donor.release(at, k);
      }
      failed = sink.write(q, k);
      if (from_donor) donor.release(u - base, k);
      at += k;
    }
  };
  Result<uint64_t> total = write_archive(a, refs, put);
  if (failed) return *failed;
  if (!total) return total.error();
  identical = identical && *total == donor.size;
  return total;
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
                                               const DonorArchive& donor,
                                               const ImportOptions& options, ArchiveSink& sink) {
  const uint8_t* data = donor.data;
  const size_t size = donor.size;
  ArchiveImportOutcome out;
  const auto fail = [&out](Diagnostic d) {
    out.error = std::move(d);
    return out;
  };
  Result<Archive> a = read_archive(data, size, install::read_options());
  if (!a) return fail(a.error());
  const install::ArchiveView view = view_of(*a, donor);
  const InstallIndex index = index_of(view);
  std::vector<Imported> done;
  for (const ArchiveEdit& edit : edits) {
    for (const Imported& m : done)
      if (resource_of(m).id == edit.resource_id)
        return fail({"IMPORT_DONOR_AMBIGUOUS",
                     "two glTF files for resource " + hex(edit.resource_id) + " '" +
                         resource_of(m).name + "'",
                     "archive", 0});
    Result<Found> f = find_resource(view, index, edit.resource_id);
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
        reencode_entry_payload(*a->dialect, done[i].found.contents, records, *a->codecs);
    if (!payload) return fail(payload.error());
    refs[entry] = {payload->data(), payload->size()};
    payloads[entry] = std::move(*payload);
  }
  bool identical = true;
  Result<uint64_t> total = stream_archive(*a, refs, donor, sink, identical);
  if (!total) return fail(total.error());
  Result<PayloadRef> bytes = sink.written();
  if (!bytes) return fail(bytes.error());
  for (const Imported& m : done)
    if (std::optional<Diagnostic> g = gate(*bytes, m.found.entry, m.found.resource, m.body, *a))
      return fail(*g);
  if (edits.size() == 1) {  // the summary of `import --id`: import's, plus "archive"
    const Entry& e = a->entries[done[0].found.entry];
    out.summary = done[0].summary;
    out.summary["archive"] = archive_row(*a, done[0], edits[0].resource_id);
    out.summary["archive"]["old_payload_size"] = e.size;
    out.summary["archive"]["new_payload_size"] = refs[done[0].found.entry].size;
    out.summary["archive"]["old_archive_size"] = size;
    out.summary["archive"]["new_archive_size"] = *total;
    out.summary["archive"]["identical"] = identical;
  } else {
    out.summary = {{"archive",
                    {{"old_archive_size", size},
                     {"new_archive_size", *total},
                     {"changed_entries", payloads.size()},
                     {"identical", identical}}},
                   {"resources", Json::array()}};
    for (size_t i = 0; i < done.size(); ++i) {
      Json row = archive_row(*a, done[i], edits[i].resource_id);
      row["import"] = done[i].summary;
      out.summary["resources"].push_back(std::move(row));
    }
  }
  return out;
}

namespace {

// The new archive in memory: the sink of the forms that return its bytes.
class MemorySink : public ArchiveSink {
 public:
  explicit MemorySink(std::vector<uint8_t>& bytes) : bytes_(bytes) {}
  std::optional<Diagnostic> write(const uint8_t* data, size_t size) override {
    bytes_.insert(bytes_.end(), data, data + size);
    return std::nullopt;
  }
  Result<PayloadRef> written() override { return PayloadRef{bytes_.data(), bytes_.size()}; }

 private:
  std::vector<uint8_t>& bytes_;
};

}  // namespace

ArchiveImportOutcome import_edits_into_archive(const std::vector<ArchiveEdit>& edits,
                                               const uint8_t* data, size_t size,
                                               const ImportOptions& options) {
  std::vector<uint8_t> bytes;
  MemorySink sink(bytes);
  ArchiveImportOutcome out = import_edits_into_archive(edits, {data, size}, options, sink);
  if (!out.error) out.bytes = std::move(bytes);
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

// The new archive on disk: streamed into a temp beside -o (AtomicFile), read back from that
// temp for the gate, renamed into place by commit(). A dry run, and a stream destination
// (which cannot be read back), write a scratch temp in the system's temp directory instead;
// the stream gets its bytes copied from it at commit().
class FileSink : public ArchiveSink {
 public:
  FileSink(const fs::path& dest, const io::AtomicOptions& options, bool dry_run)
      : dest_(dest),
        options_(options),
        dry_run_(dry_run),
        stream_(!dry_run && options.replace && io::is_stream_destination(dest)),
        file_(dry_run_ || stream_ ? scratch() : dest,
              dry_run_ || stream_ ? scratch_options() : options) {}

  std::optional<Diagnostic> write(const uint8_t* data, size_t size) override {
    return file_.write(data, size);
  }
  Result<PayloadRef> written() override {
    if (file_.temp().empty())
      return Diagnostic{"OUTPUT_WRITE_FAILED", "nothing was written", dest_.string(), 0};
    ir::Result<std::unique_ptr<io::MappedInput>> m = io::MappedInput::open(file_.temp());
    if (!m) return m.error();
    mapped_ = std::move(*m);
    return PayloadRef{mapped_->data(), mapped_->size()};
  }
  std::optional<Diagnostic> commit() {
    if (dry_run_) return std::nullopt;
    if (!stream_) {
      mapped_.reset();
      return file_.commit();
    }
    io::AtomicFile out(dest_, options_);
    for (size_t at = 0; mapped_ && at < mapped_->size(); at += kPiece) {
      const size_t k = std::min(kPiece, mapped_->size() - at);
      if (auto e = out.write(mapped_->data() + at, k)) return e;
      mapped_->release(at, k);
    }
    return out.commit();
  }

 private:
  static fs::path scratch() {
    std::error_code ec;
    const fs::path dir = fs::temp_directory_path(ec);
    return io::temp_path_for((ec ? fs::path(".") : dir) / "forge2gltf-archive.forge");
  }
  static io::AtomicOptions scratch_options() {
    io::AtomicOptions o;
    o.replace = true;
    return o;
  }
  fs::path dest_;
  io::AtomicOptions options_;
  bool dry_run_ = false, stream_ = false;
  io::AtomicFile file_;
  std::unique_ptr<io::MappedInput> mapped_;
};

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
  ir::Result<io::InputBytes> g = io::InputBytes{};
  if (!directory)
    g = io::read_input_as(run.input, io::kMaxInputBytes, "a glTF", "IMPORT_READ_FAILED");
  if (!g) return fail(g.error());
  ir::Result<std::unique_ptr<io::MappedInput>> d = io::MappedInput::open(run.donor);
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
  const DonorArchive donor{(*d)->data(), (*d)->size(), d->get()};
  io::AtomicOptions a;
  a.replace = run.options.force;
  FileSink sink(run.out, a, run.dry_run);
  if (directory) {
    Result<DirectoryEdits> edits = edits_in_directory(run.input, donor);
    if (!edits) return fail(edits.error());
    out = import_edits_into_archive(edits->edits, donor, options, sink);
  } else {
    out = import_edits_into_archive({{gltf_input(run.input, *g), run.id}}, donor, options, sink);
  }
  if (out.error) return out;
  if (std::optional<Diagnostic> e = sink.commit()) out.error = e;
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
    out << io::json_text(j) << "\n";
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
        io::json_text(Json{{"imports", Json::array({j})}, {"failed", r.error ? 1 : 0}}) + "\n";
    io::AtomicOptions a;
    a.replace = true;
    if (auto e = io::write_atomically(
            {{run.report, reinterpret_cast<const uint8_t*>(text.data()), text.size()}}, a)) {
      err << "forge2gltf import: " << e->to_string() << "\n";
      return 1;
    }
  }
  return r.error ? 1 : 0;
}

}  // namespace f2g::import
