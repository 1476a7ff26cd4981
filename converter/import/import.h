// import, one glTF and its donor: read the glTF (gltf_writer/read/scene_read.h), match its
// names to the donor (donor_match.h), fill NORMAL / TANGENT it lacks (vectors.h), hand the
// geometry to the donor format's rebuild (formats/common/rebuild.h), then decode the new
// bytes strictly as the gate: bytes come back only when that decode succeeds.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "converter/import/donor_match.h"
#include "formats/common/decode.h"
#include "ir/diagnostic.h"

namespace f2g::import {

struct ImportOptions {
  DecodeOptions decode;  // how the donor is read (--format, --vertex-formats)
  MatchOptions match;
  bool force = false;  // a differing source object id is no error
  bool drop_submeshes = false;
};

struct GltfInput {
  const uint8_t* data = nullptr;  // a .glb, or a .gltf's JSON text
  size_t size = 0;
  bool json = false;  // .gltf: external buffers through read_uri
  gltf::ReadUri read_uri;
};

struct ImportOutcome {
  std::vector<uint8_t> bytes;  // the new mesh; empty when `error`
  std::optional<ir::Diagnostic> error;
  std::vector<ir::Diagnostic> warnings;
  std::string format;                                 // the donor's format
  nlohmann::json summary = nlohmann::json::object();  // --dry-run / --report table
};

ImportOutcome import_mesh(const GltfInput& gltf, const uint8_t* donor, size_t donor_size,
                          const ImportOptions& options);

}  // namespace f2g::import
