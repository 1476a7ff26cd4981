// A box stored as f32 x 3 centre then f32 x 3 half extent, under these names, as RR's and
// GRB/GRW's PrimitiveDescData and RR's ranged prefix store it: the two fields of a record
// `T` with members `centre` and `half_extent`, for read_fields, write_fields and
// add_fields_json (GRB's ClusteredMeshData spells its own "center" and keeps its list).
#pragma once

#include <tuple>

#include "formats/common/field_list.h"

namespace f2g {

template <class T>
constexpr auto centre_box_fields() {
  return std::make_tuple(field("centre", &T::centre), field("half_extent", &T::half_extent));
}

}  // namespace f2g
