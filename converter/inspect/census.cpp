#include "converter/inspect/census.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <unordered_map>

#include "converter/convert/archive_names.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/install.h"
#include "converter/install/skeleton_pairing.h"
#include "converter/io/input_file.h"
#include "converter/io/inputs.h"
#include "converter/io/worker_pool.h"
#include "formats/archive/archive.h"
#include "formats/common/classes.h"
#include "formats/common/names.h"
#include "formats/registry.h"

namespace f2g::census {
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------
// Inputs

std::vector<InputFile> collect_inputs(const std::vector<std::string>& inputs,
                                      std::vector<std::string>* missing) {
  std::vector<InputFile> files;
  for (const std::string& input : inputs) {
    // The one directory walk (io/inputs.h), one argument at a time so each file is named
    // from its own argument.
    for (const io::Job& job : io::expand_inputs({input})) {
      if (job.error) {
        // Entries of a walk that are not files, and directories that cannot be listed, are
        // passed over; a named input that is not there (or not a file) is reported.
        const std::string& code = job.error->code;
        if (!job.from_walk && missing && (code == "INPUT_NOT_FOUND" || code == "INPUT_NOT_A_FILE"))
          missing->push_back(input);
        continue;
      }
      if (!job.from_walk) {
        std::error_code ec;
        if (!fs::is_regular_file(input, ec)) {  // "file.mesh/" names no file
          if (missing) missing->push_back(input);
          continue;
        }
        files.push_back({input, fs::path(input).lexically_normal().generic_string(), job.size});
        continue;
      }
      // Named from the directory's own name down, so `census corpus/a corpus/b` keeps the two
      // apart ("a/x.mesh", "b/x.mesh") and the names do not depend on where the corpus lives.
      std::error_code ec;
      const fs::path absolute = fs::absolute(input, ec).lexically_normal();
      fs::path name = absolute.filename();
      if (name.empty()) name = absolute.parent_path().filename();
      // Opened as the argument joined with the path below it, as given ("./corpus/x.mesh").
      files.push_back({(fs::path(input) / job.relative).string(),
                       (name / job.relative).generic_string(), job.size});
    }
  }
  std::sort(files.begin(), files.end(), [](const InputFile& a, const InputFile& b) {
    return a.display != b.display ? a.display < b.display : a.path < b.path;
  });
  // The same file named twice is read once.
  files.erase(std::unique(files.begin(), files.end(),
                          [](const InputFile& a, const InputFile& b) {
                            return a.display == b.display && a.path == b.path;
                          }),
              files.end());
  return files;
}

namespace {

// ---------------------------------------------------------------------------------------
// Which vertex-format table entry a mesh uses, found by field name in the decoded structure
// (or, for a mesh that failed, in the field log of a second read), and the relation that
// tests the entry: the format's CensusRule. Field names only: the census knows no layout.

// Breadth-first over nested objects (arrays are not entered: they hold per-range and
// per-SubMesh records, not the mesh's own fields).
const nlohmann::json* find_key(const nlohmann::json& root, const char* key) {
  std::vector<const nlohmann::json*> level{&root}, next;
  while (!level.empty()) {
    for (const nlohmann::json* j : level) {
      if (!j->is_object()) continue;
      auto it = j->find(key);
      if (it != j->end() && it->is_number()) return &*it;
    }
    next.clear();
    for (const nlohmann::json* j : level)
      if (j->is_object())
        for (const auto& kv : j->items())
          if (kv.value().is_object()) next.push_back(&kv.value());
    level.swap(next);
  }
  return nullptr;
}

std::string entry_part(const CensusEntryField& field, uint64_t value) {
  return std::string(field.label) + " " + (field.hex ? hex(value) : std::to_string(value));
}

// An entry's field is a whole number; anything else names no table entry.
bool as_entry_value(double d, uint64_t& value) {
  if (!(d >= 0 && d < 18446744073709551616.0) || d != std::floor(d)) return false;
  value = static_cast<uint64_t>(d);
  return true;
}

// A field's value from the decoded structure (the first key of that name, shallowest first).
bool value_from_structure(const nlohmann::json& s, const char* field, uint64_t& value) {
  const nlohmann::json* v = find_key(s, field);
  if (!v) return false;
  if (v->is_number_unsigned()) {
    value = v->get<uint64_t>();
    return true;
  }
  return as_entry_value(v->get<double>(), value);
}

// A field's value from the field log of a read: the first span whose last path component is
// the field name, its little-endian value read from the bytes.
bool value_from_log(const FieldLog& log, const uint8_t* data, size_t size, const char* field,
                    uint64_t& value) {
  const size_t flen = std::strlen(field);
  for (const FieldSpan& f : log) {
    const std::string& p = f.path;
    if (p.size() < flen + 1 || p.compare(p.size() - flen, flen, field) != 0) continue;
    const char sep = p[p.size() - flen - 1];
    if (sep != '.' && sep != '/') continue;
    if (f.size == 0 || f.size > 8 || f.offset > size || size - f.offset < f.size) continue;
    value = 0;
    std::memcpy(&value, data + f.offset, static_cast<size_t>(f.size));
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Per-thread tallies. Examples carry the file's index in the sorted list so that merging
// keeps the same first examples whichever thread read which file.

struct IndexedExample {
  size_t file;
  ir::Diagnostic where;
};

void keep_example(std::vector<IndexedExample>& v, size_t file, const ir::Diagnostic& d) {
  // Each thread reads its files in increasing order, so its first examples are its smallest.
  if (v.size() < kMaxExamples) v.push_back({file, d});
}

struct Group {
  uint64_t count = 0;
  std::vector<IndexedExample> examples;
};

struct CheckCounts {
  uint64_t evaluated = 0, held = 0, evaluations = 0, failed_evaluations = 0;
  std::vector<IndexedExample> counterexamples;
};

struct Tally {
  uint64_t files = 0;
  std::map<std::string, FormatTally> formats;
  Group unrecognised;
  std::map<std::string, Group> failures;
  std::vector<CheckCounts> checks;  // aligned with the shared check list
  std::vector<FieldTally> fields;   // aligned with the thread's field names
  std::vector<std::string> field_names;
  std::map<std::string, VertexFormatTally> vertex_formats;
  ArchiveCensus archives;
};

void add_value(FieldTally& f, double v) {
  ++f.count;
  if (std::isnan(v)) {
    ++f.nan_count;
    return;
  }
  if (f.count - f.nan_count == 1) {
    f.min = f.max = v;
  } else {
    f.min = std::min(f.min, v);
    f.max = std::max(f.max, v);
  }
  if (v == 0) v = 0;  // -0 and 0 are one value
  auto it = f.values.find(v);
  if (it != f.values.end()) {
    ++it->second;
    return;
  }
  if (f.values.size() >= kMaxTrackedValues) {
    f.capped = true;
    if (v > f.values.rbegin()->first) return;
    f.values.erase(std::prev(f.values.end()));
  }
  f.values.emplace(v, 1);
}

// Merges `b` into `a` keeping only the smallest kMaxTrackedValues values (see FieldTally).
void merge_field(FieldTally& a, const FieldTally& b) {
  if (b.count == 0) return;
  const bool a_has = a.count > a.nan_count, b_has = b.count > b.nan_count;
  if (b_has) {
    a.min = a_has ? std::min(a.min, b.min) : b.min;
    a.max = a_has ? std::max(a.max, b.max) : b.max;
  }
  a.count += b.count;
  a.files += b.files;
  a.nan_count += b.nan_count;
  a.capped = a.capped || b.capped;
  for (const auto& [v, n] : b.values) a.values[v] += n;
  while (a.values.size() > kMaxTrackedValues) {
    a.values.erase(std::prev(a.values.end()));
    a.capped = true;
  }
}

// The check list every thread shares: all_checks() plus, by name, any check a decoder
// evaluates that the catalogue misses (so it still shows up in the report).
struct Catalogue {
  std::vector<const CheckDef*> defs;
  std::unordered_map<const CheckDef*, size_t> index;
};

// ---------------------------------------------------------------------------------------
// The observer: one per thread, gathers one file's outcomes, then folds them into the
// thread's tally. No locks: nothing here is shared but the read-only catalogue.

class CensusObserver final : public DecodeObserver {
 public:
  CensusObserver(const Catalogue& catalogue, Tally& tally)
      : catalogue_(catalogue), tally_(tally), file_checks_(catalogue.defs.size()) {
    tally_.checks.resize(catalogue.defs.size());
  }

  void on_check(const CheckDef& def, bool held, const ir::Diagnostic& where) override {
    const size_t i = check_index(def);
    FileCheck& c = file_checks_[i];
    if (c.evaluations == 0) touched_checks_.push_back(i);
    ++c.evaluations;
    if (!held) {
      if (c.failed == 0) c.first_failure = where;
      ++c.failed;
    }
  }

  void on_field(const char* name, double value) override {
    const size_t i = field_index(name);
    if (!file_fields_[i]) {
      file_fields_[i] = true;
      touched_fields_.push_back(i);
      ++tally_.fields[i].files;
    }
    file_last_[i] = value;
    add_value(tally_.fields[i], value);
  }

  // The last value this file reported for field `name`, if it reported one.
  bool last_value(const std::string& name, double& value) const {
    auto it = field_by_name_.find(name);
    if (it == field_by_name_.end() || !file_fields_[it->second]) return false;
    value = file_last_[it->second];
    return true;
  }

  // Outcome of one check on the current file: not evaluated, held or failed.
  enum class Outcome { NotEvaluated, Held, Failed };
  Outcome outcome(const std::string& name) const {
    for (size_t i : touched_checks_)
      if (name == checks_name(i)) return file_checks_[i].failed ? Outcome::Failed : Outcome::Held;
    return Outcome::NotEvaluated;
  }

  // Folds the current file into the tally and clears the per-file state.
  void finish_file(size_t file) {
    for (size_t i : touched_checks_) {
      FileCheck& c = file_checks_[i];
      CheckCounts& t = tally_.checks[i];
      ++t.evaluated;
      t.evaluations += c.evaluations;
      t.failed_evaluations += c.failed;
      if (c.failed == 0)
        ++t.held;
      else
        keep_example(t.counterexamples, file, c.first_failure);
      c = FileCheck{};
    }
    touched_checks_.clear();
    for (size_t i : touched_fields_) file_fields_[i] = false;
    touched_fields_.clear();
  }

  // Checks missing from the catalogue, by name (merged across threads by name).
  const std::vector<CheckDef>& extra_defs() const { return extra_defs_; }

 private:
  struct FileCheck {
    uint32_t evaluations = 0;
    uint32_t failed = 0;
    ir::Diagnostic first_failure;
  };

  const char* checks_name(size_t i) const {
    return i < catalogue_.defs.size() ? catalogue_.defs[i]->name
                                      : extra_defs_[i - catalogue_.defs.size()].name;
  }

  size_t check_index(const CheckDef& def) {
    auto it = catalogue_.index.find(&def);
    if (it != catalogue_.index.end()) return it->second;
    auto ex = extra_index_.find(&def);
    if (ex != extra_index_.end()) return ex->second;
    // A definition outside the catalogue: the same name is the same check.
    size_t i = 0;
    for (; i < catalogue_.defs.size() + extra_defs_.size(); ++i)
      if (std::strcmp(checks_name(i), def.name) == 0) break;
    if (i == catalogue_.defs.size() + extra_defs_.size()) {
      extra_defs_.push_back(def);
      file_checks_.emplace_back();
      tally_.checks.emplace_back();
    }
    extra_index_[&def] = i;
    return i;
  }

  size_t field_index(const char* name) {
    // Fast path by pointer (decoders pass literals), confirmed by content so a reused
    // buffer can never file a value under the wrong name.
    auto it = field_by_ptr_.find(name);
    if (it != field_by_ptr_.end() && tally_.field_names[it->second] == name) return it->second;
    auto named = field_by_name_.find(name);
    size_t i;
    if (named != field_by_name_.end()) {
      i = named->second;
    } else {
      i = tally_.field_names.size();
      tally_.field_names.emplace_back(name);
      tally_.fields.emplace_back();
      file_fields_.push_back(false);
      file_last_.push_back(0);
      field_by_name_.emplace(name, i);
    }
    if (field_by_ptr_.size() >= 1024) field_by_ptr_.clear();  // bounded, whatever the caller
    field_by_ptr_[name] = i;
    return i;
  }

  const Catalogue& catalogue_;
  Tally& tally_;
  std::vector<FileCheck> file_checks_;
  std::vector<size_t> touched_checks_;
  std::vector<CheckDef> extra_defs_;
  std::unordered_map<const CheckDef*, size_t> extra_index_;
  std::vector<bool> file_fields_;
  std::vector<double> file_last_;
  std::vector<size_t> touched_fields_;
  std::unordered_map<const char*, size_t> field_by_ptr_;
  std::map<std::string, size_t> field_by_name_;
};

struct Worker {
  Tally tally;
  std::vector<CheckDef> extra_defs;
};

void count_failure(Tally& tally, size_t index, const ir::Diagnostic& e) {
  Group& g = tally.failures[e.code];
  ++g.count;
  keep_example(g.examples, index, e);
}

// One mesh's bytes (a file, or a Mesh resource of an archive named `display`): detected,
// strict-read with the observer, tallied. False when it did not read.
// The skeletons of every archive among the inputs, and which install archive each input is.
struct CensusRigs {
  std::optional<install::Install> install;
  install::SkeletonLibrary library;
  std::vector<size_t> archive_of_file;  // install::kNoPlace for a file that is no archive
};

bool census_mesh(const uint8_t* data, size_t size, const std::string& display, size_t index,
                 const DecodeOptions& base, CensusObserver& observer, Tally& tally,
                 const CensusRigs* rigs = nullptr, install::MeshPlace place = {}) {
  const size_t gap = std::min<size_t>(base.payload_offset.value_or(0), size);
  const Result<const Format*> kind = detect(data + gap, size - gap, base.format);
  if (!kind) {
    ++tally.unrecognised.count;
    keep_example(tally.unrecognised.examples, index, kind.error());
    return true;
  }
  DecodeOptions options = base;
  options.observer = &observer;
  options.field_log = nullptr;
  // Forced only when the user forced it: a decoder may check, detected by content, that no
  // other entry's grammar also reads the bytes (as convert's decode does).
  options.format = base.format;
  options.source_path = display;
  options.name = fs::path(display).stem().string();
  const std::string format = (*kind)->name;
  FormatTally& ft = tally.formats[format];
  ++ft.files;

  Result<Decoded> decoded = decode(data, size, options);
  if (decoded) {
    ++ft.read;
    ++ft.layouts[decoded->mesh.source.layout];
    if (decoded->mesh.skin)
      for (const ir::Bone& b : decoded->mesh.skin->bones) {
        ++ft.bones;
        if (!names_in_use(options.names).find(b.name_hash).empty())
          ++ft.bones_resolved;
        else
          ++ft.unresolved[b.name_hash];
      }
    const std::optional<install::PairingSummary> paired =
        rigs ? install::pair_skeleton(decoded->mesh, rigs->library, place) : std::nullopt;
    if (paired)
      ++(paired->matched == paired->bones ? ft.skins_paired
         : paired->matched                ? ft.skins_partly_paired
                                          : ft.skins_unpaired);
  } else {
    ++ft.failed;
    const ir::Diagnostic& e = decoded.error();
    Group& g = tally.failures[e.code];
    ++g.count;
    keep_example(g.examples, index, e);
  }

  // The vertex-format entry, field by field: the value the decoder reported as
  // "<format>.<field>", else the decoded structure's key of that name, else the field log of
  // a second read, which runs only then.
  std::string entry;
  std::vector<uint64_t> values;
  const CensusRule* rule = (*kind)->census.relation ? &(*kind)->census : nullptr;
  std::optional<FieldLog> log;
  for (size_t k = 0; rule && k < rule->fields.size(); ++k) {
    const CensusEntryField& ef = rule->fields[k];
    const char* field = ef.name;
    uint64_t value = 0;
    double reported;
    bool found = false;
    if (observer.last_value(format + "." + field, reported)) {
      found = as_entry_value(reported, value);
    } else if (decoded && value_from_structure(decoded->structure, field, value)) {
      found = true;
    } else {
      if (!log) {
        log.emplace();
        DecodeOptions logged = options;
        logged.observer = nullptr;
        logged.field_log = &*log;
        (void)decode(data, size, logged);
      }
      found = value_from_log(*log, data, size, field, value);
    }
    if (!found) {
      entry.clear();
      break;
    }
    if (!entry.empty()) entry += ", ";
    entry += entry_part(ef, value);
    values.push_back(value);
  }
  if (rule && !entry.empty()) {
    VertexFormatTally& v = tally.vertex_formats[format + " " + entry];
    v.format = format;
    v.entry = entry;
    v.values = values;
    v.relation = rule->relation;
    ++v.meshes;
    if (decoded) ++v.read;
    const auto o = observer.outcome(rule->relation);
    if (o != CensusObserver::Outcome::NotEvaluated) ++v.evaluated;
    if (o == CensusObserver::Outcome::Held) ++v.held;
  }
  observer.finish_file(index);
  return bool(decoded);
}

// An archive: its tables (one unit of the archive relations), then entry by entry (each read
// entry one unit of the entry relations), each Mesh resource read as a mesh is.
io::ItemProgress census_archive(const InputFile& file, size_t index, const DecodeOptions& base,
                                CensusObserver& observer, Tally& tally, const CensusRigs& rigs) {
  ArchiveCensus& ac = tally.archives;
  ++ac.archives;
  ir::Result<install::MappedArchive> a = install::open_archive(file.path, &observer);
  observer.finish_file(index);
  if (!a) {
    count_failure(tally, index, a.error());
    return {0, true};
  }
  ++ac.read;
  for (const ir::Diagnostic& w : a->archive.warnings) ++ac.warnings[w.code];
  bool failed = false;
  const std::vector<std::string> dirs = convert::entry_directories(a->archive);
  install::walk_entries(
      *a,
      [&](install::EntryVisit& v) {
        const size_t i = v.index();
        ++ac.entries;
        if (v.special()) {
          ++ac.entry_status["special"];
          return true;
        }
        const ir::Result<archive::EntryContents>& c = v.contents();
        observer.finish_file(index);
        if (!c) {
          ++ac.entry_status[c.error().code];
          count_failure(tally, index, c.error());
          failed = true;
          return true;
        }
        ++ac.compressions[install::compression_label(a->archive, *c)];
        if (c->data_file) ++ac.forms[archive::describe(c->form)];
        if (c->kind != archive::EntryKind::Resources) {
          ++ac.entry_status[c->kind == archive::EntryKind::CodecMissing ? archive::kOodleCode
                                                                        : "special"];
          return true;
        }
        ++ac.entry_status["ok"];
        for (const ir::Diagnostic& w : c->warnings) ++ac.warnings[w.code];
        const std::vector<std::string> stems = convert::resource_stems(*c);
        const size_t archive = rigs.archive_of_file[index];
        std::optional<install::SkeletonLibrary> entry_rigs;
        if (rigs.install && !install::library_reads_entry(a->archive.entries[i]))
          entry_rigs = install::skeletons_of_entry(*rigs.install, archive, i, *c, file.display);
        for (size_t k = 0; k < c->resources.size(); ++k) {
          const archive::Resource& r = c->resources[k];
          ++ac.classes[install::class_label(r.class_id)];
          if (r.class_id != kMeshClass) continue;
          const install::ResourceBytes rb = install::resource_file_bytes(*c, r);
          DecodeOptions framed = base;
          framed.payload_offset = rb.gap;
          if (!census_mesh(rb.data, rb.size, file.display + ":" + dirs[i] + "/" + stems[k], index,
                           framed, observer, tally, &rigs,
                           install::MeshPlace{archive, i, entry_rigs ? &*entry_rigs : nullptr}))
            failed = true;
        }
        return true;
      },
      &observer);
  return {file.size, failed};
}

io::ItemProgress census_one(const InputFile& file, size_t index, const DecodeOptions& base,
                            CensusObserver& observer, Tally& tally, const CensusRigs& rigs) {
  ++tally.files;
  if (rigs.archive_of_file[index] != install::kNoPlace)
    return census_archive(file, index, base, observer, tally, rigs);
  ir::Result<io::InputBytes> bytes =
      io::read_input_as(file.path, io::kMaxInputBytes, "a mesh", "CENSUS_READ_FAILED");
  if (!bytes) {
    count_failure(tally, index, bytes.error());
    return {0, true};
  }
  const bool read =
      census_mesh(bytes->data(), bytes->size(), file.display, index, base, observer, tally);
  return {bytes->size(), !read};
}

std::vector<Example> named(std::vector<IndexedExample> v, const std::vector<InputFile>& files) {
  std::sort(v.begin(), v.end(),
            [](const IndexedExample& a, const IndexedExample& b) { return a.file < b.file; });
  if (v.size() > kMaxExamples) v.resize(kMaxExamples);
  std::vector<Example> out;
  for (IndexedExample& e : v) out.push_back({files[e.file].display, std::move(e.where)});
  return out;
}

void merge_group(Group& a, const Group& b) {
  a.count += b.count;
  a.examples.insert(a.examples.end(), b.examples.begin(), b.examples.end());
}

const char* severity_name(Severity s) { return s == Severity::Proven ? "Proven" : "Observed"; }

CheckTally words_of(const CheckDef& d) {
  CheckTally t;
  t.name = d.name;
  t.code = d.code;
  t.severity = severity_name(d.severity);
  t.statement = d.statement;
  return t;
}

}  // namespace

void ArchiveCensus::merge(const ArchiveCensus& o) {
  archives += o.archives;
  read += o.read;
  entries += o.entries;
  for (const auto& [k, n] : o.entry_status) entry_status[k] += n;
  for (const auto& [k, n] : o.classes) classes[k] += n;
  for (const auto& [k, n] : o.compressions) compressions[k] += n;
  for (const auto& [k, n] : o.forms) forms[k] += n;
  for (const auto& [k, n] : o.warnings) warnings[k] += n;
}

std::vector<std::pair<uint32_t, uint64_t>> unresolved_by_frequency(const FormatTally& f) {
  std::vector<std::pair<uint32_t, uint64_t>> v(f.unresolved.begin(), f.unresolved.end());
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return v;
}

CensusReport run_census(const std::vector<std::string>& inputs, const DecodeOptions& base,
                        unsigned jobs) {
  return run_census(collect_inputs(inputs), base, jobs);
}

CensusReport run_census(const std::vector<InputFile>& files, const DecodeOptions& base,
                        unsigned jobs) {
  io::PoolOptions pool;
  pool.jobs = jobs;
  return run_census(files, base, pool);
}

CensusReport run_census(const std::vector<InputFile>& files, const DecodeOptions& base,
                        const io::PoolOptions& pool_options) {
  Catalogue catalogue;
  catalogue.defs = all_checks();
  for (size_t i = 0; i < catalogue.defs.size(); ++i) catalogue.index[catalogue.defs[i]] = i;

  const unsigned jobs = io::pool_threads(pool_options.jobs, files.size());

  // Every archive among the inputs as one install: the skeletons skinned meshes pair with.
  CensusRigs rigs;
  rigs.archive_of_file.assign(files.size(), install::kNoPlace);
  std::vector<io::Job> archive_jobs;
  std::vector<size_t> archive_indices;
  for (size_t i = 0; i < files.size(); ++i) {
    if (!install::starts_like_archive(files[i].path)) continue;
    rigs.archive_of_file[i] = archive_jobs.size();
    archive_indices.push_back(archive_jobs.size());
    io::Job job;
    job.input = files[i].path;
    job.display = files[i].display;
    archive_jobs.push_back(std::move(job));
  }
  if (!archive_jobs.empty()) {
    rigs.install =
        install::open_install(archive_jobs, archive_indices, install::IndexDepth::Patches);
    install::add_install_skeletons(*rigs.install, archive_jobs, jobs, rigs.library);
  }

  // The worker pool hands each thread the next file in increasing order; every thread keeps
  // its own tally (and observer), and the tallies are merged once all are done.
  std::vector<Worker> workers(jobs);
  std::vector<std::unique_ptr<CensusObserver>> observers;
  for (Worker& w : workers)
    observers.push_back(std::make_unique<CensusObserver>(catalogue, w.tally));
  std::vector<uint64_t> sizes;
  for (const InputFile& f : files) sizes.push_back(f.size);
  io::PoolOptions pool = pool_options;
  pool.jobs = jobs;
  const io::PoolOutcome outcome = io::run_pool<io::ItemProgress>(
      sizes, pool,
      [&](unsigned w, size_t i) {
        return census_one(files[i], i, base, *observers[w], workers[w].tally, rigs);
      },
      [](size_t, const io::ItemProgress& p) { return p; },
      [](size_t, io::ItemProgress&, const std::function<void()>&) {});
  for (size_t w = 0; w < workers.size(); ++w) workers[w].extra_defs = observers[w]->extra_defs();

  // Merge.
  CensusReport report;
  report.interrupted = outcome.interrupted;
  report.not_started = outcome.not_started;
  Group unrecognised;
  std::map<std::string, Group> failures;
  std::map<std::string, CheckCounts> checks;  // by name
  std::map<std::string, CheckTally> defs;     // by name: the definition's words
  for (const CheckDef* d : catalogue.defs) defs[d->name] = words_of(*d);
  for (Worker& w : workers) {
    Tally& t = w.tally;
    report.files += t.files;
    report.archives.merge(t.archives);
    for (const auto& [name, f] : t.formats) {
      FormatTally& r = report.formats[name];
      r.files += f.files;
      r.read += f.read;
      r.failed += f.failed;
      for (const auto& [layout, n] : f.layouts) r.layouts[layout] += n;
      r.bones += f.bones;
      r.bones_resolved += f.bones_resolved;
      r.skins_paired += f.skins_paired;
      r.skins_partly_paired += f.skins_partly_paired;
      r.skins_unpaired += f.skins_unpaired;
      for (const auto& [hash, n] : f.unresolved) r.unresolved[hash] += n;
    }
    merge_group(unrecognised, t.unrecognised);
    for (const auto& [code, g] : t.failures) merge_group(failures[code], g);
    for (size_t i = 0; i < t.checks.size(); ++i) {
      const bool extra = i >= catalogue.defs.size();
      const CheckDef& d = extra ? w.extra_defs[i - catalogue.defs.size()] : *catalogue.defs[i];
      if (extra && !defs.count(d.name)) {
        CheckTally ct = words_of(d);
        ct.in_catalogue = false;
        defs[d.name] = ct;
      }
      CheckCounts& c = checks[d.name];
      const CheckCounts& s = t.checks[i];
      c.evaluated += s.evaluated;
      c.held += s.held;
      c.evaluations += s.evaluations;
      c.failed_evaluations += s.failed_evaluations;
      c.counterexamples.insert(c.counterexamples.end(), s.counterexamples.begin(),
                               s.counterexamples.end());
    }
    for (size_t i = 0; i < t.fields.size(); ++i)
      merge_field(report.fields[t.field_names[i]], t.fields[i]);
    for (const auto& [key, v] : t.vertex_formats) {
      VertexFormatTally& r = report.vertex_formats[key];
      r.format = v.format;
      r.entry = v.entry;
      r.values = v.values;
      r.relation = v.relation;
      r.meshes += v.meshes;
      r.read += v.read;
      r.evaluated += v.evaluated;
      r.held += v.held;
    }
  }
  report.unrecognised = {unrecognised.count, named(std::move(unrecognised.examples), files)};
  for (auto& [code, g] : failures)
    report.failures[code] = {g.count, named(std::move(g.examples), files)};
  for (auto& [name, d] : defs) {
    CheckTally ct = d;
    auto it = checks.find(name);
    if (it != checks.end()) {
      ct.evaluated = it->second.evaluated;
      ct.held = it->second.held;
      ct.evaluations = it->second.evaluations;
      ct.failed_evaluations = it->second.failed_evaluations;
      ct.counterexamples = named(std::move(it->second.counterexamples), files);
    }
    report.checks.push_back(std::move(ct));  // std::map order: sorted by name
  }
  return report;
}

}  // namespace f2g::census
