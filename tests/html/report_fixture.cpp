// f2g_html_fixture OUT INPUT_DIR: what `convert --html` adds to a conversion, through the C++
// API, for the page test: decode every *.mesh under INPUT_DIR (f2g::decode), write its
// thumbnail to OUT/<relative path>.png (where the .glb goes, extension .png), and write
// OUT/index.html with one row per input. Prints the number of rows. Exit 0 unless a file
// could not be written.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "converter/view/html_report.h"
#include "converter/view/thumbnail.h"
#include "formats/registry.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: f2g_html_fixture OUT INPUT_DIR\n");
    return 2;
  }
  const fs::path out = argv[1], in = argv[2];
  std::vector<fs::path> inputs;
  for (const auto& e : fs::recursive_directory_iterator(in))
    if (e.is_regular_file() && e.path().extension() == ".mesh") inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());

  std::vector<f2g::view::ReportRow> rows;
  for (const fs::path& path : inputs) {
    std::ifstream file(path, std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(file), {}};
    const fs::path rel = fs::relative(path, in);
    f2g::DecodeOptions options;
    options.source_path = path.string();
    options.name = path.stem().string();
    const auto decoded = f2g::decode(bytes.data(), bytes.size(), options);
    f2g::view::ReportRow row;
    if (decoded.ok()) {
      row = f2g::view::report_row(decoded->mesh);
      const fs::path png = fs::path(rel).replace_extension(".png");
      if (auto error = f2g::view::write_thumbnail(decoded->mesh, (out / png).string())) {
        std::fprintf(stderr, "%s\n", error->to_string().c_str());
        return 1;
      }
      row.thumbnail = png.generic_string();
      row.glb = fs::path(rel).replace_extension(".glb").generic_string();
      row.status = row.warnings.empty() ? "ok" : "warnings";
    } else {
      row.name = path.stem().string();
      row.status = "failed";
      row.errors.push_back(decoded.error().to_string());
    }
    row.input = (in / rel).lexically_normal().generic_string();
    rows.push_back(std::move(row));
  }
  const auto written = f2g::view::write_html_report(out.string(), rows);
  if (!written.ok()) {
    std::fprintf(stderr, "%s\n", written.error().to_string().c_str());
    return 1;
  }
  std::printf("%zu\n", rows.size());
  return 0;
}
