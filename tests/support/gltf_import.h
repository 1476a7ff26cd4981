// The import tests' round trip through glTF in memory: a decoded mesh written as .gltf JSON and
// its BIN (gltf::write), edited the way a user's tool or a hostile file would, and imported
// with a donor through import_mesh.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "converter/import/import.h"
#include "gltf_writer/write/write.h"

namespace f2g::test {

struct GltfDoc {
  nlohmann::json json;
  std::vector<uint8_t> bin;
};

// `mesh` as convert writes it, a .gltf whose buffer is "mesh.bin"; nullopt when it does not
// write.
inline std::optional<GltfDoc> gltf_doc(const ir::Mesh& mesh) {
  gltf::WriteOptions w;
  w.binary = false;
  w.bin_uri = "mesh.bin";
  ir::Result<gltf::Written> written = gltf::write(mesh, w);
  if (!written) return std::nullopt;
  return GltfDoc{nlohmann::json::parse(written->json), written->bin};
}

// `g` as import's input: `text` is its JSON (the caller keeps it alive), the BIN served for
// every uri.
inline import::GltfInput doc_input(const GltfDoc& g, const std::string& text) {
  import::GltfInput in;
  in.data = reinterpret_cast<const uint8_t*>(text.data());
  in.size = text.size();
  in.json = true;
  in.read_uri = [&g](const std::string&, std::vector<uint8_t>& out, std::string&) {
    out = g.bin;
    return true;
  };
  return in;
}

inline import::ImportOutcome import_doc(const GltfDoc& g, const std::vector<uint8_t>& donor,
                                        const import::ImportOptions& options = {}) {
  const std::string text = g.json.dump();
  return import::import_mesh(doc_input(g, text), donor.data(), donor.size(), options);
}

}  // namespace f2g::test
