// OUT/index.html: rows rendered here as static HTML (readable without JS); the inline
// script only sorts and filters.
#include "converter/view/html_report.h"

#include <cctype>
#include <filesystem>
#include <map>

#include "converter/io/atomic_file.h"
#include "converter/view/thumbnail.h"

// The page's style and script, embedded from report.css and report.js at build time.
extern const char f2g_report_css[];
extern const char f2g_report_js[];

namespace f2g::view {
namespace {

// Text and attribute values. ':' is escaped too, so no text the input controls (a mesh name,
// a path, a message) can read as a URL scheme such as "http://" in the page source.
std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case ':':
        out += "&#58;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A relative link: every byte but unreserved characters and '/' percent-encoded, so a path
// can hold '#', '?', ':' or spaces and still name the file; a leading '/' is dropped so the
// link always stays inside OUT (never absolute, never "//host").
std::string url(const std::string& path) {
  static const char* hexdigits = "0123456789ABCDEF";
  size_t start = path.find_first_not_of('/');
  if (start == std::string::npos) return "";
  std::string out;
  for (size_t i = start; i < path.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(path[i]);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += char(c);
    } else {
      out += '%';
      out += hexdigits[c >> 4];
      out += hexdigits[c & 15];
    }
  }
  return out;
}

// A CSS class from a status word: lower-case letters, digits and '-' only.
std::string status_class(const std::string& status) {
  std::string out = "st-";
  for (char c : status)
    out += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '-';
  return out;
}

void render_list(std::string& out, const char* cls, const char* noun,
                 const std::vector<std::string>& items) {
  if (items.empty()) return;
  out += "<details class=\"";
  out += cls;
  out += "\"><summary>" + std::to_string(items.size()) + " " + noun +
         (items.size() == 1 ? "" : "s") + "</summary><ul>";
  for (const std::string& item : items) out += "<li>" + esc(item) + "</li>";
  out += "</ul></details>";
}

// Rows past the first page start hidden, so the browser lays out one page while it loads
// (the script's paging takes over from there).
constexpr size_t kFirstPage = 500;

void render_row(std::string& out, const ReportRow& r, bool hidden) {
  out += "<tr data-name=\"" + esc(r.name) + "\" data-input=\"" + esc(r.input) +
         "\" data-status=\"" + esc(r.status) + "\" data-format=\"" + esc(r.format) + "\"" +
         (hidden ? " hidden>" : ">");
  out += "<td class=\"thumb\">";
  if (!r.thumbnail.empty())
    out += "<a href=\"" + url(r.thumbnail) +
           "\"><img loading=\"lazy\" width=\"96\" height=\"96\" " + "alt=\"\" src=\"" +
           url(r.thumbnail) + "\"></a>";
  else
    out += "<div class=\"none\"></div>";
  out += "</td><td class=\"namecell\"><div class=\"name\">" + esc(r.name) +
         "</div><div class=\"input\">" + esc(r.input) + "</div></td>";
  out += "<td>" + esc(r.format) + "</td><td>" + esc(r.layout) + "</td>";
  for (uint64_t n : {r.vertices, r.triangles, r.primitives, r.bones, r.targets})
    out += "<td class=\"num\" data-v=\"" + std::to_string(n) + "\">" + std::to_string(n) + "</td>";
  out +=
      "<td><span class=\"status " + status_class(r.status) + "\">" + esc(r.status) + "</span></td>";
  out += "<td data-v=\"" + std::to_string(r.warnings.size()) + "\">";
  render_list(out, "warnings", "warning", r.warnings);
  out += "</td><td data-v=\"" + std::to_string(r.errors.size()) + "\">";
  render_list(out, "errors", "error", r.errors);
  out += "</td><td>";
  if (!r.glb.empty()) out += "<a href=\"" + url(r.glb) + "\">" + esc(r.glb) + "</a>";
  out += "</td></tr>\n";
}

void render_options(std::string& out, const char* id, const char* label,
                    const std::map<std::string, size_t>& counts) {
  out += "<label>";
  out += label;
  out += " <select id=\"";
  out += id;
  out += "\"><option value=\"\">all</option>";
  for (const auto& [value, n] : counts)
    out += "<option value=\"" + esc(value) + "\">" + esc(value.empty() ? "(none)" : value) + " (" +
           std::to_string(n) + ")</option>";
  out += "</select></label>";
}

}  // namespace

ReportRow report_row(const ir::Mesh& mesh) {
  ReportRow r;
  r.name = mesh.name;
  r.format = mesh.source.format;
  r.layout = mesh.source.layout;
  r.vertices = mesh.vertex_count;
  for (const ir::Primitive& p : mesh.primitives) r.triangles += p.index_count / 3;
  if (mesh.primitives.empty()) r.triangles = mesh.indices.size() / 3;
  r.primitives = mesh.primitives.size();
  r.bones = mesh.skin ? mesh.skin->bones.size() : 0;
  r.targets = mesh.morph_targets.size();
  for (const ir::Diagnostic& w : mesh.warnings) r.warnings.push_back(w.to_string());
  return r;
}

ReportRow report_row(const convert::FileResult& result, const std::filesystem::path& out_dir) {
  namespace fs = std::filesystem;
  ReportRow r;
  r.input = result.input;
  r.name = fs::path(result.input).stem().string();
  // Both made absolute and normal, so "out", "out/" and "./out" name the same folder.
  std::error_code ec;
  const fs::path base = fs::absolute(out_dir, ec).lexically_normal();
  auto relative = [&](const fs::path& p) {
    return fs::absolute(p, ec).lexically_normal().lexically_relative(base).generic_string();
  };
  if (!result.output.empty()) {
    r.glb = relative(result.output);
    const fs::path png = thumbnail_path_for(result.output);
    if (fs::is_regular_file(png, ec)) r.thumbnail = relative(png);
  }
  r.format = result.format;
  r.layout = result.layout;
  r.status = convert::to_string(result.status);
  r.vertices = result.counts.vertices;
  r.triangles = result.counts.triangles;
  r.primitives = result.counts.primitives;
  r.bones = result.counts.bones;
  r.targets = result.counts.targets;
  if (!result.reason.empty()) r.warnings.push_back("skipped: " + result.reason);
  for (const ir::Diagnostic& w : result.warnings) r.warnings.push_back(w.to_string());
  if (result.error) r.errors.push_back(result.error->to_string());
  return r;
}

std::string render_html_report(const std::vector<ReportRow>& rows) {
  std::map<std::string, size_t> statuses, formats;
  uint64_t vertices = 0, triangles = 0, warnings = 0;
  for (const ReportRow& r : rows) {
    ++statuses[r.status];
    ++formats[r.format];
    vertices += r.vertices;
    triangles += r.triangles;
    warnings += r.warnings.size();
  }
  std::string out;
  out.reserve(4096 + rows.size() * 900);
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' "
      "data&#58; file&#58;; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>forge2gltf report</title>\n<style>";
  out += "\n";  // the page as it was when the style sat in a raw string
  out += f2g_report_css;
  out += "</style></head>\n<body>\n<header><h1>forge2gltf report</h1><div class=\"summary\">";
  out += "<span><b>" + std::to_string(rows.size()) + "</b> mesh" + (rows.size() == 1 ? "" : "es") +
         "</span>";
  for (const auto& [status, n] : statuses)
    out += "<span>" + esc(status.empty() ? "(none)" : status) + " <b>" + std::to_string(n) +
           "</b></span>";
  out += "<span><b>" + std::to_string(vertices) + "</b> vertices</span><span><b>" +
         std::to_string(triangles) + "</b> triangles</span><span><b>" + std::to_string(warnings) +
         "</b> warning" + (warnings == 1 ? "" : "s") + "</span></div>\n<div class=\"controls\">";
  render_options(out, "f-status", "Status", statuses);
  render_options(out, "f-format", "Format", formats);
  out +=
      "<input type=\"search\" id=\"f-text\" placeholder=\"Filter by name or path\">"
      "<label>Rows per page <select id=\"f-page\"><option>100</option>"
      "<option selected>500</option><option>2000</option><option value=\"all\">all</option>"
      "</select></label><button id=\"prev\" type=\"button\">&#8249; Prev</button>"
      "<button id=\"next\" type=\"button\">Next &#8250;</button>"
      "<span id=\"shown\"></span></div></header>\n";
  out +=
      "<table id=\"meshes\"><thead><tr><th>Thumbnail</th>"
      "<th class=\"sortable\">Name</th><th class=\"sortable\">Format</th>"
      "<th class=\"sortable\">Layout</th>"
      "<th class=\"sortable\" data-type=\"num\">Vertices</th>"
      "<th class=\"sortable\" data-type=\"num\">Triangles</th>"
      "<th class=\"sortable\" data-type=\"num\">Primitives</th>"
      "<th class=\"sortable\" data-type=\"num\">Bones</th>"
      "<th class=\"sortable\" data-type=\"num\">Targets</th>"
      "<th class=\"sortable\">Status</th>"
      "<th class=\"sortable\" data-type=\"num\">Warnings</th>"
      "<th class=\"sortable\" data-type=\"num\">Errors</th>"
      "<th class=\"sortable\">glTF</th></tr></thead>\n<tbody>\n";
  for (size_t i = 0; i < rows.size(); ++i) render_row(out, rows[i], i >= kFirstPage);
  out += "</tbody></table>\n<script>";
  // Paging keeps the browser fast on a whole install: only one page of rows is laid out, the
  // others are display:none. Sorting and filtering work on every row.
  out += "\n";
  out += f2g_report_js;
  out += "</script>\n</body></html>\n";
  return out;
}

ir::Result<std::string> write_html_report(const std::string& out_dir,
                                          const std::vector<ReportRow>& rows) {
  const std::string html = render_html_report(rows);
  const std::filesystem::path target = std::filesystem::path(out_dir) / "index.html";
  io::AtomicOptions replace;
  replace.replace = true;  // the report describes this run; an older one is replaced
  const auto* bytes = reinterpret_cast<const uint8_t*>(html.data());
  if (auto error = io::write_atomically({{target, bytes, html.size()}}, replace)) return *error;
  return target.string();
}

}  // namespace f2g::view
