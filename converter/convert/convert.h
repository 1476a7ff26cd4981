// Converting one input: read, decode, make the glTF, write it atomically. Streams one file:
// its bytes, IR and glTF are freed when the call returns.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "converter/convert/file_result.h"
#include "converter/convert/output_paths.h"
#include "converter/install/texture_library.h"
#include "converter/io/atomic_file.h"
#include "converter/io/input_file.h"
#include "converter/io/inputs.h"
#include "converter/io/vertex_tables.h"
#include "formats/common/decode.h"
#include "gltf_writer/compact/compact.h"
#include "gltf_writer/write/write.h"

namespace f2g::convert {

// What a verification hook sees: the input bytes, what they decoded to and the exact bytes
// about to be written.
struct VerifyInput {
  const io::Job& job;
  const OutputPath& output;
  const io::InputBytes& bytes;
  const Decoded& decoded;
  const gltf::Written& written;
};

// Hook point for `convert --verify`: called after the glTF is made and before anything is
// written. An error fails the input (status failed, the error reported) and no output is
// written; nullopt lets the write go ahead. Warnings it wants kept go to `warnings`.
using VerifyHook = std::function<std::optional<ir::Diagnostic>(
    const VerifyInput& in, std::vector<ir::Diagnostic>& warnings)>;

// Hook point for `convert --html`: called with the decoded mesh once its output is in place
// (`primary` is the .glb or .gltf path). An error becomes a warning of the input: the glTF
// itself is complete. Keeps convert free of the view room.
using WrittenHook =
    std::function<std::optional<ir::Diagnostic>(const ir::Mesh& mesh, const std::string& primary)>;

struct ConvertOptions {
  const Format* format = nullptr;          // --format; nullptr detects by content
  const VertexTables* tables = nullptr;    // --vertex-formats; nullptr = built-in tables
  std::shared_ptr<const NameTable> names;  // --names; nullptr = the built-in names
  bool gltf = false;                       // --gltf: .gltf + .bin instead of .glb
  bool force = false;                      // --force: replace existing outputs
  bool sync = false;      // --sync: fsync each output before it is renamed into place
  bool optimize = false;  // --optimize: triangles reordered for the vertex cache (index_order.h)
  gltf::CompactOptions compact;  // --quantize, --compress: rewrite the .glb (gltf/compact.h)
  bool strict = false;           // --strict: unrecognised files in walked directories fail
  uint64_t max_input_bytes = io::kMaxInputBytes;
  VerifyHook verify;        // --verify: compare the glTF read back with the decoded input
  WrittenHook written;      // --html: a PNG thumbnail next to each output
  io::FaultInjector fault;  // tests: simulate write failures
  // The skeletons skinned meshes are paired with (install/skeleton_library.h); nullptr: none
  // (--no-skeletons, or loose meshes without --library), the joints stay flat.
  const install::SkeletonLibrary* skeletons = nullptr;
  // Where materials are followed to their texture maps (install/texture_library.h); nullptr:
  // none (--no-textures), the materials stay placeholders.
  const install::TextureLibrary* textures = nullptr;
};

// Converts `job` to `output`. Never throws, never leaves a partial output.
// - An existing output, without --force: "skipped" ("up to date") when it is at least as new
//   as the input, else "failed" with OUTPUT_EXISTS.
// - A file found by walking a directory that no decoder recognises (FORMAT_UNRECOGNISED), or
//   an entry there that is not a file (INPUT_NOT_A_FILE: a broken symlink, a fifo), is
//   "skipped" unless `strict`; every other failure is "failed".
FileResult convert_one(const io::Job& job, const OutputPath& output, const ConvertOptions& options);

// What convert_one does once the bytes are read, for a mesh file and for a Mesh resource of an
// archive alike: decodes `bytes` as the mesh called `name` (the glTF's mesh name: a file's
// stem), makes the glTF and writes it to `output`, filling `r` (status, counts, warnings,
// error, bytes_out; not bytes_in or seconds). FORMAT_UNRECOGNISED is "skipped" when
// `unrecognised_skips` (a walked file) and not --strict, else every failure is "failed".
// `payload_offset`: an archive record's bytes, its body starting there (DecodeOptions).
void convert_mesh_bytes(const io::Job& job, const OutputPath& output, const io::InputBytes& bytes,
                        const std::string& name, bool unrecognised_skips,
                        const ConvertOptions& options, FileResult& r,
                        std::optional<uint64_t> payload_offset = std::nullopt,
                        install::MeshPlace place = {});

// Without --force an existing output is kept: skipped ("up to date") when it is at least as
// new as `job.input` (a re-run does not redo finished work), refused with OUTPUT_EXISTS when it
// is older. False when there is no output yet.
bool keep_existing(const io::Job& job, const OutputPath& output, FileResult& r);

}  // namespace f2g::convert
