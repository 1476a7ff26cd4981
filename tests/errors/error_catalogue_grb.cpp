// GRB/GRW codes: the breaks of tests/support/grb_test_support.h (a committed sample, one
// field changed, encoded again and decoded), an invalid vertex-format table, and the broken
// Skeleton payloads of tests/support/skeleton_test_support.h.
#include "tests/errors/error_catalogue.h"
#include "tests/support/grb_test_support.h"
#include "tests/support/skeleton_test_support.h"

namespace f2g::catalogue {

void add_grb_inputs(Inputs& in) {
  for (const grb::test::Break& b : grb::test::breaks())
    in.push_back({b.code, "samples/" + b.sample + ".mesh: " + b.how,
                  [&b] { return diagnostics_of(grb::test::run(b)); }});
  for (const grb::test::SkeletonBreak& k : grb::test::skeleton_breaks())
    in.push_back({k.code, "a GRW Skeleton payload: " + k.how, [k] {
                    const std::vector<uint8_t> b = k.bytes();
                    return error_of(grb::read_skeleton(grb::Dialect::Grw, b.data(), b.size()));
                  }});
  in.push_back({"GRB_VERTEX_FORMATS_INVALID", "a GRW table that is not JSON",
                [] { return error_of(grb::parse_vertex_formats("not json", grb::Dialect::Grw)); }});
}

}  // namespace f2g::catalogue
