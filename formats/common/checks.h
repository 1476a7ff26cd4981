// Named relations of the spec, one definition each, shared by decoders (which raise errors
// or warnings) and the census (which counts them), so the two can never disagree.
// Proven relations are errors, Observed ones warnings (the spec's confidence words).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/reader.h"
#include "ir/diagnostic.h"

namespace f2g {

// The spec's confidence word: a broken Proven relation is an error, a broken Observed one a
// warning.
enum class Severity { Proven, Observed };

struct CheckDef {
  const char* name;  // stable: "sws.total_equals_streams_indices_ranges"
  const char* code;  // diagnostic code when it fails: "SWS_TOTAL_MISMATCH"
  Severity severity;
  const char* statement;  // the relation in the spec's words
};

// Receives every check outcome and every Unknown/Observed field value a decoder meets.
// Decoders call it only when one is attached: no cost otherwise.
class DecodeObserver {
 public:
  virtual ~DecodeObserver() = default;
  virtual void on_check(const CheckDef& def, bool held, const ir::Diagnostic& where) = 0;
  // A stored value whose meaning is Unknown or Observed ("sws.category", "rr.descriptor_mask").
  virtual void on_field(const char* name, double value) = 0;
};

// Evaluates checks for one decode: notifies the observer, throws DecodeFailure for a broken
// Error-severity relation, appends a warning for a broken Warning-severity one.
class Checker {
 public:
  Checker(const Reader& reader, std::vector<ir::Diagnostic>& warnings, DecodeObserver* observer)
      : reader_(reader), warnings_(warnings), observer_(observer) {}

  // `message` is built only when needed; `path`/`offset` locate the field checked.
  template <class MakeMessage>
  bool check(const CheckDef& def, bool held, const std::string& path, uint64_t offset,
             MakeMessage&& make_message) {
    if (held && !observer_) return true;
    ir::Diagnostic d{def.code, held ? std::string() : std::string(make_message()), path, offset};
    if (observer_) observer_->on_check(def, held, d);
    if (held) return true;
    if (def.severity == Severity::Proven) throw DecodeFailure(std::move(d));
    warnings_.push_back(std::move(d));
    return false;
  }
  void field(const char* name, double value) {
    if (observer_) observer_->on_field(name, value);
  }
  const Reader& reader() const { return reader_; }
  std::vector<ir::Diagnostic>& warnings() { return warnings_; }
  DecodeObserver* observer() const { return observer_; }

 private:
  const Reader& reader_;
  std::vector<ir::Diagnostic>& warnings_;
  DecodeObserver* observer_;
};

// Every check of every format, for the census and the error catalogue.
std::vector<const CheckDef*> all_checks();

}  // namespace f2g
