// Shared by the import identity tests: the forms convert writes (.glb, .gltf + .bin,
// --optimize, --quantize, --compress), one mesh converted as the CLI does, and its glTF
// imported back with a donor.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "converter/convert/convert.h"
#include "converter/import/import.h"
#include "tests/support/files.h"

namespace f2g::test {

struct ImportForm {
  const char* name;
  bool gltf, optimize, quantize, compress;
};
inline constexpr ImportForm kImportForms[] = {{"glb", false, false, false, false},
                                              {"gltf", true, false, false, false},
                                              {"optimize", false, true, false, false},
                                              {"quantize", false, false, true, false},
                                              {"compress", false, false, true, true}};

// convert_one as the CLI runs it, into root/<form>/<relative with .glb or .gltf>.
inline std::filesystem::path converted(const std::filesystem::path& mesh,
                                       const std::string& relative,
                                       const std::filesystem::path& root, const ImportForm& form) {
  io::Job job;
  job.input = mesh.string();
  job.relative = relative;
  job.display = job.input;
  job.size = std::filesystem::file_size(mesh);
  const convert::OutputPath out = convert::output_path(root / form.name, job.relative, form.gltf);
  convert::ConvertOptions o;
  o.gltf = form.gltf;
  o.optimize = form.optimize;
  o.compact.quantize = form.quantize;
  o.compact.compress = form.compress;
  o.force = true;
  const convert::FileResult r = convert::convert_one(job, out, o);
  EXPECT_FALSE(r.error) << mesh << " " << form.name << ": " << r.error->to_string();
  return out.primary;
}

// A converted .glb or .gltf as import's input: `bytes` holds the file (the caller keeps it
// alive), a .gltf's buffers are read beside it.
inline import::GltfInput file_input(const std::filesystem::path& gltf,
                                    const std::vector<uint8_t>& bytes) {
  import::GltfInput in;
  in.data = bytes.data();
  in.size = bytes.size();
  in.json = gltf.extension() == ".gltf";
  const std::filesystem::path dir = gltf.parent_path();
  in.read_uri = [dir](const std::string& uri, std::vector<uint8_t>& out, std::string&) {
    out = read_bytes(dir / uri);
    return !out.empty();
  };
  return in;
}

// import_mesh on a converted .glb or .gltf (its .bin beside it) with `donor`.
inline import::ImportOutcome imported(const std::filesystem::path& gltf,
                                      const std::vector<uint8_t>& donor) {
  const std::vector<uint8_t> g = read_bytes(gltf);
  return import::import_mesh(file_input(gltf, g), donor.data(), donor.size(),
                             import::ImportOptions{});
}

}  // namespace f2g::test
