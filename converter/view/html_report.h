// The browsable report: OUT/index.html, one row per input mesh, with its thumbnail, counts,
// status, warnings and errors and a link to its .glb. Self-contained (inline CSS + JS, no
// network, no external files besides the thumbnails and .glb files it links), sortable by
// any column and filterable by status, format and name; usable with tens of thousands of rows.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "converter/convert/file_result.h"
#include "ir/mesh.h"
#include "ir/result.h"

namespace f2g::view {

struct ReportRow {
  std::string name;
  std::string input;      // the input path as the user gave it
  std::string glb;        // relative to OUT, '/'-separated; empty when nothing was written
  std::string thumbnail;  // relative to OUT, '/'-separated; may be empty
  std::string format;     // the registry entry's name, or empty when detection failed
  std::string layout;     // "compiled", "ranged", "inline", or empty
  std::string status;     // e.g. "ok", "warnings", "failed"
  uint64_t vertices = 0, triangles = 0, primitives = 0, bones = 0, targets = 0;
  std::vector<std::string> warnings, errors;
};

// The mesh-derived fields of a row: name, format, layout, the five counts and the mesh's
// warnings (Diagnostic::to_string). The caller sets input, glb, thumbnail, status, errors.
ReportRow report_row(const ir::Mesh& mesh);

// The row of one `convert` result: name = the input's stem, input, glb = output relative to
// OUT, thumbnail = thumbnail_path_for(output) relative to OUT when that file exists, format,
// layout, status = to_string(status), the counts, warnings (a skip's reason first, as
// "skipped: <reason>"), errors (the failure, Diagnostic::to_string).
ReportRow report_row(const convert::FileResult& result, const std::filesystem::path& out_dir);

// The complete page for these rows (what write_html_report writes).
std::string render_html_report(const std::vector<ReportRow>& rows);

// Writes OUT/index.html atomically (convert::write_atomically, replacing an older report; OUT
// created when missing) and returns its path, or the error (OUTPUT_WRITE_FAILED).
ir::Result<std::string> write_html_report(const std::string& out_dir,
                                          const std::vector<ReportRow>& rows);

}  // namespace f2g::view
