// The container written: the mirror of container.cpp (docs/READING.md "Forge archives",
// "Container"). Tables first, payloads contiguous in entry order, zeros to 0x8000: the
// games' layout, so a no-op rewrite of a game's archive is byte-identical.
#include <cstring>

#include "formats/archive/container.h"
#include "formats/common/writer.h"

namespace f2g::archive {
namespace {

Error write_error(const std::string& message, const std::string& path = "archive") {
  return Error{"ARCHIVE_WRITE", message, path, 0};
}

template <class T>
void store(std::vector<uint8_t>& b, uint64_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}

// A size field (i32 at `at`) that repeats the payload's follows the new payload's size; one
// that differed (a version-25 name record or wrapper, a warning on read) keeps its own.
void follow_size(std::vector<uint8_t>& b, uint64_t at, uint32_t old_size, uint32_t new_size) {
  int32_t kept;
  std::memcpy(&kept, b.data() + at, 4);
  if (kept == int64_t(old_size)) store<int32_t>(b, at, int32_t(new_size));
}

// The entry's name record: the kept bytes, with size (follow_size from `old_size`), type,
// timestamp and name from `e`.
void put_name_record(const ContainerLayout& l, std::vector<uint8_t>& b, const Entry& e,
                     uint32_t old_size) {
  uint8_t* p = b.data() + e.name_record_offset;
  std::memcpy(p, e.name_record.data(), l.name_record_size);
  follow_size(b, e.name_record_offset, old_size, e.size);
  store<uint32_t>(b, e.name_record_offset + 16, e.resource_type);
  store<int32_t>(b, e.name_record_offset + 40, e.timestamp);
  const char* kept = reinterpret_cast<const char*>(e.name_record.data() + kNameFieldOffset);
  if (std::string(kept, strnlen(kept, kNameFieldSize)) != e.name) {  // renamed: zero-padded
    std::memset(p + kNameFieldOffset, 0, kNameFieldSize);
    std::memcpy(p + kNameFieldOffset, e.name.data(), e.name.size());
  }
}

// A new entry's FILEDATA wrapper (version 25): the magic, its name, id and timestamp; the raw
// size is the writer's (0 here, the entry's size, so the writer patches it).
std::vector<uint8_t> new_wrapper(const ContainerLayout& l, const NewEntry& n) {
  std::vector<uint8_t> w(l.wrapper_size, 0);
  std::memcpy(w.data(), kWrapperMagic, sizeof kWrapperMagic);
  std::memcpy(w.data() + 8, n.name.data(), n.name.size());
  store<uint32_t>(w, kWrapperIdAt, uint32_t(n.file_id));
  store<int32_t>(w, kWrapperTimestampAt, n.timestamp);
  return w;
}

}  // namespace

Result<Archive> make_archive(const Dialect& dialect, const std::vector<NewEntry>& entries,
                             uint32_t section_capacity) {
  if (section_capacity == 0) return write_error("a section holds at least one entry");
  if (entries.size() > 0x7FFFFFFF) return write_error("more entries than an i32 counts");
  Archive a;
  const ContainerLayout& l = *dialect.layout;
  a.dialect = &dialect;
  a.layout = &l;
  a.version = l.version;
  // Version 25 as the XeNTaX AC1 page shows it: the data header at 0x416, 16 at 21, 1 at 25.
  const bool ac1 = l.wrapper_size != 0;
  a.data_header.offset = ac1 ? 0x416 : kHeaderSize;
  a.data_header.entry_count = int32_t(entries.size());
  const size_t sections =
      entries.empty() ? 1 : (entries.size() + section_capacity - 1) / section_capacity;
  // Max files (GRW doc's MaxFilesForThisIndex) and the file-set count (GRB KB), where the
  // layout has them; version 25's i32 -1 pair at 16 (ACX's template).
  std::memcpy(a.data_header.fields.data() + l.max_files_at - 4, &section_capacity, 4);
  const uint32_t nsections = uint32_t(sections);
  std::memcpy(a.data_header.fields.data() + l.section_count_at - 4, &nsections, 4);
  if (ac1) std::memset(a.data_header.fields.data() + 12, 0xFF, 8);
  uint64_t at = a.data_header.offset + l.data_header_size;
  a.data_header.first_section_offset = at;
  for (size_t s = 0; s < sections; ++s) {
    Section sec;
    sec.offset = at;
    sec.first_index = int32_t(s * section_capacity);
    sec.count = int32_t(std::min<size_t>(section_capacity, entries.size() - s * section_capacity));
    sec.last_index = sec.first_index + sec.count - 1;
    sec.index_table_offset = at + kSectionSize;
    sec.name_table_offset = sec.index_table_offset + uint64_t(sec.count) * l.index_record_size;
    at = sec.name_table_offset + uint64_t(sec.count) * l.name_record_size;
    sec.next_offset = s + 1 < sections ? int64_t(at) : -1;
    for (int32_t k = 0; k < sec.count; ++k) {
      const NewEntry& n = entries[size_t(sec.first_index + k)];
      if (n.name.size() >= kNameFieldSize)
        return write_error("entry name '" + n.name + "' is longer than 127 bytes");
      Entry e;
      e.index = uint32_t(sec.first_index + k);
      e.section = uint32_t(s);
      e.file_id = n.file_id;
      e.resource_type = n.resource_type;
      e.timestamp = n.timestamp;
      e.name = n.name;
      e.index_record_offset = sec.index_table_offset + uint64_t(k) * l.index_record_size;
      e.name_record_offset = sec.name_table_offset + uint64_t(k) * l.name_record_size;
      std::memcpy(e.name_record.data() + kNameFieldOffset, n.name.data(), n.name.size());
      if (l.wrapper_size) e.wrapper = new_wrapper(l, n);
      a.entries.push_back(std::move(e));
    }
    a.sections.push_back(sec);
  }
  // The prelude: header, data header and sections; the tables are filled in by the writer.
  a.prelude.assign(at, 0);
  std::memcpy(a.prelude.data(), kArchiveMagic, sizeof kArchiveMagic);
  a.prelude[8] = a.header_byte;
  store<int32_t>(a.prelude, 9, a.version);
  store<uint64_t>(a.prelude, 13, a.data_header.offset);
  if (ac1) {
    store<int32_t>(a.prelude, 21, 16);
    a.prelude[25] = 1;
  }
  return a;
}

Result<uint64_t> write_archive(const Archive& a, const std::vector<PayloadRef>& payloads,
                               const Sink& sink) {
  if (!a.layout) return write_error("the archive has no container layout");
  const ContainerLayout& l = *a.layout;
  if (!a.tables_first || a.prelude.size() < kHeaderSize + l.data_header_size)
    return write_error(
        "the archive's tables do not all lie below its first payload: rewriting "
        "that layout is not supported");
  if (payloads.size() != a.entries.size())
    return write_error(std::to_string(payloads.size()) + " payloads for " +
                       std::to_string(a.entries.size()) + " entries");
  std::vector<uint8_t> head = a.prelude;
  const auto inside = [&](uint64_t at, uint64_t n) {
    return at <= head.size() && n <= head.size() - at;
  };
  if (!inside(a.data_header.offset, l.data_header_size))
    return write_error("the data header lies outside the prelude");
  store<int32_t>(head, a.data_header.offset, int32_t(a.entries.size()));
  std::memcpy(head.data() + a.data_header.offset + 4, a.data_header.fields.data(),
              l.data_header_size - 12u);
  store<uint64_t>(head, a.data_header.offset + l.data_header_size - 8,
                  a.data_header.first_section_offset);
  for (const Section& s : a.sections) {
    if (!inside(s.offset, kSectionSize)) return write_error("a section lies outside the prelude");
    ByteWriter w;
    w.put<int32_t>(s.count);
    w.u32(s.unknown1);
    w.u64(s.index_table_offset);
    w.put<int64_t>(s.next_offset);
    w.put<int32_t>(s.first_index);
    w.put<int32_t>(s.last_index);
    w.u64(s.name_table_offset);
    w.u64(s.unknown2);
    std::memcpy(head.data() + s.offset, w.data().data(), kSectionSize);
  }
  std::vector<uint64_t> starts(a.entries.size());  // of each entry's wrapper, or payload
  uint64_t offset = head.size();
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Entry e = a.entries[i];
    if (e.wrapper.size() != l.wrapper_size)
      return write_error(
          "an entry's wrapper is not the layout's " + std::to_string(l.wrapper_size) + " bytes",
          "archive/entries[" + std::to_string(i) + "]");
    offset = starts[i] = round_up(offset, a.payload_alignment);
    if (payloads[i].size > 0x7FFFFFFF)
      return write_error("a payload of more than 2 GB",
                         "archive/entries[" + std::to_string(i) + "]");
    if (!inside(e.index_record_offset, l.index_record_size) ||
        !inside(e.name_record_offset, l.name_record_size))
      return write_error("an entry's records lie outside the prelude",
                         "archive/entries[" + std::to_string(i) + "]");
    const uint32_t old_size = e.size;
    e.offset = offset + l.wrapper_size;
    e.size = uint32_t(payloads[i].size);
    store<uint64_t>(head, e.index_record_offset, offset);
    if (l.id_width == 8)
      store<uint64_t>(head, e.index_record_offset + 8, e.file_id);
    else
      store<uint32_t>(head, e.index_record_offset + 8, uint32_t(e.file_id));
    store<int32_t>(head, e.index_record_offset + 8 + l.id_width, int32_t(e.size));
    put_name_record(l, head, e, old_size);
    offset = e.offset + e.size;
  }
  static const std::vector<uint8_t> zeros(kArchiveAlignment, 0);
  sink(head.data(), head.size());
  uint64_t written = head.size();
  std::vector<uint8_t> wrapper;
  for (size_t i = 0; i < payloads.size(); ++i) {
    const PayloadRef& p = payloads[i];
    if (starts[i] > written) sink(zeros.data(), size_t(starts[i] - written));  // < alignment
    wrapper = a.entries[i].wrapper;
    if (!wrapper.empty()) {
      follow_size(wrapper, kWrapperSizeAt, a.entries[i].size, uint32_t(p.size));
      sink(wrapper.data(), wrapper.size());
    }
    if (p.size) sink(p.data, p.size);
    written = starts[i] + wrapper.size() + p.size;
  }
  const uint64_t total = round_up(offset, kArchiveAlignment);
  if (total > offset) sink(zeros.data(), size_t(total - offset));
  return total;
}

Result<std::vector<uint8_t>> write_archive(const Archive& a,
                                           const std::vector<PayloadRef>& payloads) {
  std::vector<uint8_t> out;
  Result<uint64_t> n = write_archive(
      a, payloads, [&](const uint8_t* p, size_t size) { out.insert(out.end(), p, p + size); });
  if (!n) return n.error();
  return out;
}

}  // namespace f2g::archive
