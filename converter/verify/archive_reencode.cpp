#include "converter/verify/archive_reencode.h"

#include <algorithm>
#include <ostream>
#include <vector>

#include "converter/install/install.h"
#include "converter/install/oodle_library.h"
#include "converter/verify/report_output.h"
#include "formats/archive/archive.h"
#include "formats/common/error.h"

namespace f2g::verify {
namespace {

nlohmann::json error_json(const std::optional<ir::Diagnostic>& e) {
  if (!e) return nullptr;
  return {{"code", e->code}, {"message", e->message}, {"path", e->path}, {"offset", e->offset}};
}

}  // namespace

ArchiveReencodeReport reencode_archive_check(
    const uint8_t* data, size_t size,
    const std::function<void(uint64_t offset, uint64_t size)>& release) {
  using namespace archive;
  ArchiveReencodeReport report;
  report.input_size = size;
  Result<Archive> a = read_archive(data, size, install::read_options());
  if (!a) {
    report.error = a.error();
    return report;
  }
  report.entries = a->entries.size();
  std::vector<std::vector<uint8_t>> encoded(a->entries.size());
  std::vector<PayloadRef> payloads;
  install::walk_entries({*a, data, size, nullptr}, [&](install::EntryVisit& v) {
    const size_t i = v.index();
    const Entry& e = v.entry();
    const uint8_t* stored = data + e.offset;
    const ir::Result<EntryContents>& c = v.contents();
    if (release) release(e.offset, e.size);
    if (!c) {
      report.error = c.error();
      return false;
    }
    if (c->kind != EntryKind::Resources) {
      ++(c->kind == EntryKind::CodecMissing ? report.copied_oodle : report.copied_special);
      payloads.push_back({stored, e.size});
      return true;
    }
    Result<std::vector<uint8_t>> p =
        reencode_entry_payload(*a->dialect, *c, resource_records(*c), *a->codecs);
    if (!p) {
      report.error = p.error();
      return false;
    }
    ++report.reencoded;
    const std::vector<uint8_t>& out = *p;
    const size_t common = std::min<size_t>(out.size(), e.size);
    const size_t first =
        size_t(std::mismatch(out.begin(), out.begin() + long(common), stored).first - out.begin());
    if (release) release(e.offset, e.size);
    if (first == common && out.size() == e.size) {  // reproduced: the stored bytes are the same
      payloads.push_back({stored, e.size});
      return true;
    }
    ++report.differing_entries;
    if (!report.first_entry)
      report.first_entry =
          EntryDifference{i, e.file_id, e.name, e.offset, e.size, out.size(), first};
    encoded[i] = std::move(*p);
    payloads.push_back({encoded[i].data(), encoded[i].size()});
    return true;
  });
  if (report.error) return report;
  // The whole archive, compared as it is written: tables, payloads at their new offsets, padding.
  uint64_t at = 0;
  const Sink compare = [&](const uint8_t* p, size_t n) {
    if (!report.first_difference && p != data + at) {  // a stored payload in its place: equal
      const size_t common = at < size ? std::min<uint64_t>(n, size - at) : 0;
      const size_t first = size_t(std::mismatch(p, p + common, data + at).first - p);
      if (first < n) report.first_difference = at + first;
      if (release) release(at, common);
    }
    at += n;
  };
  Result<uint64_t> written = write_archive(*a, payloads, compare);
  if (!written) {
    report.error = written.error();
    return report;
  }
  report.output_size = *written;
  if (!report.first_difference && report.output_size != size) report.first_difference = at;
  return report;
}

nlohmann::json to_json(const ArchiveReencodeReport& r) {
  nlohmann::json entry = nullptr;
  if (const auto& d = r.first_entry)
    entry = {{"index", d->index},
             {"file_id", d->file_id},
             {"name", d->name},
             {"offset", d->offset},
             {"input_size", d->input_size},
             {"output_size", d->output_size},
             {"first_byte", d->first_byte}};
  return {{"input", r.input},
          {"ok", r.ok()},
          {"input_size", r.input_size},
          {"output_size", r.output_size},
          {"entries", r.entries},
          {"reencoded", r.reencoded},
          {"copied_oodle", r.copied_oodle},
          {"copied_special", r.copied_special},
          {"differing_entries", r.differing_entries},
          {"first_entry", std::move(entry)},
          {"first_difference",
           r.first_difference ? nlohmann::json(*r.first_difference) : nlohmann::json(nullptr)},
          {"error", error_json(r.error)}};
}

void print_text(const ArchiveReencodeReport& r, std::ostream& out) {
  out << "reencode " << (r.input.empty() ? "(archive)" : r.input) << ": ";
  if (r.error) {
    out << "FAILED: " << r.error->to_string() << "\n";
    return;
  }
  out << (r.ok() ? "OK" : "FAILED") << " (" << r.entries << " entries: " << r.reencoded
      << " recompressed, " << r.copied_oodle << " Oodle and " << r.copied_special
      << " special copied verbatim";
  if (r.ok()) out << "; " << r.input_size << " bytes reproduced";
  out << ")\n";
  if (const auto& d = r.first_entry)
    out << "  " << r.differing_entries << " entr" << (r.differing_entries == 1 ? "y" : "ies")
        << " differ; first: entry " << d->index << ", file id " << d->file_id << " '" << d->name
        << "' at " << hex(d->offset) << ": " << d->input_size << " bytes stored, " << d->output_size
        << " re-encoded, first difference at byte " << d->first_byte << "\n";
  if (r.first_difference)
    out << "  first differing archive byte at " << hex(*r.first_difference)
        << (r.input_size != r.output_size
                ? ", size " + std::to_string(r.input_size) + " -> " + std::to_string(r.output_size)
                : std::string())
        << "\n";
}

int run_archive_reencode(const std::string& input, const io::MappedInput& archive, bool json,
                         std::ostream& out, std::ostream& err) {
  ArchiveReencodeReport report = reencode_archive_check(
      archive.data(), archive.size(),
      [&](uint64_t offset, uint64_t size) { archive.release(offset, size); });
  report.input = input;
  return emit_report(report, json, out, err);
}

}  // namespace f2g::verify
