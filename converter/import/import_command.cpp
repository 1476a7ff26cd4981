#include "converter/import/import_command.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <unordered_map>

#include "converter/io/atomic_file.h"
#include "converter/io/input_file.h"
#include "converter/io/inputs.h"
#include "converter/io/interrupt.h"
#include "converter/io/json_text.h"
#include "converter/io/worker_pool.h"

namespace f2g::import {

namespace fs = std::filesystem;

bool is_gltf_name(const fs::path& p) {
  std::string e = p.extension().string();
  std::transform(e.begin(), e.end(), e.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return e == ".glb" || e == ".gltf";
}

bool is_json_name(const fs::path& p) {
  std::string e = p.extension().string();
  std::transform(e.begin(), e.end(), e.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return e == ".gltf";
}

namespace {

using Json = nlohmann::json;
using ir::Diagnostic;

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

// Strings, not fs::path: a path keeps a list of its components, and a batch holds a pair per
// file until its turn.
struct Pair {
  std::string gltf, donor, out;
  std::optional<Diagnostic> error;  // no donor / two donors / unsafe name
};

struct Done {
  Pair pair;
  ImportOutcome outcome;
};

// One file: read both, import, write (unless dry run).
ImportOutcome import_pair(const Pair& p, const ImportRun& run) {
  ImportOutcome out;
  if (p.error) {
    out.error = p.error;
    return out;
  }
  ir::Result<io::InputBytes> g =
      io::read_input_as(p.gltf, io::kMaxInputBytes, "a glTF", "IMPORT_READ_FAILED");
  if (!g) {
    out.error = g.error();
    return out;
  }
  ir::Result<io::InputBytes> d =
      io::read_input_as(p.donor, io::kMaxInputBytes, "a mesh", "IMPORT_READ_FAILED");
  if (!d) {
    out.error = d.error();
    return out;
  }
  const GltfInput in = gltf_input(p.gltf, *g);
  ImportOptions options = run.options;
  options.decode.source_path = p.donor;
  options.decode.name = fs::path(p.donor).stem().string();
  out = import_mesh(in, d->data(), d->size(), options);
  if (out.error || run.dry_run) return out;
  io::AtomicOptions a;
  a.replace = run.options.force;
  if (std::optional<Diagnostic> e =
          io::write_atomically({{p.out, out.bytes.data(), out.bytes.size()}}, a)) {
    out.error = e;
    out.bytes.clear();
  }
  return out;
}

// The regular files of the donor directory last listed, indexed by file name and by stem:
// each glTF's donor is then one look-up, not a walk over the directory (a whole install's
// directory holds tens of thousands of meshes).
struct DonorListing {
  std::optional<fs::path> dir;
  std::vector<fs::path> files;
  std::unordered_map<std::string, std::vector<size_t>> by_name;  // file name or stem -> files
  // The files named `stem` or `stem.<anything>` in directory d, each once, in listing order.
  std::vector<fs::path> named(const fs::path& d, const std::string& stem) {
    if (dir != d) list(d);
    std::vector<fs::path> found;
    if (auto it = by_name.find(stem); it != by_name.end())
      for (size_t k : it->second) found.push_back(files[k]);
    return found;
  }

 private:
  void list(const fs::path& d) {
    dir = d;
    files.clear();
    by_name.clear();
    std::error_code ec;
    for (fs::directory_iterator it(d, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path());
    for (size_t k = 0; k < files.size(); ++k) {
      const std::string name = files[k].filename().string(), stem = files[k].stem().string();
      by_name[name].push_back(k);
      if (stem != name) by_name[stem].push_back(k);
    }
  }
};

// The donor of GLB_DIR/rel/name.glb: MESH_DIR/rel/name.<anything> or MESH_DIR/rel/name.
Pair pair_in_dirs(const std::string& file, const fs::path& rel, const fs::path& mesh_dir,
                  const fs::path& out_dir, DonorListing& listing) {
  Pair p;
  p.gltf = file;
  const fs::path want = rel.parent_path() / rel.stem();
  std::vector<fs::path> found = listing.named(mesh_dir / rel.parent_path(), rel.stem().string());
  std::sort(found.begin(), found.end());
  if (found.size() != 1) {
    std::string list;
    for (const fs::path& f : found) list += (list.empty() ? "" : ", ") + f.string();
    p.error =
        Diagnostic{found.empty() ? "IMPORT_NO_DONOR" : "IMPORT_DONOR_AMBIGUOUS",
                   found.empty() ? "no donor " + (mesh_dir / want).string() + "[.*] for " + file
                                 : "two or more donors for " + file + ": " + list,
                   file, 0};
    return p;
  }
  p.donor = found[0].string();
  p.out = (out_dir / rel.parent_path() / found[0].filename()).string();
  return p;
}

Json to_json(const Done& r) {
  Json j = {{"gltf", r.pair.gltf},
            {"donor", r.pair.donor},
            {"output", r.pair.out},
            {"ok", !r.outcome.error}};
  if (r.outcome.error)
    j["error"] = {{"code", r.outcome.error->code},
                  {"message", r.outcome.error->message},
                  {"path", r.outcome.error->path},
                  {"offset", r.outcome.error->offset}};
  j["warnings"] = Json::array();
  for (const Diagnostic& w : r.outcome.warnings)
    j["warnings"].push_back(
        {{"code", w.code}, {"message", w.message}, {"path", w.path}, {"offset", w.offset}});
  j["summary"] = r.outcome.summary;
  return j;
}

void print_text(const Done& r, bool dry_run, std::ostream& out, std::ostream& err) {
  if (r.outcome.error) {
    err << "forge2gltf import: " << r.pair.gltf << ": " << r.outcome.error->to_string() << "\n";
    return;
  }
  for (const Diagnostic& w : r.outcome.warnings)
    err << "forge2gltf import: " << r.pair.gltf << ": warning: " << w.to_string() << "\n";
  const Json& s = r.outcome.summary;
  out << (dry_run ? "would write " : "wrote ") << r.pair.out << " (" << s.value("format", "")
      << ", " << s.value("bytes", uint64_t(0)) << " bytes): " << s.value("vertices", uint64_t(0))
      << " vertices (" << s.value("vertices_kept", uint64_t(0)) << " kept, "
      << s.value("vertices_new", uint64_t(0)) << " new), " << s.value("triangles", uint64_t(0))
      << " triangles; donor " << s.value("donor_vertices", uint64_t(0)) << " vertices, "
      << s.value("donor_triangles", uint64_t(0)) << " triangles"
      << (s.value("donor_order", false) ? "; donor order kept" : "") << "\n";
  if (dry_run && s.contains("details"))
    out << "  details: " << io::json_text(s["details"], -1) << "\n";
}

}  // namespace

GltfInput gltf_input(const std::filesystem::path& path, const io::InputBytes& bytes) {
  GltfInput in;
  in.data = bytes.data();
  in.size = bytes.size();
  in.json = is_json_name(path);
  const fs::path dir = path.parent_path();
  in.read_uri = [dir](const std::string& uri, std::vector<uint8_t>& out, std::string& error) {
    ir::Result<io::InputBytes> b =
        io::read_input(dir / fs::path(uri), io::kMaxInputBytes, "a glTF buffer");
    if (!b) {
      error = b.error().message;
      return false;
    }
    out.assign(b->begin(), b->end());
    return true;
  };
  return in;
}

int run_import_command(const ImportRun& run, std::ostream& out, std::ostream& err) {
  std::error_code ec;
  const bool directory = fs::is_directory(run.input, ec);
  std::vector<Pair> pairs;
  std::vector<uint64_t> sizes;
  if (!directory) {
    if (run.donor.empty()) {
      err << "forge2gltf: import FILE needs --donor ORIGINAL.mesh\n";
      return kExitUsage;
    }
    if (!run.donors.empty()) {
      err << "forge2gltf: --donors goes with a directory of glTF files; use --donor for one\n";
      return kExitUsage;
    }
    pairs.push_back({run.input, run.donor, run.out, std::nullopt});
    sizes.push_back(fs::file_size(run.input, ec) + 0 * ec.value());
  } else {
    if (run.donors.empty() || !fs::is_directory(run.donors, ec)) {
      err << "forge2gltf: import GLB_DIR needs --donors MESH_DIR (a directory)\n";
      return kExitUsage;
    }
    // The walk convert uses (sorted, no directory symlinks followed, OUT_DIR left out): in
    // its order a directory's files come together but for its subdirectories' sorting among
    // them, so the donor directory last listed is kept (listed once per run of files).
    DonorListing listing;
    for (io::Job& job : io::expand_inputs({run.input}, run.out)) {
      if (job.error && job.error->code == "INPUT_UNREADABLE") {
        err << "forge2gltf: import: cannot walk " << run.input << ": " << job.error->message
            << "\n";
        return kExitFailed;
      }
      if (!is_gltf_name(job.relative)) continue;
      pairs.push_back(pair_in_dirs(job.display, job.relative, run.donors, run.out, listing));
      if (job.error) pairs.back().error = job.error;  // a .glb that is no file: listed, not opened
      sizes.push_back(job.size);
    }
  }

  io::PoolOptions po;
  po.jobs = run.jobs;
  po.progress = run.progress && directory && !run.quiet;
  po.stop = &io::interrupt_requested();
  uint64_t failed = 0;
  Json report = Json::array();
  io::run_pool<Done>(
      sizes, po,
      [&](unsigned, size_t i) {
        return Done{pairs[i], import_pair(pairs[i], run)};
      },
      [&](size_t i, const Done& r) {
        return io::ItemProgress{sizes[i], bool(r.outcome.error)};
      },
      [&](size_t, Done& r, const std::function<void()>& clear_line) {
        clear_line();
        if (r.outcome.error) ++failed;
        if (!run.json && !(run.quiet && !r.outcome.error)) print_text(r, run.dry_run, out, err);
        // Kept only when asked for: a summary per file would grow with the batch.
        if (run.json || !run.report.empty()) report.push_back(to_json(r));
      });
  if (run.json) out << io::json_text(directory ? report : report.at(0)) << "\n";
  if (!run.report.empty()) {
    const std::string text = io::json_text(Json{{"imports", report}, {"failed", failed}}) + "\n";
    io::AtomicOptions a;
    a.replace = true;
    if (auto e = io::write_atomically(
            {{run.report, reinterpret_cast<const uint8_t*>(text.data()), text.size()}}, a)) {
      err << "forge2gltf import: " << e->to_string() << "\n";
      return kExitFailed;
    }
  }
  if (directory && !run.quiet && !run.json)
    err << "forge2gltf import: " << pairs.size() - failed << " imported, " << failed << " failed\n";
  return failed ? kExitFailed : 0;
}

}  // namespace f2g::import
