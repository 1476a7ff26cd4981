// A run of stored fields (scalars, f32 runs) as one list of (field name, member) pairs in
// stored order, so the decoder, the encoder and the structure JSON of a record cannot drift
// apart. The name is the reader's (its error path and field-log span) and, where a game's
// JSON uses the same word, the JSON key. Each game keeps its own lists, names and types.
#pragma once

#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>

#include "formats/common/object_codec.h"
#include "formats/common/reader.h"
#include "formats/common/writer.h"

namespace f2g {

template <class T, class V>
struct Field {
  const char* name;
  V T::*member;
};

template <class T, class V>
constexpr Field<T, V> field(const char* name, V T::*member) {
  return {name, member};
}

template <class T, class... V>
using FieldList = std::tuple<Field<T, V>...>;

namespace field_io {
// A scalar as the reader and the writer take it.
template <class V>
struct Io {
  static V read(Reader& r, const char* name) { return r.read<V>(name); }
  static void write(ByteWriter& w, const V& v) { w.put(v); }
};
// An f32 run, one field (one log span) as read_floats reads it.
template <size_t N>
struct Io<std::array<float, N>> {
  static std::array<float, N> read(Reader& r, const char* name) { return read_floats<N>(r, name); }
  static void write(ByteWriter& w, const std::array<float, N>& v) { write_floats(w, v); }
};
}  // namespace field_io

// Reads every field in order.
template <class T, class... V>
void read_fields(Reader& r, T& t, const FieldList<T, V...>& list) {
  std::apply(
      [&](const Field<T, V>&... f) { ((t.*f.member = field_io::Io<V>::read(r, f.name)), ...); },
      list);
}

template <class T, class... V>
void write_fields(ByteWriter& w, const T& t, const FieldList<T, V...>& list) {
  std::apply([&](const Field<T, V>&... f) { (field_io::Io<V>::write(w, t.*f.member), ...); }, list);
}

// j[prefix + name] = value for every field: for JSON whose keys are the field names, or the
// field names after a common prefix.
template <class T, class... V>
void add_fields_json(nlohmann::json& j, const T& t, const FieldList<T, V...>& list,
                     const std::string& prefix = "") {
  std::apply([&](const Field<T, V>&... f) { ((j[prefix + f.name] = t.*f.member), ...); }, list);
}

}  // namespace f2g
