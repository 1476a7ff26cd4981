#include "converter/inspect/texture_extract.h"

#include <algorithm>
#include <filesystem>

#include "converter/convert/archive_names.h"
#include "converter/convert/file_result.h"
#include "converter/convert/output_paths.h"
#include "converter/convert/totals.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/install.h"
#include "converter/io/atomic_file.h"
#include "formats/common/classes.h"
#include "formats/registry.h"
#include "formats/texture/decode.h"
#include "formats/texture/image_files.h"

namespace f2g::inspect {
namespace fs = std::filesystem;

namespace {

// One level's bytes: a streamed CompiledMip's (owned) or a span of the inline blob.
struct StoredLevel {
  bool found = false;
  std::vector<uint8_t> owned;
  const uint8_t* data = nullptr;
  size_t size = 0;
};

ir::Diagnostic map_error(std::string code, std::string message, std::string path) {
  return ir::Diagnostic{std::move(code), std::move(message), "texture_map/" + path, 0};
}

// The streamed level `k` of `map` through `mips`, or why it cannot be used.
StoredLevel streamed_level(const TextureMapReading& map, uint32_t k, uint64_t expected,
                           const MipLookup& mips, std::string& why) {
  StoredLevel s;
  const uint64_t mip = map.streamed[k];
  std::optional<ir::Result<CompiledMipReading>> found = mips ? mips(mip) : std::nullopt;
  if (!found) {
    why = "its CompiledMip " + hex(mip, 16) + " is in none of the inputs";
  } else if (!*found) {
    why = "its CompiledMip " + hex(mip, 16) + " does not read: " + found->error().to_string();
  } else if ((*found)->bytes.size() != expected) {
    why = "its CompiledMip " + hex(mip, 16) + " holds " + std::to_string((*found)->bytes.size()) +
          " bytes, the level " + std::to_string(expected);
  } else {
    s.found = true;
    s.owned = std::move((*found)->bytes);
    s.data = s.owned.data();
    s.size = s.owned.size();
  }
  return s;
}

// The top level decoded; a cube's six faces one under the other, in stored order (which face
// is which is not established, so none is renamed or reordered).
ir::Result<std::vector<uint8_t>> top_pixels(texture::BlockFormat f, uint32_t w, uint32_t h,
                                            uint32_t faces, const StoredLevel& level) {
  const size_t face_bytes = level.size / faces;  // the level's size is faces x face_bytes
  std::vector<uint8_t> rgba;
  for (uint32_t i = 0; i < faces; ++i) {
    ir::Result<std::vector<uint8_t>> face =
        texture::decode_level(f, w, h, level.data + i * face_bytes, face_bytes);
    if (!face) return face.error();
    rgba.insert(rgba.end(), face->begin(), face->end());
  }
  return rgba;
}

}  // namespace

ir::Result<TextureImages> texture_images(const TextureMapReading& map, uint64_t id,
                                         const MipLookup& mips) {
  if (!map.format)
    return map_error("TEXTURE_FORMAT_UNKNOWN",
                     "pixel format " + map.format_name + " of map " + hex(id, 16) +
                         " is not established: no image written",
                     "pixel_format");
  const texture::BlockFormat f = *map.format;
  const uint32_t n = std::min<uint32_t>(map.levels, 32), faces = map.cube ? 6 : 1;
  auto dim = [](uint32_t v, uint32_t k) { return std::max<uint32_t>(1, v >> k); };
  auto bytes_of = [&](uint32_t k) {
    return texture::level_bytes(f, dim(map.width, k), dim(map.height, k)) * faces;
  };
  const uint32_t first_inline = std::min(map.first_inline, n);
  std::vector<StoredLevel> levels(n);
  uint64_t at = 0;
  for (uint32_t k = first_inline; k < n; ++k) {
    if (map.blob.size() - at < bytes_of(k))  // a game's first_inline that the chain overruns
      return map_error("TEXTURE_LEVEL_SHORT",
                       "blob of " + std::to_string(map.blob.size()) + " bytes of map " +
                           hex(id, 16) + " ends inside level " + std::to_string(k),
                       "blob");
    levels[k] = {true, {}, map.blob.data() + at, size_t(bytes_of(k))};
    at += bytes_of(k);
  }
  std::vector<std::string> missing(first_inline);
  for (uint32_t k = 0; k < first_inline; ++k)
    if (k < map.streamed.size())
      levels[k] = streamed_level(map, k, bytes_of(k), mips, missing[k]);
    else
      missing[k] = "the map names no CompiledMip for it and its blob starts at level " +
                   std::to_string(first_inline);
  // The DDS holds a chain without holes: it starts below the lowest missing level.
  uint32_t top = first_inline;
  while (top > 0 && levels[top - 1].found) --top;
  if (top == n)
    return map_error("TEXTURE_LEVEL_SHORT",
                     "no level of map " + hex(id, 16) + ": blob of " +
                         std::to_string(map.blob.size()) + " bytes, the last level needs " +
                         std::to_string(n ? bytes_of(n - 1) : 0) + ", and no streamed level found",
                     "blob");
  TextureImages out;
  out.top = top;
  out.width = dim(map.width, top);
  out.height = dim(map.height, top);
  for (uint32_t k = 0; k < top; ++k)
    if (!levels[k].found)
      out.warnings.push_back(
          map_error("TEXTURE_MIP_MISSING",
                    "level " + std::to_string(k) + " of map " + hex(id, 16) + " is missing (" +
                        missing[k] + "): the images start at level " + std::to_string(top) + " (" +
                        std::to_string(out.width) + "x" + std::to_string(out.height) + ")",
                    "streamed[" + std::to_string(k) + "]"));
  ir::Result<std::vector<uint8_t>> rgba = top_pixels(f, out.width, out.height, faces, levels[top]);
  if (!rgba) return rgba.error();
  out.png = texture::png_file(rgba->data(), out.width, out.height * faces);
  if (out.png.empty())  // stb fails only when an allocation does
    return ir::Diagnostic{"OUTPUT_WRITE_FAILED",
                          "the PNG of map " + hex(id, 16) + " could not be encoded", "", 0};
  std::vector<uint8_t> blocks;
  for (uint32_t k = top; k < first_inline; ++k)
    blocks.insert(blocks.end(), levels[k].data, levels[k].data + levels[k].size);
  if (first_inline < n) blocks.insert(blocks.end(), map.blob.begin(), map.blob.end());
  // Blocks as stored: a cube's levels hold their six faces each (level-major), where a DDS
  // reader expects each face's whole chain; only face 0's top level reads the same both ways.
  out.dds = texture::dds_file(f, out.width, out.height, n - top, map.cube, map.gamma == 1,
                              blocks.data(), blocks.size());
  return out;
}

namespace {

// The CompiledMips of the install by id, read by the map's game.
MipLookup install_mips(const install::Install& install, const TextureCodecs& codecs) {
  return [&install, &codecs](uint64_t id) -> std::optional<ir::Result<CompiledMipReading>> {
    std::optional<ir::Result<install::LocatedResource>> l = install.locate(id);
    if (!l) return std::nullopt;
    if (!*l) return ir::Result<CompiledMipReading>((*l).error());
    const archive::Resource& r = (*l)->contents.resources[(*l)->resource];
    const install::ResourceBytes b = install::resource_file_bytes((*l)->contents, r);
    Result<CompiledMipReading> m = codecs.compiled_mip(b.data + b.gap, b.size - b.gap, nullptr);
    if (!m) return ir::Result<CompiledMipReading>(m.error());
    return ir::Result<CompiledMipReading>(std::move(*m));
  };
}

struct TextureTotals {
  uint64_t maps = 0, bytes = 0;
  int status = 0;
};

// Every selected TextureMap of installed archive `k` that the install reads (not superseded
// by a patch) written as its PNG and DDS.
void archive_textures(
    const ExtractRun& run, const install::Install& install, size_t k, const io::Job& job,
    const std::function<bool(const archive::Entry&, const archive::Resource&)>& takes,
    std::ostream& err, TextureTotals& totals, bool& hinted) {
  const install::MappedArchive& a = *install.archives[k].mapped;
  auto fail = [&](const std::string& where, const ir::Diagnostic& d) {
    err << convert::failure_line(where, d) << "\n";
    totals.status = 1;
  };
  for (const ir::Diagnostic& w : a.archive.warnings)
    err << install::archive_warning_line(job.display, w) << "\n";
  const archive::Dialect* dialect = a.archive.dialect;
  const Format* game = dialect ? find_format(dialect->name) : nullptr;
  if (!game || !game->textures) return;  // a game without TextureMap codecs: nothing to write
  const TextureCodecs& codecs = *game->textures;
  const MipLookup mips = install_mips(install, codecs);
  static const uint32_t kTextureMap = class_id("TextureMap");
  const std::vector<std::string> dirs = convert::entry_directories(a.archive);
  const fs::path base = convert::archive_directory(job.relative);
  uint64_t oodle = 0;
  install::walk_entries(a, [&](install::EntryVisit& v) {
    const archive::Entry& e = v.entry();
    const ir::Result<archive::EntryContents>& c = v.contents();
    if (!c) {
      fail(job.display + ": entry " + hex(e.file_id, 16), c.error());
      return true;
    }
    if (c->kind == archive::EntryKind::CodecMissing) ++oodle;
    for (const archive::Resource& r : c->resources) {
      if (r.class_id != kTextureMap || !takes(e, r) || install.superseded(k, r.id)) continue;
      const std::string stem = convert::safe_name(r.name, r.id) + "_" + hex(r.id, 16);
      const std::string where = job.display + ": " + dirs[v.index()] + "/" + stem;
      const install::ResourceBytes b = install::resource_file_bytes(*c, r);
      Result<TextureMapReading> map = codecs.texture_map(b.data + b.gap, b.size - b.gap, nullptr);
      if (!map) {
        fail(where, map.error());
        continue;
      }
      ir::Result<TextureImages> images = texture_images(*map, r.id, mips);
      if (!images) {
        fail(where, images.error());
        continue;
      }
      for (const ir::Diagnostic& w : map->warnings)  // the map's own, then its levels'
        err << install::archive_warning_line(where, w) << "\n";
      for (const ir::Diagnostic& w : images->warnings)
        err << install::archive_warning_line(where, w) << "\n";
      const convert::OutputPath target =
          convert::output_path(run.out, base / dirs[v.index()] / (stem + ".x"), false);
      if (target.error) {
        fail(where, *target.error);
        continue;
      }
      const fs::path png = fs::path(target.primary).replace_extension(".png");
      const fs::path dds = fs::path(target.primary).replace_extension(".dds");
      io::AtomicOptions options;
      options.replace = true;  // the same map gives the same files: a re-run rewrites them
      if (auto bad = io::write_atomically({{png, images->png.data(), images->png.size()},
                                           {dds, images->dds.data(), images->dds.size()}},
                                          options)) {
        fail(where, *bad);
        continue;
      }
      ++totals.maps;
      totals.bytes += images->png.size() + images->dds.size();
    }
    return true;
  });
  if (oodle) err << install::oodle_warning_line(job.display, oodle, hinted) << "\n";
}

}  // namespace

int extract_textures(
    const ExtractRun& run, const std::vector<io::Job>& jobs,
    const std::function<bool(const archive::Entry&, const archive::Resource&)>& takes,
    std::ostream& out, std::ostream& err) {
  const std::vector<size_t> archive_list = install::archive_jobs(jobs);
  // The whole index: a map's streamed levels may be in any entry of any archive.
  const install::Install install =
      install::open_install(jobs, archive_list, install::IndexDepth::Whole);
  TextureTotals totals;
  bool hinted = false;  // the --oodle hint: once a run
  size_t next = 0;      // in archive_list
  for (size_t j = 0; j < jobs.size(); ++j) {
    const io::Job& job = jobs[j];
    if (next < archive_list.size() && archive_list[next] == j) {
      const size_t k = next++;
      if (install.archives[k].error) {
        err << convert::failure_line(job.display, *install.archives[k].error) << "\n";
        totals.status = 1;
      } else {
        archive_textures(run, install, k, job, takes, err, totals, hinted);
      }
      continue;
    }
    // Not an archive: the reason its own open gives (ARCHIVE_MAGIC, INPUT_UNREADABLE).
    ir::Result<install::MappedArchive> a = job.error
                                               ? ir::Result<install::MappedArchive>(*job.error)
                                               : install::open_archive(job.input);
    if (!a) {
      err << convert::failure_line(job.display, a.error()) << "\n";
      totals.status = 1;
    }
  }
  out << "forge2gltf extract: " << totals.maps << " texture maps written ("
      << convert::human_bytes(double(totals.bytes)) << ") to " << run.out << "\n";
  return totals.status;
}

}  // namespace f2g::inspect
