// `convert --validate` codes (converter/validate/gltf_validator.cpp,
// converter/io/child_process.cpp): real situations where they are cheap (a validator directory
// without the package, a program that does not exist, a validator child that dies, a broken glb
// given to the real Khronos glTF-Validator of tests/validator, as converter_validator_test.cpp uses
// it), run through the calls the CLI makes (find_validator, Validator::start / validate,
// validation_problem). The real validator needs node and `npm ci --prefix tests/validator`
// (scripts/test installs both); without them its input fails showing VALIDATOR_UNAVAILABLE and why.
#include <sys/stat.h>

#include <chrono>
#include <string>

#include "converter/io/child_process.h"
#include "converter/validate/gltf_validator.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

namespace fs = std::filesystem;
using convert::ValidationCounts;
using convert::Validator;
using ir::Diagnostic;

std::vector<Diagnostic> optional_error(const std::optional<Diagnostic>& e) {
  return e ? std::vector<Diagnostic>{*e} : std::vector<Diagnostic>{};
}

// A fake `node`: a shell script speaking the child's protocol
// (converter/validate/gltf_validator.mjs).
std::string fake_node(const fs::path& dir, const std::string& body) {
  const fs::path p = dir / "node";
  const std::string text = "#!/bin/sh\n" + body;
  write_bytes(p, std::vector<uint8_t>(text.begin(), text.end()));
  ::chmod(p.c_str(), 0755);
  return p.string();
}

// The validator's verdict on `glb` (written to `dir`), as the CLI prints it, or the error
// that kept the validator from starting.
std::vector<Diagnostic> validate_with_the_real_validator(const fs::path& dir,
                                                         const std::vector<uint8_t>& glb) {
  convert::ValidatorSearch search = convert::default_validator_search();  // FORGE2GLTF_NODE
  search.dir = source_path("tests/validator");
  ir::Result<convert::ValidatorSetup> setup = convert::find_validator(search);
  if (!setup) return {setup.error()};
  ir::Result<std::unique_ptr<Validator>> v = Validator::start(*setup, std::chrono::seconds(30));
  if (!v) return {v.error()};
  const fs::path path = dir / "broken.glb";
  write_bytes(path, glb);
  return optional_error(convert::validation_problem((*v)->validate(path.string())));
}

}  // namespace

void add_validator_inputs(Inputs& in) {
  in.push_back({"VALIDATOR_UNAVAILABLE",
                "FORGE2GLTF_VALIDATOR_DIR naming a directory without node_modules/gltf-validator",
                [] {
                  const fs::path d = fresh_dir("validator_unavailable");
                  convert::ValidatorSearch search;
                  search.dir = d.string();
                  return error_of(convert::find_validator(search));
                }});
  in.push_back({"CHILD_START_FAILED", "starting a program that does not exist", [] {
                  const fs::path d = fresh_dir("child_start_failed");
                  return error_of(io::ChildProcess::start({(d / "no_such_program").string()}));
                }});
  in.push_back({"GLTF_VALIDATOR_PROTOCOL", "a validator answer line that is not JSON",
                [] { return error_of(convert::parse_validator_answer("not json")); }});
  in.push_back(
      {"GLTF_NOT_VALIDATED", "a validator child (fake node) that dies on its first output", [] {
         const fs::path d = fresh_dir("gltf_not_validated");
         const std::string node =
             fake_node(d,
                       "printf '%s\\n' '{\"ready\":true,\"version\":\"fake\"}'\n"
                       "read line\necho 'validator crashed' >&2\nexit 7\n");
         ir::Result<std::unique_ptr<Validator>> v =
             Validator::start({node, "/nowhere"}, std::chrono::seconds(10));
         if (!v) return std::vector<Diagnostic>{v.error()};
         return optional_error(convert::validation_problem((*v)->validate((d / "x.glb").string())));
       }});
  in.push_back(
      {"GLTF_VALIDATOR_ERRORS", "the real glTF-Validator on a sample's glb cut 16 bytes short", [] {
         const fs::path d = fresh_dir("gltf_validator_errors");
         const std::vector<uint8_t> mesh =
             read_bytes(source_path("samples/sws/static_materials.mesh"));
         Result<Decoded> decoded = decode(mesh.data(), mesh.size(), {});
         if (!decoded) return std::vector<Diagnostic>{decoded.error()};
         ir::Result<gltf::Written> written = gltf::write(decoded->mesh);
         if (!written) return std::vector<Diagnostic>{written.error()};
         std::vector<uint8_t> glb = written->glb;
         glb.resize(glb.size() - 16);  // the BIN chunk ends before its stated length
         return validate_with_the_real_validator(d, glb);
       }});
}

}  // namespace f2g::catalogue
