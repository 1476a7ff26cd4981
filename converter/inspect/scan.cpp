#include "converter/inspect/scan.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "converter/io/input_file.h"
#include "formats/registry.h"

namespace f2g::scan {
namespace {

// Every signature of every registered format, in registry order: candidates at one offset
// are weighed in this order.
const std::vector<const ScanSignature*>& all_signatures() {
  static const std::vector<const ScanSignature*> all = [] {
    std::vector<const ScanSignature*> v;
    for (const Format* f : registered_formats())
      for (const ScanSignature& s : f->scan) v.push_back(&s);
    return v;
  }();
  return all;
}

const Format* format_of(Signature s) {
  for (const Format* f : registered_formats())
    for (const ScanSignature& own : f->scan)
      if (&own == s) return f;
  return nullptr;
}

// Every position of the 4-byte pattern (memmem: linear, no per-byte work of ours).
template <class F>
void for_each_hit(const uint8_t* data, size_t size, const uint8_t (&pattern)[4], F&& f) {
  const uint8_t* p = data;
  const uint8_t* end = data + size;
  while (static_cast<size_t>(end - p) >= 4) {
    const void* hit = memmem(p, static_cast<size_t>(end - p), pattern, 4);
    if (!hit) break;
    const uint8_t* h = static_cast<const uint8_t*>(hit);
    f(static_cast<uint64_t>(h - data));
    p = h + 1;
  }
}

struct Candidate {
  uint64_t offset;
  size_t rank;  // the signature's place in all_signatures()
  Signature signature;
  bool operator<(const Candidate& o) const {
    return offset != o.offset ? offset < o.offset : rank < o.rank;
  }
  bool operator==(const Candidate& o) const { return offset == o.offset && rank == o.rank; }
};

// Each class word is searched for once; a hit that no signature of that word turns into a
// start is counted as rejected. A forced format limits the signatures to its own.
std::vector<Candidate> find_candidates(const uint8_t* data, size_t size, const Format* format,
                                       const ScanOptions& options, uint64_t& rejected) {
  const std::vector<const ScanSignature*>& sigs = all_signatures();
  std::vector<bool> used(sigs.size());
  for (size_t i = 0; i < sigs.size(); ++i) used[i] = !format || format_of(sigs[i]) == format;
  std::vector<Candidate> c;
  std::vector<uint32_t> words;  // each class word once, in order of first use
  for (size_t i = 0; i < sigs.size(); ++i)
    if (used[i] && std::find(words.begin(), words.end(), sigs[i]->class_id) == words.end())
      words.push_back(sigs[i]->class_id);
  std::vector<uint64_t> starts;
  for (uint32_t word : words) {
    uint8_t pattern[4];
    std::memcpy(pattern, &word, 4);
    for_each_hit(data, size, pattern, [&](uint64_t hit) {
      bool any = false;
      for (size_t i = 0; i < sigs.size(); ++i) {
        if (!used[i] || sigs[i]->class_id != word) continue;
        starts.clear();
        sigs[i]->starts(data, size, hit, options.max_bones, starts);
        for (uint64_t s : starts) c.push_back({s, i, sigs[i]});
        any = any || !starts.empty();
      }
      if (!any) ++rejected;
    });
  }
  std::sort(c.begin(), c.end());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

bool ends_with(const std::string& s, const char* suffix) {
  const size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// A strict read of the candidate to the end of the file fails with TRAILING_BYTES at the
// offset where the mesh ends (or succeeds when it ends with the file); a second strict read
// of exactly [candidate, end) must then succeed.
struct Confirmation {
  std::optional<Found> found;
  ir::Diagnostic error;  // when not found; offset relative to the candidate
};

Confirmation confirm(const uint8_t* data, size_t size, const Candidate& c,
                     const DecodeOptions& base, const std::string& label, uint64_t& decodes) {
  DecodeOptions options = base;
  options.format = format_of(c.signature);
  options.observer = nullptr;
  options.field_log = nullptr;
  options.want_structure = false;  // a confirmation needs the IR only
  options.source_path = label;
  const uint8_t* begin = data + c.offset;
  const uint64_t rest = size - c.offset;

  ++decodes;
  Result<Decoded> r = decode(begin, static_cast<size_t>(rest), options);
  uint64_t length = rest;
  if (!r) {
    const ir::Diagnostic& e = r.error();
    if (!ends_with(e.code, "_TRAILING_BYTES")) return {std::nullopt, e};
    if (e.offset == 0 || e.offset >= rest) return {std::nullopt, e};
    length = e.offset;
    ++decodes;
    r = decode(begin, static_cast<size_t>(length), options);
    if (!r) return {std::nullopt, r.error()};
  }
  Found f;
  f.offset = c.offset;
  f.length = length;
  f.signature = c.signature;
  f.format = options.format->name;
  f.id_hex_digits = options.format->id_hex_digits;
  f.layout = r->mesh.source.layout;
  f.object_id = r->mesh.source.object_id;
  return {f, {}};
}

}  // namespace

const char* to_string(Signature s) { return s ? s->name : "?"; }

Signature find_signature(const std::string& name) {
  for (Signature s : all_signatures())
    if (name == s->name) return s;
  return nullptr;
}

std::string extract_name(const std::string& path, uint64_t offset) {
  char hexbuf[32];
  std::snprintf(hexbuf, sizeof hexbuf, "%08llX", static_cast<unsigned long long>(offset));
  return std::filesystem::path(path).stem().string() + "_" + hexbuf + ".mesh";
}

std::string record_file_name(const std::string& name) {
  std::string s = name;
  for (char& ch : s) {
    const unsigned char u = static_cast<unsigned char>(ch);
    if (ch == '/' || ch == '\\' || u < 0x20 || u == 0x7F) ch = '_';
  }
  if (s.empty()) return "";
  s += ".mesh";
  for (size_t at = s.find(".."); at != std::string::npos; at = s.find("..", at)) s[at] = '_';
  return s;
}

std::vector<std::string> extract_names(const ScanReport& report) {
  std::set<std::string> offset_names, taken;
  std::vector<std::string> names;
  for (const Found& f : report.meshes) offset_names.insert(extract_name(report.path, f.offset));
  for (const Found& f : report.meshes) {
    std::string n = f.name.empty() ? "" : record_file_name(f.name);
    if (n.empty() || taken.count(n) || offset_names.count(n))
      n = extract_name(report.path, f.offset);
    taken.insert(n);
    names.push_back(n);
  }
  return names;
}

ScanReport scan_buffer(const uint8_t* data, size_t size, const DecodeOptions& base,
                       const ScanOptions& options) {
  ScanReport report;
  report.size = size;
  const std::vector<Candidate> candidates =
      find_candidates(data, size, base.format, options, report.rejected);
  report.candidates = candidates.size();

  uint64_t covered_until = 0;  // end of the last confirmed mesh
  uint64_t covering = 0;       // its offset
  for (size_t i = 0; i < candidates.size();) {
    // All candidates at one offset are weighed together: the longest confirmed one wins.
    size_t j = i;
    while (j < candidates.size() && candidates[j].offset == candidates[i].offset) ++j;
    const uint64_t at = candidates[i].offset;
    if (report.meshes.size() && at < covered_until) {
      // Inside a confirmed mesh: its interior is not scanned.
      for (size_t k = i; k < j; ++k)
        report.dropped.push_back({at, candidates[k].signature, covering, false});
      i = j;
      continue;
    }
    std::vector<Found> confirmed;
    std::vector<Failed> failed;
    for (size_t k = i; k < j; ++k) {
      if (report.decodes >= options.max_decodes) {
        ++report.not_tried;
        continue;
      }
      char label[48];
      std::snprintf(label, sizeof label, "@0x%llX", static_cast<unsigned long long>(at));
      Confirmation c =
          confirm(data, size, candidates[k], base, base.source_path + label, report.decodes);
      if (c.found) {
        confirmed.push_back(*c.found);
      } else {
        c.error.offset += at;
        failed.push_back({at, candidates[k].signature, std::move(c.error)});
      }
    }
    if (confirmed.empty()) {
      for (Failed& f : failed) report.failed.push_back(std::move(f));
    } else {
      auto best =
          std::max_element(confirmed.begin(), confirmed.end(),
                           [](const Found& a, const Found& b) { return a.length < b.length; });
      for (const Found& f : confirmed)
        if (&f != &*best) report.dropped.push_back({at, f.signature, at, true});
      for (const Failed& f : failed) report.dropped.push_back({at, f.signature, at, true});
      covered_until = at + best->length;
      covering = at;
      const Format* format = format_of(best->signature);
      if (format && format->scan_record_name)
        best->name = format->scan_record_name(data, size, at, best->length);
      report.meshes.push_back(*best);
    }
    i = j;
  }
  return report;
}

ScanReport scan_file(const std::string& path, const DecodeOptions& base,
                     const ScanOptions& options) {
  ir::Result<std::unique_ptr<io::MappedInput>> bytes = io::MappedInput::open(path);
  if (!bytes) {
    ScanReport r;
    r.path = path;
    r.error = ir::Diagnostic{"SCAN_READ_FAILED", "cannot read " + path, "", 0};
    return r;
  }
  DecodeOptions named = base;
  named.source_path = path;
  ScanReport r = scan_buffer((*bytes)->data(), (*bytes)->size(), named, options);
  r.path = path;
  return r;
}

ir::Result<std::vector<uint8_t>> read_found(const std::string& path, const Found& found) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> bytes(static_cast<size_t>(found.length));
  if (in) {
    in.seekg(static_cast<std::streamoff>(found.offset));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  if (!in || static_cast<uint64_t>(in.gcount()) != found.length)
    return ir::Diagnostic{"SCAN_READ_FAILED",
                          "cannot read " + std::to_string(found.length) + " bytes at " +
                              hex(found.offset) + " of " + path,
                          "", found.offset};
  return bytes;
}

}  // namespace f2g::scan
