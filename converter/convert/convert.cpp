#include "converter/convert/convert.h"

#include <chrono>
#include <system_error>

#include "converter/convert/index_order.h"
#include "converter/io/input_file.h"
#include "formats/registry.h"

namespace f2g::convert {
namespace fs = std::filesystem;

namespace {

ir::Diagnostic plain(const std::string& code, const std::string& message) {
  return ir::Diagnostic{code, message, "", 0};
}

Counts counts_of(const ir::Mesh& mesh) {
  Counts c;
  c.vertices = mesh.vertex_count;
  for (const ir::Primitive& p : mesh.primitives) c.triangles += p.index_count / 3;
  c.primitives = mesh.primitives.size();
  c.bones = mesh.skin ? mesh.skin->bones.size() : 0;
  c.targets = mesh.morph_targets.size();
  return c;
}

}  // namespace

bool keep_existing(const io::Job& job, const OutputPath& out, FileResult& r) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(out.primary, ec))) return false;
  const auto out_time = fs::last_write_time(out.primary, ec);
  const bool out_ok = !ec;
  const auto in_time = fs::last_write_time(job.input, ec);
  const bool bin_ok = out.bin.empty() || fs::exists(out.bin, ec);
  if (out_ok && !ec && bin_ok && out_time >= in_time) {
    r.status = Status::Skipped;
    r.reason = "up to date";
    r.output = out.primary;
  } else {
    r.status = Status::Failed;
    r.error = plain("OUTPUT_EXISTS", out.primary +
                                         " already exists and is older than the input; use "
                                         "--force to replace it");
  }
  return true;
}

FileResult convert_one(const io::Job& job, const OutputPath& out, const ConvertOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  FileResult r;
  r.input = job.display;
  auto finish = [&](FileResult& res) -> FileResult {
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return std::move(res);
  };
  auto fail = [&](ir::Diagnostic e) {
    r.status = Status::Failed;
    r.error = std::move(e);
    r.output.clear();
    return finish(r);
  };
  if (job.error) {
    // What a walk found but cannot read as a file is not a mesh: skipped, as unrecognised
    // files are, unless --strict.
    if (job.from_walk && !options.strict && job.error->code == "INPUT_NOT_A_FILE") {
      r.status = Status::Skipped;
      r.reason = job.error->message;
      return finish(r);
    }
    return fail(*job.error);
  }
  if (out.error) return fail(*out.error);
  if (!options.force && keep_existing(job, out, r)) return finish(r);

  ir::Result<io::InputBytes> bytes = io::read_input(job.input, options.max_input_bytes);
  if (!bytes) return fail(bytes.error());
  r.bytes_in = bytes->size();
  convert_mesh_bytes(job, out, *bytes, fs::path(job.input).stem().string(), job.from_walk, options,
                     r);
  return finish(r);
}

void convert_mesh_bytes(const io::Job& job, const OutputPath& out, const io::InputBytes& bytes,
                        const std::string& name, bool unrecognised_skips,
                        const ConvertOptions& options, FileResult& r,
                        std::optional<uint64_t> payload_offset, install::MeshPlace place) {
  auto fail = [&](ir::Diagnostic e) {
    r.status = Status::Failed;
    r.error = std::move(e);
    r.output.clear();
  };
  DecodeOptions decode_options;
  decode_options.format = options.format;
  decode_options.tables = options.tables;
  decode_options.names = options.names;
  decode_options.source_path = job.input;
  decode_options.name = name;
  decode_options.want_structure = false;  // only info and census read it
  decode_options.payload_offset = payload_offset;
  Result<Decoded> decoded = decode(bytes.data(), bytes.size(), decode_options);
  if (!decoded) {
    if (decoded.error().code == "FORMAT_UNRECOGNISED" && unrecognised_skips && !options.strict) {
      r.status = Status::Skipped;
      r.reason = "not a recognised mesh";
      return;
    }
    return fail(decoded.error());
  }
  std::vector<uint32_t> stored_indices;  // --optimize --verify: compared with the input as stored
  if (options.optimize) {
    if (options.verify) stored_indices = decoded->mesh.indices;
    optimize_vertex_cache(decoded->mesh);
  }
  if (options.skeletons)
    r.skeleton = install::pair_skeleton(decoded->mesh, *options.skeletons, place);
  std::vector<ir::Diagnostic> texture_warnings;
  if (options.textures) options.textures->apply(decoded->mesh, place, texture_warnings);
  r.format = decoded->format->name;
  r.layout = decoded->mesh.source.layout;
  r.counts = counts_of(decoded->mesh);
  r.warnings = decoded->mesh.warnings;
  r.warnings.insert(r.warnings.end(), texture_warnings.begin(), texture_warnings.end());

  gltf::WriteOptions write_options;
  write_options.binary = !options.gltf;
  if (options.gltf) write_options.bin_uri = fs::path(out.bin).filename().string();
  ir::Result<gltf::Written> written = gltf::write(decoded->mesh, write_options);
  if (!written) return fail(written.error());
  for (const ir::Diagnostic& w : written->warnings) r.warnings.push_back(w);
  r.unreachable_morph_values = written->unreachable_morph_values;
  if (options.compact.quantize || options.compact.compress) {
    // --quantize / --compress rewrite the finished glb (the CLI refuses them with --gltf);
    // --verify below then reads the compacted bytes, expanded.
    ir::Result<std::vector<uint8_t>> compacted = gltf::compact_glb(written->glb, options.compact);
    if (!compacted) return fail(compacted.error());
    written->glb = std::move(*compacted);
  }

  if (options.verify) {
    if (options.optimize) {  // the decoded input again, not the reordering under test
      decoded->mesh.indices.swap(stored_indices);
      decoded->mesh.extras.erase(kIndexOrderKey);
    }
    if (auto err = options.verify(VerifyInput{job, out, bytes, *decoded, *written}, r.warnings))
      return fail(std::move(*err));
  }

  std::vector<io::FileData> files;
  if (options.gltf) {
    const auto* json = reinterpret_cast<const uint8_t*>(written->json.data());
    files.push_back({out.bin, written->bin.data(), written->bin.size()});
    files.push_back({out.primary, json, written->json.size()});
  } else {
    files.push_back({out.primary, written->glb.data(), written->glb.size()});
  }
  io::AtomicOptions atomic;
  atomic.replace = options.force;
  atomic.sync = options.sync;
  atomic.fault = options.fault;
  if (auto err = io::write_atomically(files, atomic)) return fail(std::move(*err));
  for (const io::FileData& f : files) r.bytes_out += f.size;
  if (options.written) {
    if (auto e = options.written(decoded->mesh, out.primary)) r.warnings.push_back(std::move(*e));
  }
  r.status = Status::Converted;
  r.output = out.primary;
}

}  // namespace f2g::convert
