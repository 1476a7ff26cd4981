// How every verify form ends (mesh, glb, re-encode, archive re-encode, --against): a failure
// to read on stderr, the report as JSON or text on stdout, exit 0 when the report holds.
#pragma once

#include <ostream>

#include "converter/io/json_text.h"

namespace f2g::verify {

// `Report` has error (an optional Diagnostic) and ok(); to_json and print_text are found by
// argument-dependent lookup.
template <class Report>
int emit_report(const Report& report, bool json, std::ostream& out, std::ostream& err) {
  if (report.error) err << "forge2gltf verify: " << report.error->to_string() << "\n";
  if (json)
    out << io::json_text(to_json(report)) << "\n";
  else
    print_text(report, out);
  return report.ok() ? 0 : 1;
}

}  // namespace f2g::verify
