// libFuzzer target: the archive reader over arbitrary bytes (formats/archive/). Whenever the
// tables read, every entry (the first 256) is read whole and by its directory alone, an entry
// whose codec is missing is read again with the tests' stand-in in the Oodle slot (a codec
// handed in), and an archive in the games' layout must rewrite to the input byte for byte.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "formats/archive/archive.h"
#include "tests/support/oodle_standin/standin_block_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace f2g::archive;
  f2g::Result<Archive> a = read_archive(data, size);
  if (!a) return 0;
  const size_t n = a->entries.size() < 256 ? a->entries.size() : 256;
  for (size_t i = 0; i < n; ++i) {
    f2g::Result<EntryContents> e = read_entry(*a, data, size, i);
    f2g::Result<std::vector<DirectoryEntry>> d = read_directory(*a, data, size, i);
    if (e && e->kind == EntryKind::Resources && (!d || d->size() != e->directory.size()))
      std::abort();  // the cheap directory read must agree with the whole read
    if (e && e->kind == EntryKind::Resources)
      for (const Resource& r : e->resources)
        if (r.body_offset + r.body_size > e->records.size()) std::abort();
    if (e && e->kind == EntryKind::CodecMissing) {
      Archive with = *a;
      with.codecs = &f2g::standin::codecs();
      f2g::Result<EntryContents> s = read_entry(with, data, size, i);
      if (s && s->kind == EntryKind::Resources)
        for (const Resource& r : s->resources)
          if (r.body_offset + r.body_size > s->records.size()) std::abort();
    }
  }
  if (!a->warnings.empty() || !a->tables_first) return 0;
  std::vector<PayloadRef> payloads;
  for (const Entry& e : a->entries) {
    if (e.size == 0) return 0;  // an empty payload's stored offset is free; the writer reflows it
    payloads.push_back({data + e.offset, e.size});
  }
  f2g::Result<std::vector<uint8_t>> again = write_archive(*a, payloads);
  if (!again || again->size() != size || std::memcmp(again->data(), data, size) != 0)
    std::abort();  // a clean archive in the games' layout rewrites exactly
  return 0;
}
