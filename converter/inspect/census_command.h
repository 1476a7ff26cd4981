// `forge2gltf census INPUT... [--json FILE] [--markdown FILE] [--jobs N]`: the census run
// for the CLI (main.cpp parses the arguments; this prints and writes).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "converter/io/worker_pool.h"
#include "formats/common/decode.h"

namespace f2g::census {

// Runs the census, writes the JSON and/or Markdown files (each to a temporary name then
// renamed; empty path = not written) and prints a short summary to `out`. Returns 0 when
// every input existed and every output was written (meshes that fail to read are what a
// census counts, not an error of the run), 1 otherwise. Runs on the worker pool (`pool`: jobs,
// progress line, stop flag); a run stopped by `pool.stop` writes no file (a census of part of
// the corpus would count relations over files nobody chose), says how far it got on `err`
// and returns the interrupted exit code.
int run_census_command(const std::vector<std::string>& inputs, const std::string& json_path,
                       const std::string& markdown_path, const io::PoolOptions& pool,
                       const DecodeOptions& options, std::ostream& out, std::ostream& err);

// The title the Markdown gets: "Census of a and b" from the inputs' last components.
std::string census_title(const std::vector<std::string>& inputs);

// Writes `text` to `path` with convert::write_atomically (replacing an older file), so a
// failure never leaves a partial file. False (and a message in `error`) on failure.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& error);

}  // namespace f2g::census
