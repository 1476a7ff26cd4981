// An entry's payload, read and written side by side (docs/READING.md "Forge archives",
// "Payload", "Special entries"). The directory and the records are decompressed bytes: their
// diagnostics carry the archive offset of the set that holds them, and the offset inside the
// decompressed set in the message.
#include "formats/archive/entry.h"

#include <cstring>

#include "formats/archive/checks.h"
#include "formats/archive/classes.h"
#include "formats/archive/data_file.h"
#include "formats/archive/set_codec.h"
#include "formats/common/writer.h"

namespace f2g::archive {
namespace {

constexpr size_t kDirectoryRecord = 14;  // u64 id, u32 record size, u16 flags

template <class T>
T load(const std::vector<uint8_t>& b, size_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof v);
  return v;
}

std::string entry_path(size_t index) { return "archive/entries[" + std::to_string(index) + "]"; }

std::vector<DirectoryEntry> parse_directory(const std::vector<uint8_t>& raw, const BlockSet& set,
                                            Checker& c, const std::string& path) {
  const size_t count = raw.size() >= 2 ? load<uint16_t>(raw, 0) : 0;
  c.check(check::directory_size, raw.size() >= 2 && raw.size() == 2 + kDirectoryRecord * count,
          path + "/directory", set.offset, [&] {
            return "the leading set holds " + std::to_string(raw.size()) + " bytes, not 2 + 14 x " +
                   std::to_string(count) + " for its count";
          });
  std::vector<DirectoryEntry> dir(count);
  for (size_t i = 0; i < count; ++i) {
    const size_t at = 2 + kDirectoryRecord * i;
    dir[i] = {load<uint64_t>(raw, at), load<uint32_t>(raw, at + 8), load<uint16_t>(raw, at + 12)};
  }
  return dir;
}

}  // namespace

std::vector<Resource> walk_records(const Dialect& dialect, const std::vector<uint8_t>& rec,
                                   const std::vector<DirectoryEntry>& dir, uint64_t set_offset,
                                   Checker& c, const std::string& path) {
  const size_t id_at = dialect.body_id_at, class_at = id_at + dialect.body_id_width;
  const size_t min_body = class_at + 4;
  std::vector<Resource> out;
  out.reserve(dir.size());
  size_t pos = 0;
  for (size_t i = 0; i < dir.size(); ++i) {
    const std::string rpath = path + "/records[" + std::to_string(i) + "]";
    const DirectoryEntry& d = dir[i];
    const size_t left = rec.size() - pos;
    const auto at = [&] { return " (record at +" + hex(pos) + " of the decompressed records)"; };
    c.check(check::record_length,
            left >= kRecordHead && d.record_size >= kRecordHead && d.record_size <= left, rpath,
            set_offset, [&] {
              return "directory record size " + std::to_string(d.record_size) + " with " +
                     std::to_string(left) + " bytes of records left" + at();
            });
    Resource r;
    r.id = d.id;
    r.record_size = d.record_size;
    r.flags = d.flags;
    r.record_offset = pos;
    r.class_id = load<uint32_t>(rec, pos);
    const uint32_t body_size = load<uint32_t>(rec, pos + 4);
    const uint32_t name_size = load<uint32_t>(rec, pos + 8);
    const uint64_t room = d.record_size - kRecordHead;
    c.check(check::record_length,
            name_size <= room && body_size <= room - name_size && body_size >= min_body, rpath,
            set_offset, [&] {
              return "name of " + std::to_string(name_size) + " and body of " +
                     std::to_string(body_size) + " bytes (at least " + std::to_string(min_body) +
                     ": id and class) do not fit "
                     "the directory's record size " +
                     std::to_string(d.record_size) + at();
            });
    r.name.assign(reinterpret_cast<const char*>(rec.data() + pos + kRecordHead), name_size);
    r.gap_offset = pos + kRecordHead + name_size;
    r.gap_size = room - name_size - body_size;
    r.body_offset = pos + d.record_size - body_size;
    r.body_size = body_size;
    const uint64_t body_id = dialect.body_id_width == 8
                                 ? load<uint64_t>(rec, r.body_offset + id_at)
                                 : load<uint32_t>(rec, r.body_offset + id_at);
    const uint32_t body_class = load<uint32_t>(rec, r.body_offset + class_at);
    c.check(check::record_id, body_id == d.id, rpath + ".body.id", set_offset, [&] {
      return "the directory's id " + std::to_string(d.id) + ", the body's " +
             std::to_string(body_id) + at();
    });
    c.check(check::record_class, body_class == r.class_id, rpath + ".body.class", set_offset, [&] {
      return "the record's class " + hex(r.class_id, 8) + ", the body's " + hex(body_class, 8) +
             at();
    });
    pos += d.record_size;
    out.push_back(std::move(r));
  }
  c.check(check::records_consumed, pos == rec.size(), path + "/records", set_offset, [&] {
    return std::to_string(rec.size() - pos) + " bytes remain after the last of " +
           std::to_string(dir.size()) + " records";
  });
  return out;
}

std::vector<uint8_t> write_records(const std::vector<ResourceRecord>& resources) {
  ByteWriter rec;
  for (const ResourceRecord& r : resources) {
    rec.u32(r.class_id);
    rec.u32(uint32_t(r.body.size()));
    rec.u32(uint32_t(r.name.size()));
    rec.bytes(r.name.data(), r.name.size());
    rec.bytes(r.gap);
    rec.bytes(r.body);
  }
  return rec.take();
}

namespace {

const Entry& entry_at(const Archive& a, size_t index) {
  if (index >= a.entries.size())
    throw DecodeFailure(Error{
        "ARCHIVE_NO_ENTRY",
        "entry " + std::to_string(index) + " of an archive of " + std::to_string(a.entries.size()),
        "archive/entries", 0});
  return a.entries[index];
}

// The entry's payload inside the `size` bytes given, and a dialect to read it with.
void check_inside(const Archive& a, const Entry& e, size_t size, Checker& c) {
  const std::string path = entry_path(e.index);
  c.check(check::payload_inside, e.offset <= size && e.size <= size - e.offset, path,
          e.index_record_offset, [&] {
            return "payload of " + std::to_string(e.size) + " bytes at " + hex(e.offset) +
                   " is not inside the " + std::to_string(size) + " bytes given";
          });
  c.check(check::dialect_known, a.dialect != nullptr, path, e.offset,
          [] { return "no entry names a registered block-set version and none was given"; });
}

// The entry's two sets, framing only (checksums verified). `data` must be the archive's.
std::vector<BlockSet> read_sets(const Archive& a, const Entry& e, const uint8_t* data, size_t size,
                                Checker& c, bool both) {
  check_inside(a, e, size, c);
  const std::string path = entry_path(e.index);
  Reader r(data + e.offset, data + e.offset + e.size, "ARCHIVE", e.offset);
  Reader::Scope s(r, path);
  Checker rc(r, c.warnings(), c.observer());
  std::vector<BlockSet> sets;
  for (uint64_t i = 0; i < (both ? 2u : 1u); ++i) {
    Reader::Scope ss(r, "sets", i);
    sets.push_back(read_set(r, *a.dialect, rc));
  }
  if (both)
    rc.check(check::two_sets, r.at_end(), path, r.offset(), [&] {
      return std::to_string(r.remaining()) + " bytes follow the payload's second block set";
    });
  return sets;
}

// Runs `body` for entry `index`; a failure's message starts with the entry's file id and name
// (the path has its index, the offset its bytes), so a report names the entry whatever lists it.
template <class F>
auto for_entry(const Archive& a, size_t index, F&& body) -> Result<decltype(body(a.entries[0]))> {
  return catch_failure([&] {
    const Entry& e = entry_at(a, index);
    try {
      return body(e);
    } catch (DecodeFailure& f) {
      Error err = f.error();
      err.message = "entry " + std::to_string(e.file_id) + " '" + e.name + "': " + err.message;
      throw DecodeFailure(std::move(err));
    }
  });
}

}  // namespace

const char* kind_name(EntryKind kind) {
  switch (kind) {
    case EntryKind::Resources:
      return "resources";
    case EntryKind::Special:
      return "special";
    case EntryKind::CodecMissing:
      return "oodle";
  }
  return "?";
}

bool is_special(const Entry& e) {
  static const uint32_t prefetch = class_id("PrefetchingFileInfos");
  static const uint32_t meta = class_id("GlobalMetaFile");
  return e.name == "PrefetchingFileInfos" || e.name == "GlobalMetaFile" ||
         e.resource_type == prefetch || e.resource_type == meta;
}

Result<EntryContents> read_entry(const Archive& a, const uint8_t* data, size_t size,
                                 size_t entry_index, DecodeObserver* observer) {
  return for_entry(a, entry_index, [&](const Entry& e) {
    EntryContents out;
    if (is_special(e)) {
      out.kind = EntryKind::Special;
      return out;
    }
    Reader none(nullptr, nullptr, "ARCHIVE");
    Checker c(none, out.warnings, observer);
    if (a.dialect && a.dialect->payload == PayloadLayout::DataFile) {
      check_inside(a, e, size, c);
      EntryContents file = read_data_file(a, e, data, c);
      file.warnings = std::move(out.warnings);  // c's: every check above and in the file
      return file;
    }
    out.sets = read_sets(a, e, data, size, c, true);
    const std::string path = entry_path(e.index);
    const Dialect& d = *a.dialect;
    if (codec_missing(d, out.sets[0], *a.codecs)) {
      out.kind = EntryKind::CodecMissing;
      return out;
    }
    out.directory_raw = decompress_set(d, out.sets[0], *a.codecs, c, path + "/sets[0]");
    out.directory = parse_directory(out.directory_raw, out.sets[0], c, path);
    if (codec_missing(d, out.sets[1], *a.codecs)) {
      out.kind = EntryKind::CodecMissing;
      return out;
    }
    out.records = decompress_set(d, out.sets[1], *a.codecs, c, path + "/sets[1]");
    out.resources = walk_records(d, out.records, out.directory, out.sets[1].offset, c, path);
    return out;
  });
}

Result<std::vector<DirectoryEntry>> read_directory(const Archive& a, const uint8_t* data,
                                                   size_t size, size_t entry_index,
                                                   DecodeObserver* observer) {
  return for_entry(a, entry_index, [&](const Entry& e) {
    if (is_special(e)) return std::vector<DirectoryEntry>{};
    std::vector<Error> warnings;
    Reader none(nullptr, nullptr, "ARCHIVE");
    Checker c(none, warnings, observer);
    if (a.dialect && a.dialect->payload == PayloadLayout::DataFile) {
      check_inside(a, e, size, c);
      if (std::optional<std::vector<DirectoryEntry>> rows = data_file_directory(a, e, data, c))
        return std::move(*rows);
      return read_data_file(a, e, data, c).directory;  // the whole file decides
    }
    const std::vector<BlockSet> sets = read_sets(a, e, data, size, c, false);
    const std::string path = entry_path(e.index);
    const std::vector<uint8_t> raw =
        decompress_set(*a.dialect, sets[0], *a.codecs, c, path + "/sets[0]");
    return parse_directory(raw, sets[0], c, path);
  });
}

namespace {

// The two sets of an entry, the directory's with `directory_compression`, the records' with
// `records_compression` (-1: the dialect's default).
Result<std::vector<uint8_t>> encode_payload(const Dialect& d,
                                            const std::vector<ResourceRecord>& resources,
                                            int directory_compression, int records_compression,
                                            const Codecs& codecs) {
  if (resources.size() > 0xFFFF)
    return Error{"ARCHIVE_WRITE",
                 std::to_string(resources.size()) + " resources: a directory counts at most 65535",
                 "resources", 0};
  ByteWriter dir;
  dir.u16(uint16_t(resources.size()));
  for (size_t i = 0; i < resources.size(); ++i) {
    const ResourceRecord& r = resources[i];
    const uint64_t length = kRecordHead + r.name.size() + r.gap.size() + r.body.size();
    if (r.body.size() < 12 || length > 0xFFFFFFFFu)
      return Error{"ARCHIVE_WRITE",
                   "a record body holds its u64 id and u32 class (12 bytes at least) and a "
                   "record at most 4 GB; this one has " +
                       std::to_string(r.body.size()) + " bytes of body",
                   "resources[" + std::to_string(i) + "]", 0};
    uint64_t id;
    std::memcpy(&id, r.body.data(), 8);
    dir.u64(id);
    dir.u32(uint32_t(length));
    dir.u16(r.flags);
  }
  const std::vector<uint8_t> rec = write_records(resources);
  Result<std::vector<uint8_t>> head =
      encode_block_set(d, dir.data().data(), dir.size(), directory_compression, codecs);
  if (!head) return head;
  Result<std::vector<uint8_t>> body =
      encode_block_set(d, rec.data(), rec.size(), records_compression, codecs);
  if (!body) return body;
  head->insert(head->end(), body->begin(), body->end());
  return head;
}

}  // namespace

Result<std::vector<uint8_t>> encode_entry_payload(const Dialect& d,
                                                  const std::vector<ResourceRecord>& resources,
                                                  int compression, const Codecs& codecs,
                                                  const DataFileForm& form) {
  if (d.payload == PayloadLayout::DataFile)
    return encode_data_file(d, resources, nullptr, form, compression, codecs);
  return encode_payload(d, resources, compression, compression, codecs);
}

Result<std::vector<uint8_t>> reencode_entry_payload(const Dialect& d, const EntryContents& like,
                                                    const std::vector<ResourceRecord>& resources,
                                                    const Codecs& codecs) {
  if (like.kind == EntryKind::Resources && d.payload == PayloadLayout::DataFile)
    return encode_data_file(d, resources, &like, like.form, -1, codecs);
  if (like.kind != EntryKind::Resources || like.sets.size() != 2)
    return Error{"ARCHIVE_WRITE",
                 std::string("an entry of kind ") + kind_name(like.kind) +
                     " has no directory and records to re-encode",
                 "entry", 0};
  return encode_payload(d, resources, like.sets[0].header.compression,
                        like.sets[1].header.compression, codecs);
}

std::vector<ResourceRecord> resource_records(const EntryContents& contents) {
  std::vector<ResourceRecord> out;
  const std::vector<uint8_t>& b = contents.records;
  for (const Resource& r : contents.resources) {
    ResourceRecord rr;
    rr.class_id = r.class_id;
    rr.name = r.name;
    rr.gap.assign(b.begin() + long(r.gap_offset), b.begin() + long(r.gap_offset + r.gap_size));
    rr.body.assign(b.begin() + long(r.body_offset), b.begin() + long(r.body_offset + r.body_size));
    rr.flags = r.flags;
    out.push_back(std::move(rr));
  }
  return out;
}

}  // namespace f2g::archive
