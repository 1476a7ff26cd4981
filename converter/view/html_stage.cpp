#include "converter/view/html_stage.h"

#include "converter/view/thumbnail.h"

namespace f2g::view {

void HtmlStage::on_result(convert::FileResult& result, bool) {
  rows_.push_back(report_row(result, out_));
}

std::optional<std::string> HtmlStage::finish() {
  ir::Result<std::string> page = write_html_report(out_.string(), rows_);
  if (page) return std::nullopt;
  return convert::failure_line((out_ / "index.html").string(), page.error());
}

convert::WrittenHook thumbnail_hook() {
  return [](const ir::Mesh& mesh, const std::string& primary) {
    return write_thumbnail(mesh, thumbnail_path_for(primary).string());
  };
}

}  // namespace f2g::view
