#include "converter/verify/verify_report.h"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace f2g::verify {
namespace {

nlohmann::json error_json(const VerifyReport& r) {
  if (!r.error) return nullptr;
  return {{"code", r.error->code},
          {"message", r.error->message},
          {"path", r.error->path},
          {"offset", r.error->offset}};
}

std::string error_text(double e) {
  if (std::isinf(e)) return "inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", e);
  return buf;
}

}  // namespace

nlohmann::json to_json(const VerifyReport& report) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& r : report.rows) {
    rows.push_back({{"attribute", r.attribute},
                    {"compared", r.compared},
                    {"exact", r.exact},
                    {"within_tolerance", r.within_tolerance},
                    {"nearest", r.nearest},
                    {"mismatched", r.mismatched},
                    {"max_error", std::isfinite(r.max_error) ? nlohmann::json(r.max_error)
                                                             : nlohmann::json(nullptr)}});
  }
  nlohmann::json mismatches = nlohmann::json::array();
  for (const Mismatch& m : report.mismatches) {
    mismatches.push_back({{"primitive", m.primitive},
                          {"attribute", m.attribute},
                          {"index_kind", m.index_kind},
                          {"index", m.index},
                          {"expected", m.expected},
                          {"found", m.found}});
  }
  return {{"input", report.input},
          {"output", report.output},
          {"compact", report.compact},
          {"ok", report.ok()},
          {"error", error_json(report)},
          {"rows", std::move(rows)},
          {"mismatches", std::move(mismatches)}};
}

void print_text(const VerifyReport& report, std::ostream& out) {
  out << "verify " << (report.input.empty() ? "(input)" : report.input) << " -> "
      << (report.output.empty() ? "(glb)" : report.output)
      << (report.compact.empty() ? "" : " (" + report.compact + ", expanded)") << ": ";
  if (report.error) {
    out << "FAILED: " << report.error->to_string() << "\n";
    return;
  }
  const uint64_t bad = report.mismatched();
  if (bad == 0)
    out << "OK\n";
  else
    out << "FAILED: " << bad << " mismatched value" << (bad == 1 ? "" : "s") << "\n";

  char line[160];
  std::snprintf(line, sizeof line, "%-22s %10s %10s %10s %8s %10s %10s\n", "attribute", "compared",
                "exact", "within_tol", "nearest", "mismatched", "max_error");
  out << line;
  for (const Row& r : report.rows) {
    std::snprintf(line, sizeof line, "%-22s %10llu %10llu %10llu %8llu %10llu %10s\n",
                  r.attribute.c_str(), static_cast<unsigned long long>(r.compared),
                  static_cast<unsigned long long>(r.exact),
                  static_cast<unsigned long long>(r.within_tolerance),
                  static_cast<unsigned long long>(r.nearest),
                  static_cast<unsigned long long>(r.mismatched), error_text(r.max_error).c_str());
    out << line;
  }
  if (report.mismatches.empty()) return;
  out << "mismatches (first " << kMaxMismatches << " per attribute):\n";
  for (const Mismatch& m : report.mismatches) {
    out << "  ";
    if (m.primitive >= 0) out << "primitive " << m.primitive << " ";
    out << m.attribute << " " << m.index_kind << " " << m.index << ": expected " << m.expected
        << ", found " << m.found << "\n";
  }
}

}  // namespace f2g::verify
