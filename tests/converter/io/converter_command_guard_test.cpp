// io::run_guarded, main's last resort (docs/errors.md INTERNAL_ERROR): a command's own exit
// code passes through; any exception ends it with the code on stderr and exit 1.
#include <gtest/gtest.h>

#include <new>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "converter/io/command_guard.h"

namespace f2g::io {
namespace {

TEST(CommandGuard, ACommandsExitCodePassesThrough) {
  std::ostringstream err;
  EXPECT_EQ(run_guarded([] { return 0; }, err), 0);
  EXPECT_EQ(run_guarded([] { return 2; }, err), 2);
  EXPECT_EQ(err.str(), "");
}

TEST(CommandGuard, AStdExceptionEndsWithInternalErrorAndExit1) {
  std::ostringstream err;
  EXPECT_EQ(run_guarded([]() -> int { throw std::runtime_error("lost \xE9"); }, err), 1);
  EXPECT_EQ(err.str(), "forge2gltf: unexpected failure: lost \xE9 [INTERNAL_ERROR]\n");
}

TEST(CommandGuard, AJsonTypeErrorAndOutOfMemoryAreCaught) {
  std::ostringstream err;
  EXPECT_EQ(run_guarded(
                [] {
                  return int(nlohmann::json("caf\xE9").dump().size());  // throws type_error 316
                },
                err),
            1);
  EXPECT_NE(err.str().find("[json.exception.type_error.316]"), std::string::npos) << err.str();
  std::ostringstream oom;
  EXPECT_EQ(run_guarded([]() -> int { throw std::bad_alloc(); }, oom), 1);
  EXPECT_NE(oom.str().find("[INTERNAL_ERROR]"), std::string::npos);
}

TEST(CommandGuard, AnythingElseThrownIsCaughtToo) {
  std::ostringstream err;
  EXPECT_EQ(run_guarded([]() -> int { throw 42; }, err), 1);
  EXPECT_EQ(err.str(), "forge2gltf: unexpected failure [INTERNAL_ERROR]\n");
}

}  // namespace
}  // namespace f2g::io
