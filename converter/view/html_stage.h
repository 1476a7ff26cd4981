// `convert --html` as a stage of the convert run: one small row per input (no mesh data),
// then OUT/index.html once the report is finished. The thumbnails themselves are written by
// the convert room's WrittenHook (see thumbnail_hook).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "converter/convert/convert.h"
#include "converter/convert/convert_command.h"
#include "converter/view/html_report.h"

namespace f2g::view {

class HtmlStage final : public convert::BatchStage {
 public:
  explicit HtmlStage(std::filesystem::path out) : out_(std::move(out)) {}
  void on_result(convert::FileResult& result, bool progress) override;
  std::optional<std::string> finish() override;

 private:
  std::filesystem::path out_;
  std::vector<ReportRow> rows_;
};

// The hook that writes a PNG thumbnail next to each output (thumbnail_path_for).
convert::WrittenHook thumbnail_hook();

}  // namespace f2g::view
