// import's GRB/GRW rebuild codes: a committed sample as donor, its own IR with one change as
// the incoming mesh (tests/support/grb_rebuild_support.h), rebuilt.
#include "tests/errors/error_catalogue.h"
#include "tests/support/grb_rebuild_support.h"

namespace f2g::catalogue {

void add_grb_rebuild_inputs(Inputs& in) {
  for (const grb::test::ImportBreak& b : grb::test::import_breaks())
    in.push_back({b.code, "samples/" + b.sample + ".mesh as donor, its IR with " + b.how,
                  [&b] { return grb::test::run(b); }});
}

}  // namespace f2g::catalogue
