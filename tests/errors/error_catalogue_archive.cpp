// Archive codes: the breaks of tests/support/archive_test_support.h (a sample archive changed
// in one place, or a crafted payload, read whole).
#include "tests/errors/error_catalogue.h"
#include "tests/support/archive_test_support.h"

namespace f2g::catalogue {

void add_archive_inputs(Inputs& in) {
  for (const archive::test::Break& b : archive::test::breaks())
    in.push_back({b.code, b.how, [&b] { return b.run(); }});
  in.push_back({"ARCHIVE_RESOURCE_REPEATED",
                "the sample archive's first entry's directory indexed again as another entry", [] {
                  const std::vector<uint8_t> bytes = archive::test::sample("grw/DataPC.forge");
                  const archive::Archive a = archive::test::must_read(bytes);
                  archive::InstallIndex index;
                  index.add_archive("grw", "DataPC.forge");
                  for (size_t entry : {size_t(0), a.entries.size()})
                    index.add_directory(0, entry,
                                        *archive::read_directory(a, bytes.data(), bytes.size(), 0));
                  index.resolve();
                  return index.warnings();
                }});
}

}  // namespace f2g::catalogue
