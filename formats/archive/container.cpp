// The container read (docs/READING.md "Forge archives", "Container"); container_write.cpp is
// its mirror.
#include "formats/archive/container.h"

#include <algorithm>
#include <cstring>
#include <unordered_set>

#include "formats/archive/block_set.h"
#include "formats/archive/checks.h"
#include "formats/archive/entry.h"
#include "formats/common/checks.h"
#include "formats/common/reader.h"

namespace f2g::archive {
namespace {

// A reader over data[offset, size), reporting archive offsets under `scope`.
Reader reader_at(const uint8_t* data, size_t size, uint64_t offset) {
  return Reader(data + offset, data + size, "ARCHIVE", offset);
}

DataHeader read_data_header(const ContainerLayout& l, const uint8_t* data, size_t size, uint64_t at,
                            Checker& c) {
  c.check(check::data_header_inside,
          at >= kHeaderSize && at <= size && size - at >= l.data_header_size,
          "archive.data_header_offset", 13, [&] {
            return "data header at " + hex(at) + " is not inside the " + std::to_string(size) +
                   "-byte archive after its 21-byte header";
          });
  Reader r = reader_at(data, size, at);
  Reader::Scope s(r, "archive/data_header");
  DataHeader h;
  h.offset = at;
  h.entry_count = r.read<int32_t>("entry_count");
  const size_t kept = l.data_header_size - 12u;
  std::memcpy(h.fields.data(), r.take(kept, "fields"), kept);
  h.first_section_offset = r.u64("first_section_offset");
  return h;
}

Section read_section(Reader& r) {
  Section s;
  s.offset = r.offset();
  s.count = r.read<int32_t>("count");
  s.unknown1 = r.u32("unknown1");
  s.index_table_offset = r.u64("index_table_offset");
  s.next_offset = r.read<int64_t>("next_offset");
  s.first_index = r.read<int32_t>("first_index");
  s.last_index = r.read<int32_t>("last_index");
  s.name_table_offset = r.u64("name_table_offset");
  s.unknown2 = r.u64("unknown2");
  return s;
}

bool table_fits(uint64_t offset, int32_t count, uint64_t record, size_t size) {
  return offset <= size && uint64_t(count) <= (size - offset) / record;
}

// The FILEDATA wrapper at data[at, at + 440) (version 25), kept verbatim: its magic decides
// where the payload is; its id and raw size only repeat the index record's.
void read_wrapper(const uint8_t* data, Entry& e, uint64_t at, Checker& c, const std::string& path) {
  e.wrapper.assign(data + at, data + e.offset);
  c.check(check::wrapper_magic, std::memcmp(e.wrapper.data(), kWrapperMagic, 8) == 0,
          path + "/wrapper.magic", at,
          [&] { return "the 440 bytes at " + hex(at) + " do not start with \"FILEDATA\""; });
  int32_t id, raw_size;
  std::memcpy(&id, e.wrapper.data() + kWrapperIdAt, 4);
  std::memcpy(&raw_size, e.wrapper.data() + kWrapperSizeAt, 4);
  c.check(check::wrapper_id, uint32_t(id) == e.file_id, path + "/wrapper.file_id",
          at + kWrapperIdAt, [&] {
            return "wrapper file id " + std::to_string(uint32_t(id)) + ", index record's " +
                   std::to_string(e.file_id);
          });
  c.check(check::wrapper_size, raw_size == int64_t(e.size), path + "/wrapper.raw_size",
          at + kWrapperSizeAt, [&] {
            return "wrapper raw size " + std::to_string(raw_size) + ", index record's " +
                   std::to_string(e.size);
          });
}

Entry read_entry_records(const ContainerLayout& l, const uint8_t* data, size_t size,
                         const Section& s, uint32_t k, Checker& c, const std::string& path) {
  Entry e;
  e.index_record_offset = s.index_table_offset + uint64_t(k) * l.index_record_size;
  e.name_record_offset = s.name_table_offset + uint64_t(k) * l.name_record_size;
  Reader ir = reader_at(data, size, e.index_record_offset);
  Reader::Scope si(ir, path);
  const uint64_t stored = ir.u64("offset");
  e.file_id = l.id_width == 8 ? ir.u64("file_id") : ir.u32("file_id");
  const int32_t payload_size = ir.read<int32_t>("size");
  const uint64_t w = l.wrapper_size;
  c.check(check::payload_inside,
          payload_size >= 0 && stored <= size && w <= size - stored &&
              uint64_t(payload_size) <= size - stored - w,
          ir.path("size"), e.index_record_offset + 8 + l.id_width, [&] {
            return "payload of " + std::to_string(payload_size) + " bytes at " + hex(stored) +
                   (w ? " (after its " + std::to_string(w) + "-byte wrapper)" : "") +
                   " is not inside the " + std::to_string(size) + "-byte archive";
          });
  e.offset = stored + w;
  e.size = uint32_t(payload_size);
  if (w) read_wrapper(data, e, stored, c, path);
  std::memcpy(e.name_record.data(), data + e.name_record_offset, l.name_record_size);
  int32_t name_size;
  std::memcpy(&name_size, e.name_record.data(), 4);
  c.check(l.sizes_observed ? check::name_size : check::sizes_agree, name_size == payload_size,
          path + "/name_record.size", e.name_record_offset, [&] {
            return "name record size " + std::to_string(name_size) + ", index record size " +
                   std::to_string(payload_size);
          });
  std::memcpy(&e.resource_type, e.name_record.data() + 16, 4);
  std::memcpy(&e.timestamp, e.name_record.data() + 40, 4);
  const char* name = reinterpret_cast<const char*>(e.name_record.data() + kNameFieldOffset);
  e.name.assign(name, strnlen(name, kNameFieldSize));
  return e;
}

// Where an entry's bytes start: its wrapper, if the layout has one.
uint64_t region_start(const Entry& e) { return e.offset - e.wrapper.size(); }

// The alignment every entry of a version-25 archive keeps (2048: payloads padded), or 0.
uint32_t payload_alignment(const ContainerLayout& l, const std::vector<const Entry*>& by_offset) {
  if (!l.payload_alignment || by_offset.empty()) return 0;
  bool gap = false;
  uint64_t end = region_start(*by_offset.front());
  for (const Entry* e : by_offset) {
    if (region_start(*e) % l.payload_alignment) return 0;
    gap = gap || region_start(*e) > end;
    end = e->offset + e->size;
  }
  return gap ? l.payload_alignment : 0;
}

// Layout relations (warnings): one warning per relation, naming the first break and the count.
void check_layout(Archive& a, const uint8_t* data, size_t size, uint64_t tables_end, Checker& c) {
  std::vector<const Entry*> by_offset;
  for (const Entry& e : a.entries)
    if (e.size || !e.wrapper.empty()) by_offset.push_back(&e);
  uint64_t out_of_order = 0;
  const Entry* first_out = nullptr;
  for (size_t i = 1; i < by_offset.size(); ++i)
    if (by_offset[i]->offset < by_offset[i - 1]->offset && out_of_order++ == 0)
      first_out = by_offset[i];
  c.check(check::payload_order, out_of_order == 0,
          first_out ? "archive/entries[" + std::to_string(first_out->index) + "]" : "",
          first_out ? first_out->index_record_offset : 0, [&] {
            return std::to_string(out_of_order) + " payloads lie before the payload of the " +
                   "entry listed before them; the first at " + hex(first_out->offset);
          });
  std::stable_sort(by_offset.begin(), by_offset.end(),
                   [](const Entry* x, const Entry* y) { return x->offset < y->offset; });
  a.payload_alignment = payload_alignment(*a.layout, by_offset);
  const auto aligned_end = [&](uint64_t end) { return round_up(end, a.payload_alignment); };
  uint64_t gaps = 0, overlaps = 0, nonzero_gaps = 0;
  const Entry *first_gap = nullptr, *first_overlap = nullptr, *first_nonzero = nullptr;
  uint64_t end = by_offset.empty() ? tables_end : region_start(*by_offset.front());
  if (!by_offset.empty() && region_start(*by_offset.front()) < tables_end && overlaps++ == 0)
    first_overlap = by_offset.front();
  for (const Entry* e : by_offset) {
    const uint64_t start = region_start(*e);
    if (start > aligned_end(end) && gaps++ == 0) first_gap = e;
    if (a.payload_alignment && start > end && start <= aligned_end(end) &&
        std::any_of(data + end, data + start, [](uint8_t b) { return b != 0; }) &&
        nonzero_gaps++ == 0)
      first_nonzero = e;
    if (start < end && e != by_offset.front() && overlaps++ == 0) first_overlap = e;
    end = std::max(end, e->offset + e->size);
  }
  const auto where = [](const Entry* e) {
    return e ? "archive/entries[" + std::to_string(e->index) + "]" : std::string();
  };
  c.check(check::payload_gap, gaps == 0, where(first_gap), first_gap ? region_start(*first_gap) : 0,
          [&] { return std::to_string(gaps) + " payloads start after a gap of unused bytes"; });
  c.check(check::payload_overlap, overlaps == 0, where(first_overlap),
          first_overlap ? first_overlap->offset : 0, [&] {
            return std::to_string(overlaps) + " payloads overlap another payload or the tables";
          });
  const uint64_t last_end = std::max(end, tables_end);
  size_t nonzero = last_end;
  while (nonzero < size && data[nonzero] == 0) ++nonzero;
  if (nonzero == size && first_nonzero) nonzero = region_start(*first_nonzero) - 1;
  c.check(check::padding_zero, nonzero == size, "archive.padding", nonzero, [&] {
    return first_nonzero && nonzero < last_end
               ? "the alignment padding before " + where(first_nonzero) + " holds a non-zero byte"
               : "the padding after the last payload (at " + hex(last_end) +
                     ") holds a non-zero byte";
  });
  const uint64_t aligned = round_up(last_end, kArchiveAlignment);
  c.check(check::file_size_aligned, size == aligned, "archive", size, [&] {
    return "the archive is " + std::to_string(size) + " bytes; the end of its last payload " +
           "rounded up to 0x8000 is " + std::to_string(aligned);
  });
  a.tables_first = by_offset.empty() || region_start(*by_offset.front()) >= tables_end;
  const uint64_t prelude_end = by_offset.empty() ? tables_end : region_start(*by_offset.front());
  if (a.tables_first) a.prelude.assign(data, data + prelude_end);
}

// The dialect: the container's version where one dialect has its layout (version 25), else
// the first ordinary entry whose payload starts with the set magic decides by its set version.
const Dialect* detect_dialect(const Archive& a, const uint8_t* data, Checker& c) {
  if (const Dialect* d = dialect_of_version(a.version)) return d;
  for (const Entry& e : a.entries) {
    if (e.size < 10 || is_special(e)) continue;
    uint64_t magic;
    std::memcpy(&magic, data + e.offset, 8);
    if (magic != kSetMagic) continue;
    int16_t version;
    std::memcpy(&version, data + e.offset + 8, 2);
    const Dialect* d = dialect_of_set_version(a.version, version);
    c.check(check::dialect_known, d != nullptr,
            "archive/entries[" + std::to_string(e.index) + "]/sets[0].version", e.offset + 8, [&] {
              return "block-set version " + std::to_string(version) + " is no registered dialect's";
            });
    return d;
  }
  return nullptr;
}

}  // namespace

bool looks_like_archive(const uint8_t* data, size_t size) {
  return size >= sizeof kArchiveMagic &&
         std::memcmp(data, kArchiveMagic, sizeof kArchiveMagic) == 0;
}

std::vector<Error> new_layout_warnings(const Archive& now, const Archive& before) {
  std::vector<Error> out;
  for (const Error& w : now.warnings) {
    const auto same = [&w](const Error& b) { return b.code == w.code && b.path == w.path; };
    if (std::none_of(before.warnings.begin(), before.warnings.end(), same)) out.push_back(w);
  }
  return out;
}

const Entry* Archive::entry_with_id(uint64_t file_id) const {
  for (const Entry& e : entries)
    if (e.file_id == file_id) return &e;
  return nullptr;
}

Result<Archive> read_archive(const uint8_t* data, size_t size, const ReadOptions& options) {
  return catch_failure([&] {
    Archive a;
    a.file_size = size;
    Reader r(data, data + size, "ARCHIVE");
    Reader::Scope scope(r, "archive");
    Checker c(r, a.warnings, options.observer);
    const uint8_t* m = r.take(sizeof kArchiveMagic, "magic");
    c.check(check::magic, std::memcmp(m, kArchiveMagic, sizeof kArchiveMagic) == 0, r.path("magic"),
            0, [] { return "the archive does not start with \"scimitar\""; });
    a.header_byte = r.u8("header_byte");
    a.version = r.read<int32_t>("version");
    a.layout = layout_of_version(a.version);
    c.check(check::version, a.layout != nullptr, r.path("version"), 9,
            [&] { return "version " + std::to_string(a.version) + ", not " + known_versions(); });
    const ContainerLayout& l = *a.layout;
    a.data_header = read_data_header(l, data, size, r.u64("data_header_offset"), c);
    uint64_t tables_end = a.data_header.offset + l.data_header_size;

    std::unordered_set<uint64_t> seen;
    std::unordered_set<uint64_t> ids;
    uint64_t next = a.data_header.first_section_offset;
    uint64_t at_next = a.data_header.offset + l.data_header_size - 8;  // where `next` was read
    const uint64_t max_entries = size / (l.index_record_size + l.name_record_size);
    for (;;) {
      const std::string spath = "archive/sections[" + std::to_string(a.sections.size()) + "]";
      c.check(check::section_chain_acyclic, seen.insert(next).second, spath, at_next,
              [&] { return "the section chain returns to the section at " + hex(next); });
      c.check(check::section_inside, next <= size && size - next >= kSectionSize, spath, at_next,
              [&] { return "section at " + hex(next) + " is not inside the archive"; });
      Reader sr = reader_at(data, size, next);
      Reader::Scope ss(sr, spath);
      const Section s = read_section(sr);
      c.check(check::section_count, s.count >= 0, sr.path("count"), s.offset,
              [&] { return "entry count " + std::to_string(s.count); });
      const bool fits = table_fits(s.index_table_offset, s.count, l.index_record_size, size) &&
                        table_fits(s.name_table_offset, s.count, l.name_record_size, size) &&
                        uint64_t(s.count) <= max_entries - a.entries.size();
      c.check(check::table_inside, fits, spath, s.offset, [&] {
        return std::to_string(s.count) + " entries: the index table at " +
               hex(s.index_table_offset) + " or the name table at " + hex(s.name_table_offset) +
               " (or all sections' tables together) do not fit the archive";
      });
      const int32_t first = int32_t(a.entries.size());
      c.check(check::section_range, s.first_index == first && s.last_index == first + s.count - 1,
              spath, s.offset + 24, [&] {
                return "first/last index " + std::to_string(s.first_index) + "/" +
                       std::to_string(s.last_index) + ", the entries before it make " +
                       std::to_string(first) + "/" + std::to_string(first + s.count - 1);
              });
      for (int32_t k = 0; k < s.count; ++k) {
        const std::string epath = "archive/entries[" + std::to_string(a.entries.size()) + "]";
        Entry e = read_entry_records(l, data, size, s, uint32_t(k), c, epath);
        e.index = uint32_t(a.entries.size());
        e.section = uint32_t(a.sections.size());
        c.check(check::file_id_unique, ids.insert(e.file_id).second, epath + ".file_id",
                e.index_record_offset + 8,
                [&] { return "file id " + std::to_string(e.file_id) + " appears twice"; });
        a.entries.push_back(std::move(e));
      }
      tables_end = std::max({tables_end, s.offset + kSectionSize,
                             s.index_table_offset + uint64_t(s.count) * l.index_record_size,
                             s.name_table_offset + uint64_t(s.count) * l.name_record_size});
      a.sections.push_back(s);
      if (s.next_offset == -1) break;
      next = uint64_t(s.next_offset);
      at_next = s.offset + 16;
    }
    c.check(check::entry_count, a.data_header.entry_count == int64_t(a.entries.size()),
            "archive/data_header.entry_count", a.data_header.offset, [&] {
              return "the data header counts " + std::to_string(a.data_header.entry_count) +
                     " entries, the sections " + std::to_string(a.entries.size());
            });
    check_layout(a, data, size, tables_end, c);
    a.dialect = options.dialect ? options.dialect : detect_dialect(a, data, c);
    if (options.codecs) a.codecs = options.codecs;
    return a;
  });
}

}  // namespace f2g::archive
