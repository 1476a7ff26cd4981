#include "converter/verify/archive_compare.h"

#include <cstring>
#include <memory>
#include <ostream>

#include "converter/install/install.h"
#include "converter/install/oodle_library.h"
#include "converter/io/input_file.h"
#include "converter/verify/report_output.h"
#include "formats/archive/archive.h"
#include "formats/common/error.h"
#include "formats/registry.h"

namespace f2g::verify {
namespace {

using namespace archive;
using ir::Diagnostic;

std::string entry_path(size_t i) { return "archive/entries[" + std::to_string(i) + "]"; }

// The name record but for its size field (the first i32), which moves with the payload.
bool same_names(const Entry& a, const Entry& b) {
  return std::memcmp(a.name_record.data() + 4, b.name_record.data() + 4,
                     a.name_record.size() - 4) == 0;
}

// A changed entry, read strictly and held against the old one's structure.
void check_changed(const Archive& na, const uint8_t* nd, size_t ns, const Archive& oa,
                   const uint8_t* od, size_t os, size_t i, ChangedEntry& row,
                   std::vector<Diagnostic>& problems) {
  const Entry& e = na.entries[i];
  const std::string path = entry_path(i);
  const std::string who = "entry " + std::to_string(e.file_id) + " '" + e.name + "': ";
  Result<EntryContents> n = read_entry(na, nd, ns, i);
  if (!n) return problems.push_back(n.error());
  for (const Diagnostic& w : n->warnings) problems.push_back(w);
  Result<EntryContents> o = read_entry(oa, od, os, i);
  if (!o) return problems.push_back(o.error());
  const auto problem = [&](const std::string& message) {
    problems.push_back({"VERIFY_ARCHIVE_STRUCTURE", who + message, path, e.offset});
  };
  if (n->kind != o->kind)
    return problem(std::string("the entry is ") + kind_name(n->kind) + ", it was " +
                   kind_name(o->kind));
  if (n->kind != EntryKind::Resources)
    return problem(std::string("a ") + kind_name(n->kind) + " entry changed: only resource " +
                   "entries are rewritten");
  for (size_t s = 0; s < 2; ++s)
    if (n->sets[s].header.compression != o->sets[s].header.compression)
      problem("set " + std::to_string(s) + " has compression " +
              std::to_string(n->sets[s].header.compression) + ", it had " +
              std::to_string(o->sets[s].header.compression));
  bool same_ids = n->resources.size() == o->resources.size();
  for (size_t r = 0; same_ids && r < n->resources.size(); ++r)
    same_ids = n->resources[r].id == o->resources[r].id;
  if (!same_ids)
    problem("the resource ids differ from the old entry's (" + std::to_string(n->resources.size()) +
            " resources, " + std::to_string(o->resources.size()) +
            " before): resources are replaced only");
  static const uint32_t mesh = class_id("Mesh");
  for (size_t r = 0; r < n->resources.size(); ++r) {
    const Resource& res = n->resources[r];
    if (res.class_id != mesh) continue;
    DecodeOptions options;
    options.want_structure = false;
    Result<Decoded> d = decode(n->records.data() + res.body_offset, res.body_size, options);
    if (!d) {
      Diagnostic err = d.error();
      err.message = who + "resource " + hex(res.id) + " '" + res.name + "': " + err.message;
      err.path = path + "/records[" + std::to_string(r) + "]/" + err.path;
      problems.push_back(std::move(err));
      continue;
    }
    ++row.meshes;
  }
}

}  // namespace

ArchiveCompareReport compare_archives(const uint8_t* nd, size_t ns, const uint8_t* od, size_t os,
                                      const EntriesCompared& done) {
  ArchiveCompareReport report;
  Result<Archive> na = read_archive(nd, ns, install::read_options());
  Result<Archive> oa = na ? read_archive(od, os, install::read_options()) : na;
  if (!na || !oa) {
    report.error = na ? oa.error() : na.error();
    return report;
  }
  report.entries = na->entries.size();
  // A layout warning the old archive has too (AC1's empty section) is not the writer's doing.
  report.problems = new_layout_warnings(*na, *oa);
  if (na->entries.size() != oa->entries.size()) {
    report.problems.push_back(
        {"VERIFY_ARCHIVE_ENTRIES",
         std::to_string(na->entries.size()) + " entries, the old archive has " +
             std::to_string(oa->entries.size()) + ": entries are replaced, never added or removed",
         "archive/entries", 0});
    return report;
  }
  install::walk_entries({*na, nd, ns, nullptr}, [&](install::EntryVisit& v) {
    const size_t i = v.index();
    const Entry &n = v.entry(), &o = oa->entries[i];
    if (n.file_id != o.file_id) {
      report.problems.push_back({"VERIFY_ARCHIVE_ENTRIES",
                                 "entry " + std::to_string(i) + " has file id " +
                                     std::to_string(n.file_id) + ", the old archive's " +
                                     std::to_string(o.file_id) + ": the order must be kept",
                                 entry_path(i), n.index_record_offset});
      return true;
    }
    if (!same_names(n, o))
      report.problems.push_back({"VERIFY_ARCHIVE_STRUCTURE",
                                 "entry " + std::to_string(n.file_id) + " '" + n.name +
                                     "': its name record differs beyond the size field",
                                 entry_path(i), n.name_record_offset});
    const bool same = n.size == o.size && std::memcmp(nd + n.offset, od + o.offset, n.size) == 0;
    if (!same) {
      ChangedEntry row{i, n.file_id, n.name, o.size, n.size, 0};
      check_changed(*na, nd, ns, *oa, od, os, i, row, report.problems);
      report.changed.push_back(std::move(row));
    }
    if (done) done(n, o);
    return true;
  });
  return report;
}

nlohmann::json to_json(const ArchiveCompareReport& r) {
  const auto diag = [](const Diagnostic& e) {
    return nlohmann::json{
        {"code", e.code}, {"message", e.message}, {"path", e.path}, {"offset", e.offset}};
  };
  nlohmann::json changed = nlohmann::json::array(), problems = nlohmann::json::array();
  for (const ChangedEntry& c : r.changed)
    changed.push_back({{"index", c.index},
                       {"file_id", c.file_id},
                       {"name", c.name},
                       {"old_size", c.old_size},
                       {"new_size", c.new_size},
                       {"meshes", c.meshes}});
  for (const Diagnostic& p : r.problems) problems.push_back(diag(p));
  return {{"input", r.input},
          {"against", r.against},
          {"ok", r.ok()},
          {"entries", r.entries},
          {"changed", std::move(changed)},
          {"problems", std::move(problems)},
          {"error", r.error ? diag(*r.error) : nlohmann::json(nullptr)}};
}

void print_text(const ArchiveCompareReport& r, std::ostream& out) {
  out << "verify " << r.input << " against " << r.against << ": ";
  if (r.error) {
    out << "FAILED: " << r.error->to_string() << "\n";
    return;
  }
  out << (r.ok() ? "OK" : "FAILED") << " (" << r.entries << " entries, " << r.changed.size()
      << " changed" << (r.ok() ? ", every other byte-identical" : "") << ")\n";
  for (const ChangedEntry& c : r.changed)
    out << "  changed: entry " << c.index << ", file id " << c.file_id << " '" << c.name
        << "': " << c.old_size << " -> " << c.new_size << " bytes, " << c.meshes << " mesh"
        << (c.meshes == 1 ? "" : "es") << " decoded strictly\n";
  for (const Diagnostic& p : r.problems) out << "  " << p.to_string() << "\n";
}

int run_against(const std::string& input, const std::string& against, bool json, std::ostream& out,
                std::ostream& err) {
  ArchiveCompareReport report;
  report.input = input;
  report.against = against;
  ir::Result<std::unique_ptr<io::MappedInput>> n = io::MappedInput::open(input);
  ir::Result<std::unique_ptr<io::MappedInput>> o =
      n ? io::MappedInput::open(against) : ir::Result<std::unique_ptr<io::MappedInput>>(n.error());
  if (!n || !o) {
    Diagnostic e = n ? o.error() : n.error();
    e.code = "VERIFY_READ_FAILED";
    report.error = e;
  } else {
    const io::MappedInput &nm = **n, &om = **o;
    ArchiveCompareReport r =
        compare_archives(nm.data(), nm.size(), om.data(), om.size(),
                         [&](const archive::Entry& in_new, const archive::Entry& in_old) {
                           nm.release(in_new.offset, in_new.size);
                           om.release(in_old.offset, in_old.size);
                         });
    r.input = input;
    r.against = against;
    report = std::move(r);
  }
  return emit_report(report, json, out, err);
}

}  // namespace f2g::verify
