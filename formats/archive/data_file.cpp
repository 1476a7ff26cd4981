// The version-25 payload read and written side by side (docs/READING.md "Version 25"): an
// optional prefix, a table set pair or one stream set (or none: stored as is), and in the
// bytes they decompress to a u16 count, the index rows, in the AC2 era a kept block, then the
// records. Each form is told from the bytes: the prefix by where the set magic sits, the rows
// by the form under which the records walk to the data file's exact end.
#include "formats/archive/data_file.h"

#include <cstring>
#include <optional>

#include "formats/archive/checks.h"
#include "formats/archive/set_codec.h"
#include "formats/common/writer.h"

namespace f2g::archive {
namespace {

template <class T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

bool magic_at(const uint8_t* p, size_t size, size_t at) {
  return at <= size && size - at >= 8 && load<uint64_t>(p + at) == kSetMagic;
}

// Where the first set starts: at 0 (no prefix, AC1) or after u32 n and n x 8 bytes (AC2 era);
// nullopt when the magic is at neither (the data file is stored as is).
std::optional<size_t> set_start(const uint8_t* p, size_t size) {
  if (magic_at(p, size, 0)) return 0;
  if (size < 4) return std::nullopt;
  const uint64_t n = load<uint32_t>(p);
  if (n > (size - 4) / 8) return std::nullopt;
  const size_t at = size_t(4 + 8 * n);
  if (magic_at(p, size, at)) return at;
  return std::nullopt;
}

// The row forms in the order they are tried: AC1, then the AC2 reading, then ACX's.
constexpr IndexRows kRowForms[] = {IndexRows::Ac1, IndexRows::Ac2, IndexRows::Ac2Bare};

struct Index {
  size_t end = 0;  // where the records start
  std::vector<DirectoryEntry> dir;
  std::vector<size_t> size_at;
};

// The index part under `rows`, bounds only: nullopt where it does not fit.
std::optional<Index> parse_index(const std::vector<uint8_t>& f, IndexRows rows) {
  const size_t n = f.size();
  if (n < 2) return std::nullopt;
  const size_t count = load<uint16_t>(f.data());
  Index x;
  size_t at = 2;
  const size_t row = rows == IndexRows::Ac1 ? 8 : 10;
  for (size_t i = 0; i < count; ++i) {
    if (n - at < row) return std::nullopt;
    x.dir.push_back({load<uint32_t>(f.data() + at), load<uint32_t>(f.data() + at + 4), 0});
    x.size_at.push_back(at + 4);
    at += row;
    if (rows == IndexRows::Ac1) continue;
    const int16_t k = load<int16_t>(f.data() + at - 2);
    if (k < 0) return std::nullopt;
    if (rows == IndexRows::Ac2) {
      if (n - at < 2 * size_t(k)) return std::nullopt;
      at += 2 * size_t(k);
    }
  }
  if (rows != IndexRows::Ac1) {
    if (n - at < 4) return std::nullopt;
    const size_t m = load<uint32_t>(f.data() + at);
    if (n - at - 4 < m) return std::nullopt;
    at += 4 + m;
  }
  x.end = at;
  return x;
}

// True when the records walk from the index's end to the data file's end by the rows' sizes.
bool records_walk(const std::vector<uint8_t>& f, const Index& x, size_t min_body) {
  size_t at = x.end;
  for (const DirectoryEntry& d : x.dir) {
    const size_t left = f.size() - at;
    if (d.record_size < kRecordHead || d.record_size > left) return false;
    const uint64_t body = load<uint32_t>(f.data() + at + 4);
    const uint64_t name = load<uint32_t>(f.data() + at + 8);
    if (body < min_body || kRecordHead + name + body > d.record_size) return false;
    at += d.record_size;
  }
  return at == f.size();
}

const char* rows_name(IndexRows rows) {
  switch (rows) {
    case IndexRows::Ac1:
      return "AC1 rows";
    case IndexRows::Ac2:
      return "AC2 rows";
    case IndexRows::Ac2Bare:
      return "AC2 rows without u16s";
  }
  return "?";
}

// A record's flag area (the bytes between its name and payload): 0, or 1, 3 bytes, u32 c and
// 12 x c bytes (ACX). Observed: a break is a warning; the record sizes decide the walk.
void check_flags(EntryContents& out, Checker& c, uint64_t at, const std::string& path) {
  for (size_t i = 0; i < out.resources.size(); ++i) {
    const Resource& r = out.resources[i];
    const uint8_t* g = out.records.data() + r.gap_offset;
    bool ok = r.gap_size == 1 && g[0] == 0;
    if (r.gap_size >= 8 && g[0] == 1) {
      ok = r.gap_size == 8 + 12ull * load<uint32_t>(g + 4);
      out.form.flag_one += ok;
    }
    c.check(check::record_flag, ok, path + "/records[" + std::to_string(i) + "].flag", at, [&] {
      return std::to_string(r.gap_size) + " bytes between name and payload" +
             (r.gap_size ? " starting " + std::to_string(g[0]) : std::string()) + " (record at +" +
             hex(r.record_offset) + " of the records)";
    });
  }
}

}  // namespace

std::string describe(const DataFileForm& f) {
  std::string s = f.prefix.empty() ? "no prefix" : "prefix of " + std::to_string(f.prefix.size());
  s += !f.sets    ? ", stored as is"
       : f.stream ? (f.length_width == 2 ? ", stream set (u16 raw lengths)" : ", stream set")
                  : ", table sets";
  s += std::string(", ") + rows_name(f.rows);
  if (f.flag_one) s += ", " + std::to_string(f.flag_one) + " records flagged 1";
  return s;
}

EntryContents read_data_file(const Archive& a, const Entry& e, const uint8_t* data, Checker& c) {
  EntryContents out;
  out.data_file = true;
  const Dialect& d = *a.dialect;
  const std::string path = "archive/entries[" + std::to_string(e.index) + "]";
  const uint8_t* p = data + e.offset;
  const std::optional<size_t> start = set_start(p, e.size);
  std::vector<uint8_t> file;
  uint64_t at = e.offset;  // where the data file's bytes are, for diagnostics
  if (start) {
    out.form.prefix.assign(p, p + *start);
    Reader r(p + *start, p + e.size, "ARCHIVE", e.offset + *start);
    Reader::Scope s(r, path);
    {
      Reader::Scope ss(r, "sets", 0);
      out.sets.push_back(read_set(r, d, c));
    }
    if (!out.sets[0].stream) {  // a table set comes with a second set (ACX)
      c.check(check::two_sets, !r.at_end(), path, r.offset(),
              [] { return "a table set is followed by nothing: the payload holds two sets"; });
      Reader::Scope ss(r, "sets", 1);
      out.sets.push_back(read_set(r, d, c));
    }
    c.check(check::two_sets, r.at_end(), path, r.offset(), [&] {
      return std::to_string(r.remaining()) + " bytes follow the payload's last block set";
    });
    out.form.stream = out.sets[0].stream;
    out.form.length_width = out.sets[0].length_width;
    at = out.sets[0].offset;
    for (size_t i = 0; i < out.sets.size(); ++i) {
      std::vector<uint8_t> part =
          decompress_set(d, out.sets[i], *a.codecs, c, path + "/sets[" + std::to_string(i) + "]");
      file.insert(file.end(), part.begin(), part.end());
    }
  } else {
    out.form.sets = false;
    file.assign(p, p + e.size);
  }
  const size_t min_body = size_t(d.body_id_at) + d.body_id_width + 4;
  std::optional<Index> x;
  for (IndexRows rows : kRowForms) {
    std::optional<Index> y = parse_index(file, rows);
    if (y && records_walk(file, *y, min_body)) {
      out.form.rows = rows;
      x = std::move(y);
      break;
    }
  }
  if (!x) {  // no form walks: the AC1 reading's first break is the error
    x = parse_index(file, IndexRows::Ac1);
    c.check(check::data_index, x.has_value(), path + "/index", at, [&] {
      return "the " + std::to_string(file.size()) + "-byte data file's u16 count " +
             (file.size() >= 2 ? std::to_string(load<uint16_t>(file.data())) : "?") +
             " and its rows (AC1 or AC2) do not fit it";
    });
  }
  out.directory_raw.assign(file.begin(), file.begin() + long(x->end));
  out.records.assign(file.begin() + long(x->end), file.end());
  out.directory = std::move(x->dir);
  out.form.size_at = std::move(x->size_at);
  out.resources = walk_records(d, out.records, out.directory, at, c, path);
  check_flags(out, c, at, path);
  return out;
}

std::optional<std::vector<DirectoryEntry>> data_file_directory(const Archive& a, const Entry& e,
                                                               const uint8_t* data, Checker& c) {
  const uint8_t* p = data + e.offset;
  const std::optional<size_t> start = set_start(p, e.size);
  if (!start) return std::nullopt;
  Reader r(p + *start, p + e.size, "ARCHIVE", e.offset + *start);
  Reader::Scope s(r, "archive/entries[" + std::to_string(e.index) + "]");
  Reader::Scope ss(r, "sets", 0);
  const BlockSet set = read_set(r, *a.dialect, c);
  if (set.stream || r.at_end()) return std::nullopt;
  const std::vector<uint8_t> index = decompress_set(*a.dialect, set, *a.codecs, c, r.path());
  for (IndexRows rows : kRowForms) {
    std::optional<Index> x = parse_index(index, rows);
    if (x && x->end == index.size()) return std::move(x->dir);
  }
  return std::nullopt;
}

Result<std::vector<uint8_t>> encode_data_file(const Dialect& d,
                                              const std::vector<ResourceRecord>& resources,
                                              const EntryContents* like, const DataFileForm& form,
                                              int compression, const Codecs& codecs) {
  const DataFileForm& f = like ? like->form : form;
  const auto fail = [](const std::string& why) {
    return Error{"ARCHIVE_WRITE", why, "resources", 0};
  };
  if (resources.size() > 0xFFFF)
    return fail(std::to_string(resources.size()) + " resources: a data file counts at most 65535");
  const size_t min_body = size_t(d.body_id_at) + d.body_id_width + 4;
  std::vector<uint32_t> ids, sizes;
  for (const ResourceRecord& r : resources) {
    const uint64_t length = kRecordHead + r.name.size() + r.gap.size() + r.body.size();
    if (r.body.size() < min_body || length > 0xFFFFFFFFu)
      return fail(
          "a record body holds the managed byte, its u32 id and u32 class (9 bytes at "
          "least) and a record at most 4 GB; this one has " +
          std::to_string(r.body.size()) + " bytes of body");
    ids.push_back(load<uint32_t>(r.body.data() + d.body_id_at));
    sizes.push_back(uint32_t(length));
  }
  ByteWriter index;
  if (like) {  // the rows read, with the new sizes and ids: every kept byte stays
    if (like->directory.size() != resources.size())
      return fail(std::to_string(resources.size()) + " resources for a data file of " +
                  std::to_string(like->directory.size()) + " rows");
    std::vector<uint8_t> raw = like->directory_raw;
    for (size_t i = 0; i < resources.size(); ++i) {
      std::memcpy(raw.data() + f.size_at[i], &sizes[i], 4);
      std::memcpy(raw.data() + f.size_at[i] - 4, &ids[i], 4);
    }
    index.bytes(raw);
  } else {
    index.u16(uint16_t(resources.size()));
    for (size_t i = 0; i < resources.size(); ++i) {
      index.u32(ids[i]);
      index.u32(sizes[i]);
      if (f.rows == IndexRows::Ac1) continue;
      const std::vector<uint16_t> none;
      const std::vector<uint16_t>& extra = i < f.row_extras.size() ? f.row_extras[i] : none;
      index.put<int16_t>(int16_t(extra.size()));
      if (f.rows == IndexRows::Ac2)
        for (uint16_t v : extra) index.u16(v);
    }
    if (f.rows != IndexRows::Ac1) {
      index.u32(uint32_t(f.kept.size()));
      index.bytes(f.kept);
    }
  }
  std::vector<uint8_t> file = index.take();
  const size_t index_size = file.size();
  const std::vector<uint8_t> records = write_records(resources);
  file.insert(file.end(), records.begin(), records.end());

  std::vector<uint8_t> out = f.prefix;
  if (!f.sets) {
    out.insert(out.end(), file.begin(), file.end());
    return out;
  }
  const auto number = [&](size_t set) {
    return like && set < like->sets.size() ? int(like->sets[set].header.compression) : compression;
  };
  if (f.stream) {
    std::vector<StoredBlock> plan;
    if (like && !like->sets.empty()) plan = like->sets[0].blocks;
    Result<std::vector<uint8_t>> s =
        encode_stream_set(d, file.data(), file.size(), number(0), plan, f.length_width, codecs);
    if (!s) return s;
    out.insert(out.end(), s->begin(), s->end());
    return out;
  }
  size_t split = index_size;  // a new pair: the index, then the records (as version 27's)
  if (like && !like->sets.empty())
    split = size_t(std::min<uint64_t>(like->sets[0].uncompressed_size(), file.size()));
  for (size_t set = 0; set < 2; ++set) {
    const size_t from = set ? split : 0, to = set ? file.size() : split;
    Result<std::vector<uint8_t>> s =
        encode_block_set(d, file.data() + from, to - from, number(set), codecs);
    if (!s) return s;
    out.insert(out.end(), s->begin(), s->end());
  }
  return out;
}

}  // namespace f2g::archive
