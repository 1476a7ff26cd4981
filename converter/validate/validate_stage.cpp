#include "converter/validate/validate_stage.h"

#include <cstdio>

namespace f2g::convert {

std::optional<std::string> ValidateStage::start() {
  ir::Result<ValidatorSetup> setup = find_validator(default_validator_search());
  if (!setup) return setup.error().message;
  ir::Result<std::unique_ptr<Validator>> started = Validator::start(*setup);
  if (!started) return started.error().message;
  validator_ = std::move(*started);
  totals_.validator = validator_->version();
  return std::nullopt;
}

void ValidateStage::on_result(FileResult& result, bool progress) {
  if (!validator_ || result.status != Status::Converted) return;
  const bool stopped_before = validator_->stopped();
  result.validation = validator_->validate(result.output);
  add_validation(totals_, *result.validation);
  auto problem = validation_problem(*result.validation);
  if (problem && !stopped_before) {  // once for a stopped validator, not per output
    if (progress) std::fputs("\r\x1b[K", stderr);
    std::fprintf(stderr, "%s\n", failure_line(result.output, *problem).c_str());
  }
}

// The batch counted the results before this stage validated them.
void ValidateStage::add_totals(Totals& totals) { totals.validation = totals_; }

}  // namespace f2g::convert
