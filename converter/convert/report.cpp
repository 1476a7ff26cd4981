#include "converter/convert/report.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "converter/convert/version.h"
#include "converter/io/atomic_file.h"
#include "converter/io/json_text.h"
#include "formats/common/error.h"

namespace f2g::convert {

using nlohmann::json;

namespace {

// Invalid UTF-8 (file names need not be UTF-8) is replaced rather than failing the report.
std::string dump(const json& j) { return io::json_text(j); }

// `text` with every line after the first indented by `n` more spaces.
std::string indented(const std::string& text, size_t n) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '\n') out.append(n, ' ');
  }
  return out;
}

json string_or_null(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

json by_code_json(const std::map<std::string, uint64_t>& m) {
  json j = json::object();
  for (const auto& [code, n] : m) j[code] = n;
  return j;
}

}  // namespace

json diagnostic_json(const ir::Diagnostic& d) {
  return json{{"code", d.code}, {"message", d.message}, {"path", d.path}, {"offset", d.offset}};
}

json counts_json(const Counts& c) {
  return json{{"vertices", c.vertices},
              {"triangles", c.triangles},
              {"primitives", c.primitives},
              {"bones", c.bones},
              {"targets", c.targets}};
}

json validation_json(const ValidationCounts& v) {
  json messages = json::array();
  for (const ValidationMessage& m : v.messages)
    messages.push_back(json{{"severity", m.severity},
                            {"code", m.code},
                            {"message", m.message},
                            {"pointer", string_or_null(m.pointer)},
                            {"offset", m.offset ? json(*m.offset) : json(nullptr)}});
  return json{{"errors", v.errors},
              {"warnings", v.warnings},
              {"infos", v.infos},
              {"hints", v.hints},
              {"messages", std::move(messages)},
              {"failure", v.failure ? json(*v.failure) : json(nullptr)}};
}

json file_result_json(const FileResult& r) {
  json warnings = json::array();
  for (const ir::Diagnostic& w : r.warnings) warnings.push_back(diagnostic_json(w));
  json j;
  j["input"] = r.input;
  j["output"] = string_or_null(r.output);
  j["status"] = to_string(r.status);
  j["reason"] = string_or_null(r.reason);
  j["format"] = string_or_null(r.format);
  j["layout"] = string_or_null(r.layout);
  j["counts"] = counts_json(r.counts);
  j["unreachable_morph_values"] = r.unreachable_morph_values;
  j["warnings"] = std::move(warnings);
  j["error"] = r.error ? diagnostic_json(*r.error) : json(nullptr);
  j["bytes_in"] = r.bytes_in;
  j["bytes_out"] = r.bytes_out;
  j["seconds"] = r.seconds;
  if (r.validation) j["validation"] = validation_json(*r.validation);  // only with --validate
  if (r.skeleton) {  // only skinned meshes of a run that paired skeletons
    json added = json::array();
    for (uint64_t id : r.skeleton->added) added.push_back(hex(id, 16));
    j["skeleton"] = {
        {"id", r.skeleton->found() ? json(hex(r.skeleton->skeleton_id, 16)) : json(nullptr)},
        {"where", string_or_null(r.skeleton->where)},
        {"added", std::move(added)},
        {"bones", r.skeleton->bones},
        {"bones_matched", r.skeleton->matched}};
  }
  if (r.source) {  // only rows from archives
    j["archive"] = r.source->archive;
    j["entry_id"] = hex(r.source->entry_id, 16);
    j["resource_id"] =
        r.source->resource_id ? json(hex(*r.source->resource_id, 16)) : json(nullptr);
  }
  return j;
}

namespace {

json archive_totals_json(const ArchiveTotals& a) {
  return json{{"archives", a.archives},
              {"entries", a.entries},
              {"entries_failed", a.entries_failed},
              {"oodle_entries", a.oodle_entries},
              {"special_entries", a.special_entries},
              {"resources", a.resources},
              {"classes", by_code_json(a.classes)},
              {"superseded", a.superseded},
              {"warnings_by_code", by_code_json(a.warnings_by_code)}};
}

json totals_json(const Totals& t) {
  json totals;
  totals["inputs"] = t.inputs;
  totals["converted"] = t.converted;
  totals["skipped"] = t.skipped;
  totals["failed"] = t.failed;
  totals["warnings"] = t.warnings;
  totals["failures_by_code"] = by_code_json(t.failures_by_code);
  totals["warnings_by_code"] = by_code_json(t.warnings_by_code);
  totals["counts"] = counts_json(t.counts);
  totals["unreachable_morph_values"] = t.unreachable_morph_values;
  totals["bytes_in"] = t.bytes_in;
  totals["bytes_out"] = t.bytes_out;
  totals["seconds"] = t.seconds;
  totals["interrupted"] = t.interrupted;
  totals["not_started"] = t.not_started;
  if (const auto& a = t.archives) totals["archives"] = archive_totals_json(*a);
  if (const auto& v = t.validation) {
    totals["validation"] = json{{"validator", v->validator},
                                {"outputs", v->outputs},
                                {"outputs_with_errors", v->outputs_with_errors},
                                {"not_validated", v->not_validated},
                                {"errors", v->errors},
                                {"warnings", v->warnings},
                                {"infos", v->infos},
                                {"hints", v->hints}};
  }
  return totals;
}

}  // namespace

json report_json(const std::vector<FileResult>& results, const Totals& t) {
  json inputs = json::array();
  for (const FileResult& r : results) inputs.push_back(file_result_json(r));
  return json{{"tool", "forge2gltf"},
              {"version", version()},
              {"inputs", std::move(inputs)},
              {"totals", totals_json(t)}};
}

std::optional<ir::Diagnostic> write_report(const std::filesystem::path& path, const json& report) {
  const std::string text = dump(report) + "\n";
  io::AtomicOptions options;
  options.replace = true;
  auto err = io::write_atomically(
      {io::FileData{path, reinterpret_cast<const uint8_t*>(text.data()), text.size()}}, options);
  if (err) err->code = "REPORT_WRITE_FAILED";
  return err;
}

// The streamed text has the layout of report_json(...).dump(2): keys in sorted order, so
// "inputs" comes first and "totals" after it.
ReportWriter::ReportWriter(std::filesystem::path path) : path_(std::move(path)) {
  std::error_code ec;
  if (path_.has_parent_path()) std::filesystem::create_directories(path_.parent_path(), ec);
  stream_ = io::is_stream_destination(path_);  // /dev/stdout, a fifo: written directly
  temp_ = stream_ ? path_ : io::temp_path_for(path_);
  file_ = std::fopen(temp_.c_str(), stream_ ? "wbe" : "wbxe");
  if (!file_) {
    fail("create");
    return;
  }
  std::fputs("{\n  \"inputs\": [", file_);
}

ReportWriter::~ReportWriter() {
  if (file_) {
    std::fclose(file_);
    if (!stream_) ::unlink(temp_.c_str());
  }
}

void ReportWriter::fail(const std::string& what) {
  if (!error_)
    error_ = ir::Diagnostic{
        "REPORT_WRITE_FAILED",
        "cannot " + what + " the report " + path_.string() + ": " + std::strerror(errno), "", 0};
}

void ReportWriter::add(const FileResult& result) {
  if (!file_ || error_) return;
  const std::string entry = indented(dump(file_result_json(result)), 4);
  std::fprintf(file_, "%s\n    %s", first_ ? "" : ",", entry.c_str());
  first_ = false;
}

std::optional<ir::Diagnostic> ReportWriter::finish(const Totals& totals) {
  if (!file_) return error_;
  std::string tail = first_ ? "]" : "\n  ]";
  tail +=
      ",\n  \"tool\": \"forge2gltf\",\n  \"totals\": " + indented(dump(totals_json(totals)), 2) +
      ",\n  \"version\": " + dump(json(version())) + "\n}\n";
  std::fputs(tail.c_str(), file_);
  if (std::ferror(file_) || std::fflush(file_) != 0) fail("write");
  if (!error_ && !stream_ && ::fsync(fileno(file_)) != 0) fail("sync");
  if (std::fclose(file_) != 0) fail("write");
  file_ = nullptr;
  if (stream_) return error_;
  if (!error_ && std::rename(temp_.c_str(), path_.c_str()) != 0) fail("rename into place");
  if (error_) ::unlink(temp_.c_str());
  return error_;
}

}  // namespace f2g::convert
