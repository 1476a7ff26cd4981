// Archive codes: the breaks of tests/support/archive_test_support.h (a sample archive changed
// in one place, or a crafted payload, read whole).
#include "tests/errors/error_catalogue.h"
#include "tests/support/archive_test_support.h"

namespace f2g::catalogue {

void add_archive_inputs(Inputs& in) {
  for (const archive::test::Break& b : archive::test::breaks())
    in.push_back({b.code, b.how, [&b] { return b.run(); }});
}

}  // namespace f2g::catalogue
