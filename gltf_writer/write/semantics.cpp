#include "gltf_writer/write/semantics.h"

namespace f2g::gltf {
namespace {

// "PREFIX_n" with n a decimal number without leading zeros.
int indexed_set(const std::string& name, const std::string& prefix) {
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
  const std::string digits = name.substr(prefix.size());
  if (digits.size() > 4 || (digits.size() > 1 && digits[0] == '0')) return -1;
  for (char c : digits)
    if (c < '0' || c > '9') return -1;
  return std::stoi(digits);
}

}  // namespace

Semantic parse_semantic(const std::string& name) {
  if (name == "POSITION") return {Semantic::kPosition, -1};
  if (name == "NORMAL") return {Semantic::kNormal, -1};
  if (name == "TANGENT") return {Semantic::kTangent, -1};
  if (!name.empty() && name[0] == '_') return {Semantic::kCustom, -1};
  const std::pair<const char*, Semantic::Kind> indexed[] = {{"TEXCOORD_", Semantic::kTexcoord},
                                                            {"COLOR_", Semantic::kColor},
                                                            {"JOINTS_", Semantic::kJoints},
                                                            {"WEIGHTS_", Semantic::kWeights}};
  for (const auto& [prefix, kind] : indexed) {
    const int set = indexed_set(name, prefix);
    if (set >= 0) return {kind, set};
  }
  return {Semantic::kUnknown, -1};
}

bool accepted_format(const Semantic& s, const ir::Attribute& a) {
  const bool f32 = a.type == ir::Scalar::F32;
  const bool unorm = !f32 && a.normalized;
  switch (s.kind) {
    case Semantic::kPosition:
    case Semantic::kNormal:
      return f32 && a.width == 3;
    case Semantic::kTangent:
      return f32 && a.width == 4;
    case Semantic::kTexcoord:
      return (f32 || unorm) && a.width == 2;
    case Semantic::kColor:
      return (f32 || unorm) && (a.width == 3 || a.width == 4);
    case Semantic::kJoints:
      return !f32 && !a.normalized && a.width == 4;
    case Semantic::kWeights:
      return a.width == 4;
    case Semantic::kCustom:
      return a.width >= 1 && a.width <= 4;
    case Semantic::kUnknown:
      return false;
  }
  return false;
}

std::string format_name(const ir::Attribute& a) {
  const char* t = a.type == ir::Scalar::F32 ? "F32" : a.type == ir::Scalar::U8 ? "U8" : "U16";
  return std::string(t) + (a.normalized ? " normalized" : "") + " x" + std::to_string(a.width);
}

}  // namespace f2g::gltf
