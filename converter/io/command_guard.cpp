#include "converter/io/command_guard.h"

#include <exception>
#include <string>

namespace f2g::io {

namespace {

int failed(const std::string& what, std::ostream& err) {
  err << "forge2gltf: unexpected failure" << what << " [INTERNAL_ERROR]\n";
  err.flush();
  return kExitCommandFailed;
}

}  // namespace

int run_guarded(const std::function<int()>& command, std::ostream& err) {
  try {
    return command();
  } catch (const std::exception& e) {
    return failed(std::string(": ") + e.what(), err);
  } catch (...) {
    return failed("", err);
  }
}

}  // namespace f2g::io
