// Following a material to its texture maps (docs/READING.md "Materials and textures"): the
// lookups by id in the install and the library, the level chosen, its decode and the cache.
#include "converter/install/texture_library.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <list>
#include <unordered_map>

#include "converter/install/archive_inputs.h"
#include "converter/io/input_file.h"
#include "formats/archive/checks.h"
#include "formats/archive/patch.h"
#include "formats/common/error.h"
#include "formats/registry.h"
#include "formats/texture/decode.h"
#include "formats/texture/image_files.h"

namespace f2g::install {
namespace fs = std::filesystem;

// A resource found by id: the codecs of its game, its body, its record's name and where.
struct TextureBody {
  const TextureCodecs* codecs = nullptr;
  std::vector<uint8_t> bytes;
  std::string name;
  std::string where;
};
using TextureFound = std::optional<ir::Result<TextureBody>>;  // nullopt: nowhere

namespace {

const TextureCodecs* codecs_of(const MappedArchive& a) {
  const archive::Dialect* d = a.archive.dialect;
  const Format* game = d ? find_format(d->name) : nullptr;
  return game ? game->textures : nullptr;
}

TextureBody body_of(const MappedArchive& a, const std::string& display, size_t entry,
                    const archive::EntryContents& contents, const archive::Resource& r) {
  const ResourceBytes b = resource_file_bytes(contents, r);
  TextureBody out;
  out.codecs = codecs_of(a);
  out.bytes.assign(b.data + b.gap, b.data + b.size);
  out.name = r.name;
  out.where = display + ":" + hex(a.archive.entries[entry].file_id, 16);
  return out;
}

ir::Diagnostic warning(std::string code, std::string message, std::string path,
                       uint64_t offset = 0) {
  return ir::Diagnostic{std::move(code), std::move(message), std::move(path), offset};
}

// "0x00000000F8000014" (a material's "id" extras) as a number.
std::optional<uint64_t> id_of(const ir::Json& extras) {
  const auto it = extras.find("id");
  if (it == extras.end() || !it->is_string()) return std::nullopt;
  return parse_id(it->get<std::string>());
}

}  // namespace

// One install searched by id: its resources through the index, and its entries by entry id
// (CompiledMip levels are found so), the superseding patch first.
struct TextureSearch {
  const Install* install = nullptr;
  const std::vector<io::Job>* jobs = nullptr;
  std::unordered_map<uint64_t, std::pair<size_t, size_t>> entries;

  void index_entries() {
    for (size_t k = 0; k < install->archives.size(); ++k) {
      const InstalledArchive& ia = install->archives[k];
      if (!ia.mapped) continue;
      const std::string name = fs::path((*jobs)[ia.job].input).filename().string();
      for (size_t e = 0; e < ia.mapped->archive.entries.size(); ++e) {
        const archive::Entry& entry = ia.mapped->archive.entries[e];
        if (archive::is_special(entry)) continue;
        auto [it, added] = entries.emplace(entry.file_id, std::make_pair(k, e));
        if (added) continue;
        const size_t held = it->second.first;
        const std::string other =
            fs::path((*jobs)[install->archives[held].job].input).filename().string();
        if (held != k && archive::supersedes(name, other)) it->second = {k, e};
      }
    }
  }

  TextureFound find(uint64_t id) const {
    if (std::optional<ir::Result<LocatedResource>> loc = install->locate(id)) {
      if (!*loc) {
        ir::Diagnostic d = (*loc).error();
        const archive::IndexedResource* r = install->index.find(id);
        if (d.code == archive::kOodleCode && r)  // said once per archive (run_warnings)
          d.path = (*jobs)[install->archives[r->archive].job].display;
        return ir::Result<TextureBody>(std::move(d));
      }
      const LocatedResource& l = **loc;
      const InstalledArchive& ia = install->archives[l.archive];
      return ir::Result<TextureBody>(body_of(*ia.mapped, (*jobs)[ia.job].display, l.entry,
                                             l.contents, l.contents.resources[l.resource]));
    }
    const auto it = entries.find(id);  // an entry of this id: its first resource
    if (it == entries.end()) return std::nullopt;
    const InstalledArchive& ia = install->archives[it->second.first];
    ir::Result<archive::EntryContents> c = read_archive_entry(ia.mapped->view(), it->second.second);
    if (!c) return ir::Result<TextureBody>(c.error());
    if (c->kind == archive::EntryKind::CodecMissing)
      return ir::Result<TextureBody>(warning(archive::kOodleCode,
                                             "entry " + hex(id, 16) + " is Oodle-compressed",
                                             (*jobs)[ia.job].display, 0));
    if (c->resources.empty()) return std::nullopt;
    return ir::Result<TextureBody>(
        body_of(*ia.mapped, (*jobs)[ia.job].display, it->second.second, *c, c->resources[0]));
  }
};

namespace {}  // namespace

// What a slot shows, decoded once: the PNG of its chosen level, or why there is none.
struct DecodedMap {
  std::shared_ptr<const std::vector<uint8_t>> png;
  uint32_t width = 0, height = 0;
  ir::Json extras = ir::Json::object();
  std::string name;
  std::vector<ir::Diagnostic> warnings;  // said on every mesh that shows the map
  size_t bytes() const { return png ? png->size() : 0; }
};

struct SetFound {
  std::vector<SlotMap> slots;
  std::vector<ir::Diagnostic> warnings;
};

struct MaterialFound {
  std::optional<MaterialReading> reading;
  std::vector<SlotMap> slots;  // the set's slots, then selectors for slots the set lacks
  std::vector<ir::Diagnostic> warnings;
};

struct TextureLibrary::Impl {
  TextureSearch install;
  TextureOptions options;
  std::vector<io::Job> library_jobs;
  std::unique_ptr<Install> library;
  TextureSearch library_search;
  std::unordered_map<uint64_t, std::string> loose;  // extracted resources by id

  mutable std::mutex mutex;
  mutable std::condition_variable ready;
  // Keyed by id and whether the install was searched: a loose mesh's lookup (the library
  // only) never reuses what an archive mesh found.
  using Key = std::pair<uint64_t, bool>;
  mutable std::map<Key, std::shared_ptr<const MaterialFound>> materials;
  mutable std::map<Key, std::shared_ptr<const SetFound>> sets;  // shared by many materials
  mutable std::map<Key, std::shared_ptr<const DecodedMap>> maps;
  mutable std::set<Key> decoding;
  mutable std::list<Key> map_order;  // oldest first, for the cache's byte budget
  mutable size_t map_bytes = 0;
  mutable std::set<std::string> oodle_archives;

  TextureFound find(uint64_t id, const MeshPlace& place, const TextureCodecs* loose_codecs) const;
  std::shared_ptr<const SetFound> texture_set(uint64_t id, const MeshPlace& place,
                                              const TextureCodecs* codecs) const;
  std::shared_ptr<const MaterialFound> material(uint64_t id, const MeshPlace& place,
                                                const TextureCodecs* loose_codecs) const;
  std::shared_ptr<const DecodedMap> map(uint64_t id, const MeshPlace& place,
                                        const TextureCodecs* loose_codecs) const;
  // The body of resource `id` (`what`: "material", "texture set", "texture map") with codecs
  // to read it; else nullopt and the warning `not_found` or `unreadable` in `warnings` (an
  // Oodle entry is noted for the run's one line instead).
  std::optional<TextureBody> body(uint64_t id, const char* what, const char* not_found,
                                  const char* unreadable, const MeshPlace& place,
                                  const TextureCodecs* codecs,
                                  std::vector<ir::Diagnostic>& warnings) const;
  DecodedMap decode(uint64_t id, const TextureBody& body, const MeshPlace& place) const;
  void note_oodle(const ir::Diagnostic& d) const {
    std::lock_guard<std::mutex> lock(mutex);
    oodle_archives.insert(d.path.empty() ? d.message : d.path);
  }
};

TextureFound TextureLibrary::Impl::find(uint64_t id, const MeshPlace& place,
                                        const TextureCodecs* loose_codecs) const {
  const Install& in = *install.install;
  // The mesh's own entry first, unless a patch holds the id.
  if (place.contents && place.archive < in.archives.size() && !in.superseded(place.archive, id)) {
    const InstalledArchive& ia = in.archives[place.archive];
    for (const archive::Resource& r : place.contents->resources)
      if (r.id == id && ia.mapped)
        return ir::Result<TextureBody>(
            body_of(*ia.mapped, (*install.jobs)[ia.job].display, place.entry, *place.contents, r));
  }
  // A loose mesh looks under --library only, as skeleton pairing does: converting a folder of
  // archives and extracted meshes leaves the extracted meshes' outputs as they were.
  const bool from_install = place.archive != kNoPlace;
  if (from_install)
    if (TextureFound f = install.find(id)) return f;
  if (library)
    if (TextureFound f = library_search.find(id)) return f;
  const auto it = loose.find(id);
  if (it == loose.end()) return std::nullopt;
  ir::Result<io::InputBytes> bytes = io::read_input(it->second, io::kMaxInputBytes);
  if (!bytes) return ir::Result<TextureBody>(bytes.error());
  const std::vector<uint8_t> all(bytes->begin(), bytes->end());
  const std::optional<size_t> at = texture_body_at(all.data(), all.size());
  TextureBody b;
  b.codecs = loose_codecs;
  b.bytes.assign(all.begin() + std::ptrdiff_t(at.value_or(0)), all.end());
  b.name = fs::path(it->second).stem().string();
  b.where = it->second;
  return ir::Result<TextureBody>(std::move(b));
}

std::optional<TextureBody> TextureLibrary::Impl::body(uint64_t id, const char* what,
                                                      const char* not_found, const char* unreadable,
                                                      const MeshPlace& place,
                                                      const TextureCodecs* codecs,
                                                      std::vector<ir::Diagnostic>& warnings) const {
  const std::string name = std::string(what) + " " + hex(id, 16);
  TextureFound f = find(id, place, codecs);
  if (!f) {
    warnings.push_back(warning(not_found, name + " is in no archive of the run", name));
  } else if (!*f) {
    if ((*f).error().code == archive::kOodleCode)
      note_oodle((*f).error());
    else
      warnings.push_back(warning(unreadable, name + ": " + (*f).error().message, (*f).error().path,
                                 (*f).error().offset));
  } else if (!(**f).codecs) {
    warnings.push_back(warning(
        unreadable, name + " in " + (**f).where + ": its game's layout is not known", name));
  } else {
    return std::move(**f);
  }
  return std::nullopt;
}

std::shared_ptr<const SetFound> TextureLibrary::Impl::texture_set(
    uint64_t id, const MeshPlace& place, const TextureCodecs* codecs) const {
  const Key key{id, place.archive != kNoPlace};
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = sets.find(key);
    if (it != sets.end()) return it->second;
  }
  auto out = std::make_shared<SetFound>();
  if (std::optional<TextureBody> b = body(id, "texture set", "TEXTURE_SET_NOT_FOUND",
                                          "TEXTURE_SET_UNREADABLE", place, codecs, out->warnings)) {
    Result<TextureSetReading> t = b->codecs->texture_set(b->bytes.data(), b->bytes.size(), nullptr);
    if (!t) {
      out->warnings.push_back(
          warning("TEXTURE_SET_UNREADABLE",
                  "texture set " + hex(id, 16) + ": " + t.error().code + " " + t.error().message,
                  t.error().path, t.error().offset));
    } else {
      for (ir::Diagnostic& w : t->warnings) out->warnings.push_back(std::move(w));
      out->slots = t->slots;
    }
  }
  std::lock_guard<std::mutex> lock(mutex);
  return sets.emplace(key, std::move(out)).first->second;
}

std::shared_ptr<const MaterialFound> TextureLibrary::Impl::material(
    uint64_t id, const MeshPlace& place, const TextureCodecs* loose_codecs) const {
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = materials.find({id, place.archive != kNoPlace});
    if (it != materials.end()) return it->second;
  }
  auto out = std::make_shared<MaterialFound>();
  if (std::optional<TextureBody> b =
          body(id, "material", "TEXTURE_MATERIAL_NOT_FOUND", "TEXTURE_MATERIAL_UNREADABLE", place,
               loose_codecs, out->warnings)) {
    Result<MaterialReading> m = b->codecs->material(b->bytes.data(), b->bytes.size(), nullptr);
    if (!m) {
      out->warnings.push_back(warning("TEXTURE_MATERIAL_UNREADABLE",
                                      "material " + hex(id, 16) + " in " + b->where + ": " +
                                          m.error().code + " " + m.error().message,
                                      m.error().path, m.error().offset));
    } else {
      for (ir::Diagnostic& w : m->warnings) out->warnings.push_back(std::move(w));
      if (m->texture_set) {
        const std::shared_ptr<const SetFound> set = texture_set(*m->texture_set, place, b->codecs);
        out->warnings.insert(out->warnings.end(), set->warnings.begin(), set->warnings.end());
        out->slots = set->slots;
      }
      for (const SlotMap& s : m->selectors)
        if (std::none_of(out->slots.begin(), out->slots.end(),
                         [&](const SlotMap& o) { return o.slot == s.slot; }))
          out->slots.push_back(s);
      out->reading = std::move(*m);
    }
  }
  std::lock_guard<std::mutex> lock(mutex);
  return materials.emplace(Key{id, place.archive != kNoPlace}, std::move(out)).first->second;
}

DecodedMap TextureLibrary::Impl::decode(uint64_t id, const TextureBody& body,
                                        const MeshPlace& place) const {
  DecodedMap out;
  out.name = body.name.empty() ? hex(id, 16) : body.name;
  const std::string path = "texture map " + hex(id, 16);
  Result<TextureMapReading> t =
      body.codecs->texture_map(body.bytes.data(), body.bytes.size(), nullptr);
  if (!t) {
    out.warnings.push_back(warning("TEXTURE_MAP_UNREADABLE",
                                   "texture map " + hex(id, 16) + " in " + body.where + ": " +
                                       t.error().code + " " + t.error().message,
                                   t.error().path, t.error().offset));
    return out;
  }
  for (ir::Diagnostic& w : t->warnings) out.warnings.push_back(std::move(w));
  if (!t->format) {
    out.warnings.push_back(warning("TEXTURE_MAP_UNREADABLE",
                                   "texture map " + hex(id, 16) + " in " + body.where +
                                       ": pixel format " + t->format_name +
                                       " is not established; not decoded",
                                   path));
    return out;
  }
  const texture::BlockFormat f = *t->format;
  const uint32_t faces = t->cube ? 6 : 1;
  // Below level 31 every level is 1 x 1: a larger stored count names no more pixels.
  const uint32_t levels = std::min<uint32_t>(t->levels, 32);
  auto dims = [&](uint32_t k) {
    return std::make_pair(std::max<uint32_t>(1, k < 32 ? t->width >> k : 1),
                          std::max<uint32_t>(1, k < 32 ? t->height >> k : 1));
  };
  auto bytes_of = [&](uint32_t k) {
    const auto [w, h] = dims(k);
    return texture::level_bytes(f, w, h) * faces;
  };
  uint32_t want = 0;
  while (options.max_size && want + 1 < levels &&
         std::max(dims(want).first, dims(want).second) > options.max_size)
    ++want;
  // The largest level at or below `want` that is stored: a streamed CompiledMip found in the
  // run, else the inline chain.
  std::vector<uint8_t> level;
  uint32_t chosen = levels;
  std::string source;
  for (uint32_t k = want; k < levels && chosen == levels; ++k) {
    if (k < t->streamed.size()) {
      const uint64_t mid = t->streamed[k];
      TextureFound m = find(mid, place, body.codecs);
      if (m && *m && (**m).codecs) {
        Result<CompiledMipReading> r =
            (**m).codecs->compiled_mip((**m).bytes.data(), (**m).bytes.size(), nullptr);
        if (r && r->bytes.size() >= bytes_of(k)) {
          level = std::move(r->bytes);
          chosen = k;
          source = "CompiledMip " + hex(mid, 16) + " in " + (**m).where;
          break;
        }
      }
      out.warnings.push_back(
          warning("TEXTURE_MIP_MISSING",
                  "level " + std::to_string(k) + " of texture map " + hex(id, 16) +
                      " (CompiledMip " + hex(mid, 16) + ") is " +
                      (!m ? std::string("in no archive of the run") : std::string("not readable")) +
                      "; a smaller level is used",
                  path));
      continue;
    }
    if (k < t->first_inline) continue;
    uint64_t at = 0;
    for (uint32_t j = t->first_inline; j < k; ++j) at += bytes_of(j);
    const uint64_t n = bytes_of(k);
    if (at + n > t->blob.size()) break;
    level.assign(t->blob.begin() + std::ptrdiff_t(at), t->blob.begin() + std::ptrdiff_t(at + n));
    chosen = k;
    source = "inline in " + body.where;
  }
  if (chosen == levels) {
    out.warnings.push_back(warning(
        "TEXTURE_LEVEL_MISSING",
        "texture map " + hex(id, 16) + " in " + body.where + ": no level is stored in the run",
        path));
    return out;
  }
  const auto [w, h] = dims(chosen);
  // A cube map shows its first face (face order: docs/READING.md "Materials and textures").
  ir::Result<std::vector<uint8_t>> rgba =
      texture::decode_level(f, w, h, level.data(), size_t(bytes_of(chosen) / faces));
  if (!rgba) {
    out.warnings.push_back(warning(
        "TEXTURE_MAP_UNREADABLE",
        "texture map " + hex(id, 16) + ": " + rgba.error().code + " " + rgba.error().message, path,
        rgba.error().offset));
    return out;
  }
  out.png = std::make_shared<const std::vector<uint8_t>>(texture::png_file(rgba->data(), w, h));
  out.width = w;
  out.height = h;
  out.extras = t->extras;
  out.extras["texture_map_id"] = hex(id, 16);
  out.extras["format"] = texture::format_name(f);
  out.extras["level"] = chosen;
  out.extras["source"] = source;
  return out;
}

std::shared_ptr<const DecodedMap> TextureLibrary::Impl::map(
    uint64_t id, const MeshPlace& place, const TextureCodecs* loose_codecs) const {
  const Key key{id, place.archive != kNoPlace};
  {
    std::unique_lock<std::mutex> lock(mutex);
    ready.wait(lock, [&] { return !decoding.count(key); });  // one decode of a map at a time
    const auto it = maps.find(key);
    if (it != maps.end()) return it->second;
    decoding.insert(key);
  }
  auto out = std::make_shared<DecodedMap>();
  if (std::optional<TextureBody> b =
          body(id, "texture map", "TEXTURE_MAP_NOT_FOUND", "TEXTURE_MAP_UNREADABLE", place,
               loose_codecs, out->warnings))
    *out = decode(id, *b, place);
  std::lock_guard<std::mutex> lock(mutex);
  decoding.erase(key);
  maps[key] = out;
  map_order.push_back(key);
  map_bytes += out->bytes();
  while (map_bytes > options.cache_bytes && map_order.size() > 1) {
    const Key old = map_order.front();
    map_order.pop_front();
    const auto it = maps.find(old);
    if (it == maps.end()) continue;
    map_bytes -= it->second->bytes();
    maps.erase(it);
  }
  ready.notify_all();
  return out;
}

TextureLibrary::TextureLibrary(const Install& install, const std::vector<io::Job>& jobs,
                               TextureOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->install.install = &install;
  impl_->install.jobs = &jobs;
  impl_->install.index_entries();
  impl_->options = options;
}

TextureLibrary::~TextureLibrary() = default;

std::optional<ir::Diagnostic> TextureLibrary::add_library(const std::vector<std::string>& paths) {
  if (paths.empty()) return std::nullopt;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (!fs::exists(p, ec))
      return ir::Diagnostic{"INPUT_NOT_FOUND", "--library " + p + ": no such file or directory", "",
                            0};
  }
  impl_->library_jobs = io::expand_inputs(paths, fs::path());
  std::vector<size_t> archives;
  for (size_t i = 0; i < impl_->library_jobs.size(); ++i) {
    const io::Job& job = impl_->library_jobs[i];
    if (job.error) continue;
    if (starts_like_archive(job.input)) {
      archives.push_back(i);
      continue;
    }
    std::ifstream f(job.input, std::ios::binary);  // a peek: the id and class of a body
    std::vector<uint8_t> head(64 * 1024);
    f.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    head.resize(size_t(f.gcount()));
    if (const std::optional<size_t> at = texture_body_at(head.data(), head.size())) {
      uint64_t id = 0;
      std::memcpy(&id, head.data() + *at, 8);
      impl_->loose.emplace(id, job.input);
    }
  }
  impl_->library =
      std::make_unique<Install>(open_install(impl_->library_jobs, archives, IndexDepth::Whole));
  impl_->library_search.install = impl_->library.get();
  impl_->library_search.jobs = &impl_->library_jobs;
  impl_->library_search.index_entries();
  return std::nullopt;
}

void TextureLibrary::apply(ir::Mesh& mesh, const MeshPlace& place,
                           std::vector<ir::Diagnostic>& warnings) const {
  const Format* own = find_format(mesh.source.format);
  const TextureCodecs* loose_codecs = own ? own->textures : nullptr;
  if (!loose_codecs) return;  // the game's materials are not known: placeholders, no word
  // A loose mesh without --library: nothing is looked up and nothing is said.
  if (place.archive == kNoPlace && !impl_->library && impl_->loose.empty()) return;
  std::map<uint64_t, int32_t> image_of;  // texture map id -> mesh image
  std::set<std::string> said;
  auto say = [&](const std::vector<ir::Diagnostic>& ws) {
    for (const ir::Diagnostic& w : ws)
      if (said.insert(w.code + w.message).second) warnings.push_back(w);
  };
  for (ir::Material& mat : mesh.materials) {
    const std::optional<uint64_t> id = id_of(mat.extras);
    if (!id) continue;
    const std::shared_ptr<const MaterialFound> m = impl_->material(*id, place, loose_codecs);
    say(m->warnings);
    if (!m->reading) continue;
    const MaterialReading& r = *m->reading;
    for (const auto& [k, v] : r.extras.items()) mat.extras[k] = v;
    ir::Json slots = ir::Json::object();
    for (const SlotMap& s : m->slots) slots[loose_codecs->slot_name(s.slot)] = hex(s.map, 16);
    if (!slots.empty()) mat.extras["texture_slots"] = std::move(slots);
    mat.double_sided = r.double_sided;
    if (r.blend_mode != 0) {
      mat.alpha_mode = "BLEND";
    } else if (r.alpha_test != 0) {
      mat.alpha_mode = "MASK";
      mat.alpha_cutoff = r.alpha_test / 255.0;
    } else {
      mat.alpha_mode = "OPAQUE";
    }
    for (const SlotMap& s : m->slots) {
      if (s.slot != kBaseColourSlot && s.slot != kNormalSlot) continue;
      int32_t index = -1;
      const auto known = image_of.find(s.map);
      if (known != image_of.end()) {
        index = known->second;
      } else {
        const std::shared_ptr<const DecodedMap> d = impl_->map(s.map, place, loose_codecs);
        say(d->warnings);
        if (d->png) {
          index = int32_t(mesh.images.size());
          mesh.images.push_back(ir::Image{d->name, d->png, d->width, d->height, d->extras});
        }
        image_of.emplace(s.map, index);
      }
      (s.slot == kBaseColourSlot ? mat.base_colour : mat.normal) = index;
    }
  }
}

std::vector<ir::Diagnostic> TextureLibrary::run_warnings() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  std::vector<ir::Diagnostic> out;
  for (const std::string& a : impl_->oodle_archives)
    out.push_back(warning("TEXTURE_OODLE",
                          "materials or texture maps sit in Oodle-compressed entries (" + a +
                              "): those materials keep their placeholders; name your Oodle "
                              "library with --oodle LIB to read them",
                          ""));
  return out;
}

}  // namespace f2g::install
