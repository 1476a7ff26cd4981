// Thumbnails: a small software rasteriser over the IR, so a user browsing a converted
// install sees each mesh without opening Blender. Deterministic, thread-safe, never throws
// on odd geometry (NaN/inf positions, out-of-range indices, empty meshes).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/mesh.h"

namespace f2g::view {

// Default edge length of a thumbnail in pixels.
inline constexpr int kThumbnailSize = 160;

// Renders the mesh's triangles (rest pose, no morphs) into a size x size RGBA image:
// z-buffered, two-sided Lambert shading from the face normal, a fixed 3/4 view from the
// front-right-above (engine Z-up, +Y forward, +X right), fitted to the bounds of the
// drawn vertices, transparent background, 2x2 supersampled. Primitives are tinted by
// material slot, or, when their material has a base colour image and the mesh TEXCOORD_0,
// coloured by that texture (nearest texel, REPEAT; MASK materials drop texels under the
// cutoff) times the same shading. Triangles with an index outside POSITION, a non-finite
// corner or no area are skipped. `size` is clamped to [16, 1024]. Returns 4 * size * size
// bytes, row-major, top row first.
std::vector<uint8_t> render_rgba(const ir::Mesh& mesh, int size = kThumbnailSize);

// render_rgba encoded as PNG (Debian's stb_image_write); the same mesh gives the same bytes.
std::vector<uint8_t> render_png(const ir::Mesh& mesh, int size = kThumbnailSize);

// Where a mesh's thumbnail goes: next to its .glb/.gltf, extension .png (OUT/a/b.glb ->
// OUT/a/b.png).
std::filesystem::path thumbnail_path_for(const std::filesystem::path& gltf_output);

// Renders and writes `png_path` atomically (convert::write_atomically, replacing an existing
// file; parent folders created). Returns the error (OUTPUT_WRITE_FAILED naming the file and
// the system's reason) when the file could not be written; nullopt on success.
std::optional<ir::Diagnostic> write_thumbnail(const ir::Mesh& mesh, const std::string& png_path,
                                              int size = kThumbnailSize);

}  // namespace f2g::view
