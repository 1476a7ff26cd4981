// The error catalogue's inputs: for every code of docs/errors.md, one way of producing it
// from outside the code that emits it (a mutated sample, a synthetic IR given to the writer,
// a converter situation), run on demand by error_catalogue_test.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "ir/diagnostic.h"
#include "ir/result.h"

namespace f2g::catalogue {

// One input: the code it must produce, how (one line, printed when it does not), and a run
// that returns every diagnostic the tool emitted for it: its error, if any, then warnings.
struct Input {
  std::string code;
  std::string how;
  std::function<std::vector<ir::Diagnostic>()> run;
};
using Inputs = std::vector<Input>;

// Each room's inputs (error_catalogue_<room>.cpp).
// Every game's: add_<game>_inputs and add_<game>_rebuild_inputs (error_catalogue_<game>.cpp,
// error_catalogue_<game>_rebuild.cpp), called in the game list's order by the game_inputs.cpp
// that tests/errors/tests.cmake writes.
void add_game_inputs(Inputs& inputs);
void add_incoming_inputs(Inputs& inputs);  // the codes every rebuild shares, per format
void add_archive_inputs(Inputs& inputs);   // forge archives
void add_gltf_inputs(Inputs& inputs);
void add_converter_inputs(Inputs& inputs);
void add_validator_inputs(Inputs& inputs);  // convert --validate
void add_import_inputs(Inputs& inputs);
void add_texture_inputs(Inputs& inputs);  // materials and textures followed by convert

// All of them, built once.
const Inputs& all_inputs();

// Shared helpers.
std::string source_path(const std::string& relative);  // F2G_SOURCE_DIR/relative
std::vector<uint8_t> read_bytes(const std::filesystem::path& path);
void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes);
// A fresh, empty directory for one input, under one per-process root removed at exit.
std::filesystem::path fresh_dir(const std::string& name);
// The error of a failed decode, or the warnings of a successful one.
std::vector<ir::Diagnostic> diagnostics_of(const Result<Decoded>& decoded);
// The error of a failed call, or nothing.
template <class T>
std::vector<ir::Diagnostic> error_of(const ir::Result<T>& result) {
  return result ? std::vector<ir::Diagnostic>{} : std::vector<ir::Diagnostic>{result.error()};
}

}  // namespace f2g::catalogue
