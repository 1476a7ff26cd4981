#include "converter/inspect/census_command.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "converter/inspect/census.h"
#include "converter/inspect/census_json.h"
#include "converter/inspect/census_markdown.h"
#include "converter/io/atomic_file.h"
#include "converter/io/interrupt.h"
#include "converter/io/json_text.h"

namespace f2g::census {
namespace fs = std::filesystem;

bool write_file_atomically(const std::string& path, const std::string& text, std::string& error) {
  io::AtomicOptions options;
  options.replace = true;  // a census or scan file describes this run; an older one is replaced
  const auto* data = reinterpret_cast<const uint8_t*>(text.data());
  if (auto failed = io::write_atomically({{path, data, text.size()}}, options)) {
    error = failed->message;
    return false;
  }
  return true;
}

std::string census_title(const std::vector<std::string>& inputs) {
  std::vector<std::string> names;
  for (const std::string& i : inputs) {
    std::error_code ec;
    fs::path p = fs::absolute(i, ec).lexically_normal();
    std::string n = p.filename().string();
    if (n.empty()) n = p.parent_path().filename().string();
    if (n.empty() || n == ".") n = i;
    names.push_back(n);
  }
  std::string t = "Census of ";
  for (size_t k = 0; k < names.size(); ++k) {
    if (k) t += k + 1 == names.size() ? " and " : ", ";
    t += names[k];
  }
  return t;
}

int run_census_command(const std::vector<std::string>& inputs, const std::string& json_path,
                       const std::string& markdown_path, const io::PoolOptions& pool,
                       const DecodeOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<std::string> missing;
  const std::vector<InputFile> files = collect_inputs(inputs, &missing);
  int status = 0;
  for (const std::string& m : missing) {
    err << "forge2gltf census: " << m << ": no such file or directory\n";
    status = 1;
  }
  const auto start = std::chrono::steady_clock::now();
  const CensusReport report = run_census(files, options, pool);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (report.interrupted) {
    err << "forge2gltf census: interrupted: " << count_text(report.files) << " of "
        << count_text(files.size()) << " files read; no census written\n";
    return io::interrupted_exit_code();
  }

  std::string error;
  if (!json_path.empty() &&
      !write_file_atomically(json_path, io::json_text(to_json(report)) + "\n", error)) {
    err << "forge2gltf census: " << error << "\n";
    status = 1;
  }
  if (!markdown_path.empty() &&
      !write_file_atomically(markdown_path, to_markdown(report, census_title(inputs)), error)) {
    err << "forge2gltf census: " << error << "\n";
    status = 1;
  }

  // The summary: what read, what failed, which relations broke.
  out << count_text(report.files) << " files";
  for (const auto& [name, f] : report.formats)
    out << "; " << name << ": " << count_text(f.read) << " of " << count_text(f.files)
        << " read to their exact end";
  if (report.unrecognised.count)
    out << "; " << count_text(report.unrecognised.count) << " not recognised";
  char rate[64];
  std::snprintf(rate, sizeof rate, " (%.2f s, %.0f files/s)\n", seconds,
                seconds > 0 ? double(report.files) / seconds : 0.0);
  out << rate;
  if (const ArchiveCensus& a = report.archives; a.archives) {
    out << "  archives: " << count_text(a.archives) << " (" << count_text(a.entries) << " entries:";
    for (const auto& [state, n] : a.entry_status) out << " " << state << " " << count_text(n);
    out << "; resources:";
    for (const auto& [cls, n] : a.classes) out << " " << cls << " " << count_text(n);
    out << ")\n";
  }
  for (const auto& [code, g] : report.failures)
    out << "  " << code << ": " << count_text(g.count) << "\n";
  size_t evaluated = 0, broken = 0;
  for (const CheckTally& c : report.checks) {
    if (c.evaluated) ++evaluated;
    if (c.held != c.evaluated) {
      ++broken;
      out << "  " << c.name << " " << holds_text(c.held, c.evaluated) << "\n";
    }
  }
  out << count_text(report.checks.size()) << " checks, " << count_text(evaluated) << " evaluated, "
      << count_text(broken) << " not holding everywhere\n";
  std::string names;
  for (const auto& [name, f] : report.formats)
    if (f.bones)
      names += (names.empty() ? "" : "; ") + name + ": " + count_text(f.bones_resolved) + " of " +
               count_text(f.bones) + " resolved, " + count_text(f.unresolved.size()) +
               " hashes not";
  if (!names.empty()) out << "bone names: " << names << "\n";
  return status;
}

}  // namespace f2g::census
