// Resource class names: a record's class is the CRC-32 (zlib) of its class name, so names are
// computed from the strings, never typed in as hashes (docs/READING.md "Forge archives").
#pragma once

#include <cstdint>
#include <string_view>

namespace f2g::archive {

// The standard (zlib) CRC-32 of `name`: the class id of the class called so.
uint32_t class_id(std::string_view name);

// The name of a known class (Mesh, Material, TextureSet, TextureMap, Mipmap, Skeleton, Bone,
// the mesh classes of formats/common/classes.h, the special entries' types...), or nullptr.
const char* class_name(uint32_t class_id);

}  // namespace f2g::archive
