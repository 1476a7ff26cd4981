#include "formats/common/object_codec.h"

#include <string>

#include "formats/common/error.h"

namespace f2g {

uint32_t read_class(Reader& r, Checker& c, const CheckDef& def, uint32_t expected,
                    const char* field, const char* what) {
  const uint64_t at = r.offset();
  const uint32_t v = r.u32(field);
  c.check(def, v == expected, r.path(field), at, [&] {
    return std::string("expected ") + what + hex(expected, 8) + ", found " + hex(v, 8);
  });
  return v;
}

ObjectHead read_head(Reader& r, Checker& c, const CheckDef& def, uint32_t expected,
                     const char* id_field, const char* class_field, const char* what) {
  ObjectHead h;
  h.offset = r.offset();
  h.id = r.u64(id_field);
  h.cls = read_class(r, c, def, expected, class_field, what);
  return h;
}

void write_head(ByteWriter& w, const ObjectHead& h) {
  w.u64(h.id);
  w.u32(h.cls);
}

Blob read_blob(Reader& r, const char* length_field, const char* data_field) {
  Blob b;
  b.offset = r.offset();
  const uint32_t n = r.u32(length_field);
  r.checked_size(n, 1, data_field);  // the count error before allocating
  b.bytes = r.bytes(n, data_field);
  return b;
}

void write_blob(ByteWriter& w, const Blob& b) {
  w.u32(static_cast<uint32_t>(b.bytes.size()));
  w.bytes(b.bytes);
}

}  // namespace f2g
