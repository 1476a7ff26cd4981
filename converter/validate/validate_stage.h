// `convert --validate` as a stage of the convert run: one validator child for the batch,
// started (or a usage error) before any input is converted, checking each output written in
// this run as its result comes in, and adding its counts to the totals.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "converter/convert/convert_command.h"
#include "converter/validate/gltf_validator.h"

namespace f2g::convert {

class ValidateStage final : public BatchStage {
 public:
  std::optional<std::string> start() override;
  void on_result(FileResult& result, bool progress) override;
  void add_totals(Totals& totals) override;

 private:
  std::unique_ptr<Validator> validator_;
  ValidationTotals totals_;
};

}  // namespace f2g::convert
