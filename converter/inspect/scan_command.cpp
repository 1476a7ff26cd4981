#include "converter/inspect/scan_command.h"

#include <cstdio>
#include <filesystem>

#include "converter/inspect/census_command.h"
#include "converter/inspect/census_markdown.h"
#include "converter/io/json_text.h"

namespace f2g::scan {
namespace {

using nlohmann::json;

std::string hexs(uint64_t v, int digits) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%0*llX", digits, static_cast<unsigned long long>(v));
  return b;
}

// Object ids as the format writes its ids (Format::id_hex_digits).
std::string id_text(const Found& f) { return hexs(f.object_id, f.id_hex_digits); }

}  // namespace

json to_json(const ScanReport& r, const std::vector<std::string>& extracted) {
  json meshes = json::array();
  for (size_t i = 0; i < r.meshes.size(); ++i) {
    const Found& f = r.meshes[i];
    json m = {{"offset", f.offset},      {"length", f.length},
              {"format", f.format},      {"layout", f.layout},
              {"object_id", id_text(f)}, {"signature", to_string(f.signature)}};
    if (!f.name.empty()) m["name"] = f.name;
    if (i < extracted.size()) m["extracted"] = extracted[i];
    meshes.push_back(m);
  }
  json failed = json::array();
  for (const Failed& f : r.failed)
    failed.push_back({{"offset", f.offset},
                      {"signature", to_string(f.signature)},
                      {"code", f.error.code},
                      {"path", f.error.path},
                      {"error_offset", f.error.offset},
                      {"message", f.error.message}});
  json dropped = json::array();
  for (const Dropped& d : r.dropped)
    dropped.push_back({{"offset", d.offset},
                       {"signature", to_string(d.signature)},
                       {"inside", d.inside},
                       {"decoded", d.decoded}});
  json j = {{"file", r.path},         {"size", r.size},       {"meshes", meshes},
            {"failed", failed},       {"dropped", dropped},   {"candidates", r.candidates},
            {"rejected", r.rejected}, {"decodes", r.decodes}, {"not_tried", r.not_tried}};
  if (r.error) j["error"] = {{"code", r.error->code}, {"message", r.error->message}};
  return j;
}

void print_table(const ScanReport& r, std::ostream& out) {
  using census::count_text;
  if (r.error) {
    out << r.path << ": " << r.error->message << " [" << r.error->code << "]\n";
    return;
  }
  out << r.path << ": " << count_text(r.meshes.size())
      << (r.meshes.size() == 1 ? " mesh" : " meshes") << ", " << count_text(r.failed.size())
      << " failed, " << count_text(r.dropped.size()) << " dropped (" << count_text(r.size)
      << " bytes, " << count_text(r.candidates) << " candidates, " << count_text(r.decodes)
      << " strict reads";
  if (r.not_tried) out << ", " << count_text(r.not_tried) << " not tried";
  out << ")\n";
  char line[256];
  if (!r.meshes.empty()) {
    std::snprintf(line, sizeof line, "  %-12s %10s  %-6s %-9s %-10s %s\n", "offset", "length",
                  "format", "layout", "signature", "object id");
    out << line;
  }
  for (const Found& f : r.meshes) {
    std::snprintf(line, sizeof line, "  %-12s %10llu  %-6s %-9s %-10s %s\n",
                  hexs(f.offset, 8).c_str(), static_cast<unsigned long long>(f.length),
                  f.format.c_str(), f.layout.c_str(), to_string(f.signature), id_text(f).c_str());
    out << line;
    if (!f.name.empty()) out << "  " << std::string(12, ' ') << " name " << f.name << "\n";
  }
  for (const Failed& f : r.failed)
    out << "  failed " << hexs(f.offset, 8) << " " << to_string(f.signature) << ": "
        << f.error.to_string() << "\n";
  // Candidates inside a mesh are routine (a resource header and the bare body behind it): counted
  // here, listed in the JSON. Candidates that lost at a mesh's own offset are listed.
  uint64_t inside = 0;
  for (const Dropped& d : r.dropped) {
    if (!d.decoded) {
      ++inside;
      continue;
    }
    const char* winner = "?";
    for (const Found& f : r.meshes)
      if (f.offset == d.inside) winner = to_string(f.signature);
    out << "  dropped " << hexs(d.offset, 8) << " " << to_string(d.signature) << ": the " << winner
        << " reading at the same offset wins\n";
  }
  if (inside)
    out << "  " << count_text(inside) << (inside == 1 ? " candidate" : " candidates")
        << " inside found meshes not read\n";
}

std::vector<std::string> extract(const ScanReport& r, const std::string& dir, std::ostream& err) {
  std::vector<std::string> written;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::vector<std::string> names = extract_names(r);
  for (size_t i = 0; i < r.meshes.size(); ++i) {
    const Found& f = r.meshes[i];
    const std::string target = (std::filesystem::path(dir) / names[i]).string();
    ir::Result<std::vector<uint8_t>> bytes = read_found(r.path, f);
    std::string error;
    if (!bytes) {
      err << "forge2gltf scan: " << bytes.error().message << "\n";
      written.emplace_back();
      continue;
    }
    const std::string text(bytes->begin(), bytes->end());
    if (!census::write_file_atomically(target, text, error)) {
      err << "forge2gltf scan: " << error << "\n";
      written.emplace_back();
      continue;
    }
    written.push_back(target);
  }
  return written;
}

int run_scan_command(const std::vector<std::string>& files, const std::string& extract_dir,
                     const std::string& json_path, const DecodeOptions& options, std::ostream& out,
                     std::ostream& err) {
  int status = 0;
  json all = json::array();
  for (const std::string& path : files) {
    const ScanReport r = scan_file(path, options);
    if (r.error) {
      err << "forge2gltf scan: " << r.error->message << "\n";
      status = 1;
    }
    std::vector<std::string> written;
    if (!extract_dir.empty() && !r.error) {
      written = extract(r, extract_dir, err);
      for (const std::string& w : written)
        if (w.empty()) status = 1;
    }
    print_table(r, out);
    for (const std::string& w : written)
      if (!w.empty()) out << "  extracted " << w << "\n";
    all.push_back(to_json(r, written));
  }
  if (!json_path.empty()) {
    std::string error;
    if (!census::write_file_atomically(json_path, io::json_text(json{{"files", all}}) + "\n",
                                       error)) {
      err << "forge2gltf scan: " << error << "\n";
      status = 1;
    }
  }
  return status;
}

}  // namespace f2g::scan
