// The textures of a run (docs/READING.md "Materials and textures"): each draw's material
// followed to its texture maps in the install (the mesh's own entry first, then by id,
// patches first) or under --library, the largest available level decoded once and kept as
// PNG for every mesh that shows it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "converter/install/install.h"
#include "converter/install/skeleton_pairing.h"
#include "converter/io/inputs.h"
#include "ir/mesh.h"

namespace f2g::install {

struct TextureOptions {
  uint32_t max_size = 0;                   // --texture-size: 0, no cap
  size_t cache_bytes = size_t(512) << 20;  // PNGs kept for the meshes still to come
};

class TextureLibrary {
 public:
  TextureLibrary(const Install& install, const std::vector<io::Job>& jobs, TextureOptions options);
  ~TextureLibrary();
  TextureLibrary(const TextureLibrary&) = delete;
  TextureLibrary& operator=(const TextureLibrary&) = delete;

  // Adds the --library paths (archives, install folders, folders of extracted resources) as
  // a second place to look: the only one for loose meshes. A path that does not exist is the
  // error.
  std::optional<ir::Diagnostic> add_library(const std::vector<std::string>& paths);

  // Gives `mesh`'s materials their maps, alpha mode and sidedness: each material whose id
  // names a readable Material, looked up in the install for a mesh of the install (`place`),
  // under --library for both. A missing or unreadable piece is a warning in `warnings`, the
  // material then keeps what it has.
  void apply(ir::Mesh& mesh, const MeshPlace& place, std::vector<ir::Diagnostic>& warnings) const;

  // Said once per run: the archives whose texture entries need Oodle.
  std::vector<ir::Diagnostic> run_warnings() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace f2g::install
