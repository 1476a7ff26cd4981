// GRB/GRW codes: the breaks of tests/support/grb_test_support.h (a committed sample, one
// field changed, encoded again and decoded), and an invalid vertex-format table.
#include "tests/errors/error_catalogue.h"
#include "tests/support/grb_test_support.h"

namespace f2g::catalogue {

void add_grb_inputs(Inputs& in) {
  for (const grb::test::Break& b : grb::test::breaks())
    in.push_back({b.code, "samples/" + b.sample + ".mesh: " + b.how,
                  [&b] { return diagnostics_of(grb::test::run(b)); }});
  in.push_back({"GRB_VERTEX_FORMATS_INVALID", "a GRW table that is not JSON",
                [] { return error_of(grb::parse_vertex_formats("not json", grb::Dialect::Grw)); }});
}

}  // namespace f2g::catalogue
