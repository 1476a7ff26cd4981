// `forge2gltf extract ARCHIVE... -o DIR [--class NAME]... [--id ID]... [--body]`: each selected
// resource as its own file, the bytes unpacking tools write (the record's gap, which is the
// FileHeader, then the body; --body: the body alone), at
// DIR/<archive path without extension>/<entry name>/<resource name>.<class name>: the path
// convert gives its glb, so `extract` then `convert DIR` gives the glbs `convert ARCHIVE` gives.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace f2g::inspect {

struct ExtractRun {
  std::vector<std::string> inputs;   // archives or directories of them
  std::string out;                   // -o
  std::vector<std::string> classes;  // --class: names ("Mesh") or "0x" + 8 hex digits
  std::vector<std::string> ids;      // --id: resource or entry ids, "0x..." hex or decimal
  bool body_only = false;            // --body
  bool textures = false;             // --textures: TextureMaps as PNG + DDS
};

// Writes every resource whose class and id are selected (all when none is given; an entry id
// selects all of its resources), each file atomically, replacing an older one. Returns 0 when
// every archive and entry read, 1 when one did not or a file could not be written (each on
// `err`, with code and offset), 2 for a usage error (a bad --class or --id, no archive).
int run_extract_command(const ExtractRun& run, std::ostream& out, std::ostream& err);

}  // namespace f2g::inspect
