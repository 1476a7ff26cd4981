#include "converter/scan.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "formats/format.h"

namespace f2g::scan {
namespace {

// spec: Mesh class = CRC-32 of Mesh; CompiledMesh class at the bare body's M.
constexpr uint8_t kMeshClass[4] = {0x68, 0x95, 0x5D, 0x41};      // 0x415D9568
constexpr uint8_t kCompiledClass[4] = {0x95, 0x15, 0x9E, 0xFC};  // 0xFC9E1595
constexpr uint32_t kCompiledClassValue = 0xFC9E1595;
constexpr uint64_t kRrHeader = 12;  // u64 identity + u32 class

uint32_t u32_at(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
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

// READING.md "Input files": a bare RR body has the CompiledMesh class at M = 61 + 81 x n,
// n the u32 at body offset 16.
bool bare_body_at(const uint8_t* data, size_t size, uint64_t body) {
  if (body > size || size - body < 20) return false;
  const uint64_t m = body + 61 + 81 * uint64_t(u32_at(data + body + 16));
  return m <= size && size - m >= 4 && u32_at(data + m) == kCompiledClassValue;
}

struct Candidate {
  uint64_t offset;
  Signature signature;
  bool operator<(const Candidate& o) const {
    return offset != o.offset ? offset < o.offset : signature < o.signature;
  }
  bool operator==(const Candidate& o) const {
    return offset == o.offset && signature == o.signature;
  }
};

std::vector<Candidate> find_candidates(const uint8_t* data, size_t size, FormatKind format,
                                       const ScanOptions& options, uint64_t& rejected) {
  std::vector<Candidate> c;
  const bool sws = format != FormatKind::Rr, rr = format != FormatKind::Sws;
  for_each_hit(data, size, kMeshClass, [&](uint64_t p) {
    bool any = false;
    if (sws && p >= 5 && data[p - 5] == 1) {  // managed byte 1, u32 id, class
      c.push_back({p - 5, Signature::Sws});
      any = true;
    }
    // The resource header: its body must show the CompiledMesh class where the bone count
    // puts it, which keeps a stray class word from becoming a candidate.
    if (rr && p >= 8 && bare_body_at(data, size, p - 8 + kRrHeader)) {
      c.push_back({p - 8, Signature::RrHeader});
      any = true;
    }
    if (!any) ++rejected;
  });
  if (rr) {
    for_each_hit(data, size, kCompiledClass, [&](uint64_t m) {
      // Every bone count n that puts a body start at m - 61 - 81n whose u32 at 16 is n.
      bool any = false;
      for (uint64_t n = 0; n <= options.max_bones && 61 + 81 * n <= m; ++n) {
        const uint64_t body = m - 61 - 81 * n;
        if (u32_at(data + body + 16) == n) {
          c.push_back({body, Signature::RrBody});
          any = true;
        }
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
  options.format = c.signature == Signature::Sws ? FormatKind::Sws : FormatKind::Rr;
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
  f.format = to_string(options.format);
  f.layout = r->mesh.source.layout;
  f.object_id = r->mesh.source.object_id;
  return {f, {}};
}

// The whole file, mapped (or read when it cannot be mapped).
class FileBytes {
 public:
  explicit FileBytes(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (regular) {
      size_ = static_cast<size_t>(st.st_size);
      void* p = size_ ? ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
      if (p != MAP_FAILED) map_ = p;
    }
    ::close(fd);
    if (!regular) return;  // a directory or a device: nothing to scan
    ok_ = true;
    if (map_ || size_ == 0) return;
    // Not mappable: read it.
    std::ifstream in(path, std::ios::binary);
    copy_.resize(size_);
    ok_ = in && in.read(reinterpret_cast<char*>(copy_.data()), std::streamsize(size_));
  }
  ~FileBytes() {
    if (map_) ::munmap(map_, size_);
  }
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;

  bool ok() const { return ok_; }
  const uint8_t* data() const { return map_ ? static_cast<const uint8_t*>(map_) : copy_.data(); }
  size_t size() const { return size_; }

 private:
  void* map_ = nullptr;
  size_t size_ = 0;
  std::vector<uint8_t> copy_;
  bool ok_ = false;
};

}  // namespace

const char* to_string(Signature s) {
  switch (s) {
    case Signature::Sws:
      return "sws";
    case Signature::RrHeader:
      return "rr-header";
    case Signature::RrBody:
      return "rr-body";
  }
  return "?";
}

std::string extract_name(const std::string& path, uint64_t offset) {
  char hexbuf[32];
  std::snprintf(hexbuf, sizeof hexbuf, "%08llX", static_cast<unsigned long long>(offset));
  return std::filesystem::path(path).stem().string() + "_" + hexbuf + ".mesh";
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
      report.meshes.push_back(*best);
    }
    i = j;
  }
  return report;
}

ScanReport scan_file(const std::string& path, const DecodeOptions& base,
                     const ScanOptions& options) {
  FileBytes bytes(path);
  if (!bytes.ok()) {
    ScanReport r;
    r.path = path;
    r.error = ir::Diagnostic{"SCAN_READ_FAILED", "cannot read " + path, "", 0};
    return r;
  }
  DecodeOptions named = base;
  named.source_path = path;
  ScanReport r = scan_buffer(bytes.data(), bytes.size(), named, options);
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
