#include "converter/convert/totals.h"

#include <cstdio>

namespace f2g::convert {

void add_to_totals(Totals& t, const FileResult& r) {
  ++t.inputs;
  switch (r.status) {
    case Status::Converted:
      ++t.converted;
      t.counts.vertices += r.counts.vertices;
      t.counts.triangles += r.counts.triangles;
      t.counts.primitives += r.counts.primitives;
      t.counts.bones += r.counts.bones;
      t.counts.targets += r.counts.targets;
      break;
    case Status::Skipped:
      ++t.skipped;
      break;
    case Status::Failed:
      ++t.failed;
      if (r.error) ++t.failures_by_code[r.error->code];
      break;
  }
  t.warnings += r.warnings.size();
  for (const ir::Diagnostic& w : r.warnings) ++t.warnings_by_code[w.code];
  t.unreachable_morph_values += r.unreachable_morph_values;
  t.bytes_in += r.bytes_in;
  t.bytes_out += r.bytes_out;
  if (r.validation) {
    if (!t.validation) t.validation.emplace();
    add_validation(*t.validation, *r.validation);
  }
}

void add_validation(ValidationTotals& t, const ValidationCounts& v) {
  if (v.failure) {
    ++t.not_validated;
    return;
  }
  ++t.outputs;
  if (v.errors) ++t.outputs_with_errors;
  t.errors += v.errors;
  t.warnings += v.warnings;
  t.infos += v.infos;
  t.hints += v.hints;
}

void add_archive_totals(ArchiveTotals& t, const ArchiveTotals& m) {
  t.archives += m.archives;
  t.entries += m.entries;
  t.entries_failed += m.entries_failed;
  t.oodle_entries += m.oodle_entries;
  t.special_entries += m.special_entries;
  t.resources += m.resources;
  for (const auto& [name, n] : m.classes) t.classes[name] += n;
  t.superseded += m.superseded;
  for (const auto& [code, n] : m.warnings_by_code) t.warnings_by_code[code] += n;
}

Totals totals_of(const std::vector<FileResult>& results, double wall_seconds) {
  Totals t;
  for (const FileResult& r : results) add_to_totals(t, r);
  t.seconds = wall_seconds;
  return t;
}

int exit_code_of(const Totals& totals) {
  // An output the validator rejects is a converter bug: the file is kept (it is what the
  // converter makes) but the run must not look clean; the same when it could not be checked.
  const auto& v = totals.validation;
  return totals.failed || (v && (v->outputs_with_errors || v->not_validated)) ? 1 : 0;
}

std::string human_bytes(double bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  int u = 0;
  while (bytes >= 1000 && u < 4) {
    bytes /= 1000;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
  return buf;
}

std::string summary_text(const Totals& t) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "forge2gltf: %llu converted, %llu skipped, %llu failed (%llu inputs) in %.2f s\n",
                static_cast<unsigned long long>(t.converted),
                static_cast<unsigned long long>(t.skipped),
                static_cast<unsigned long long>(t.failed),
                static_cast<unsigned long long>(t.inputs), t.seconds);
  std::string s = buf;
  if (t.interrupted)
    s += "  interrupted: " + std::to_string(t.not_started) + " inputs not started\n";
  const double rate = t.seconds > 0 ? double(t.bytes_in) / t.seconds : 0;
  s += "  bytes: " + human_bytes(double(t.bytes_in)) + " in, " + human_bytes(double(t.bytes_out)) +
       " out (" + human_bytes(rate) + "/s)\n";
  auto by_code = [&s](const char* what, const std::map<std::string, uint64_t>& m) {
    if (m.empty()) return;
    s += std::string("  ") + what + ":";
    for (const auto& [code, n] : m) s += " " + code + " " + std::to_string(n);
    s += "\n";
  };
  by_code("failures", t.failures_by_code);
  by_code("warnings", t.warnings_by_code);
  if (t.unreachable_morph_values)
    s += "  morph values no float32 delta reaches: " + std::to_string(t.unreachable_morph_values) +
         "\n";
  if (const auto& a = t.archives) {
    s += "  archives: " + std::to_string(a->archives) + " (" + std::to_string(a->entries) +
         " entries, " + std::to_string(a->resources) + " resources";
    for (const auto& [name, n] : a->classes) s += ", " + name + " " + std::to_string(n);
    s += ")\n";
    if (a->superseded)
      s += "  superseded by a patch: " + std::to_string(a->superseded) + " Mesh resources\n";
    if (a->oodle_entries || a->special_entries || a->entries_failed)
      s += "  entries not read: " + std::to_string(a->oodle_entries) + " need Oodle, " +
           std::to_string(a->special_entries) + " special, " + std::to_string(a->entries_failed) +
           " failed\n";
    by_code("archive warnings", a->warnings_by_code);
  }
  if (const auto& v = t.validation) {
    s += "  validator: " + std::to_string(v->outputs) + " outputs, " + std::to_string(v->errors) +
         " errors, " + std::to_string(v->warnings) + " warnings";
    if (v->outputs_with_errors)
      s += " (" + std::to_string(v->outputs_with_errors) + " outputs with errors)";
    if (v->not_validated) s += ", " + std::to_string(v->not_validated) + " not validated";
    s += "\n";
  }
  return s;
}

}  // namespace f2g::convert
