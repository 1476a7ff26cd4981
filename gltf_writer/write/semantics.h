// glTF attribute semantics (glTF 2.0 sec. 3.7.2.1): which names are standard, their set
// number, and the accessor formats the validator accepts for each.
#pragma once

#include <string>

#include "ir/mesh.h"

namespace f2g::gltf {

struct Semantic {
  enum Kind {
    kPosition,
    kNormal,
    kTangent,
    kTexcoord,
    kColor,
    kJoints,
    kWeights,
    kCustom,
    kUnknown
  };
  Kind kind = kUnknown;
  int set = -1;  // n of TEXCOORD_n, COLOR_n, JOINTS_n, WEIGHTS_n
};

Semantic parse_semantic(const std::string& name);

// True when glTF (and the validator) accept `a`'s type/width/normalized for its semantic;
// WEIGHTS_n accept any type (the writer rewrites them as u8).
bool accepted_format(const Semantic& s, const ir::Attribute& a);

// "F32 x3", "U8 normalized x4": for messages.
std::string format_name(const ir::Attribute& a);

}  // namespace f2g::gltf
