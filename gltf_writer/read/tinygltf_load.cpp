#include "gltf_writer/read/tinygltf_load.h"

#include <tiny_gltf.h>

#include <exception>

namespace f2g::gltf {
namespace {

bool no_image(tinygltf::Image*, const int, std::string*, std::string*, int, int,
              const unsigned char*, int, void*) {
  return true;  // images are not geometry: never decoded
}
bool any_file(const std::string&, void*) { return true; }
std::string same_path(const std::string& p, void*) { return p; }
bool write_none(std::string*, const std::string&, const std::vector<unsigned char>&, void*) {
  return false;
}
bool read_none(std::vector<unsigned char>*, std::string* err, const std::string& p, void*) {
  if (err) *err = "a .glb reads no external file (" + p + ")";
  return false;
}
bool read_via(std::vector<unsigned char>* out, std::string* err, const std::string& uri,
              void* user) {
  const ReadUri& read = *static_cast<const ReadUri*>(user);
  std::vector<uint8_t> bytes;
  std::string e;
  if (!read(uri, bytes, e)) {
    if (err) *err = e;
    return false;
  }
  out->assign(bytes.begin(), bytes.end());
  return true;
}

template <class Load>
std::optional<ir::Diagnostic> load(Load&& run, tinygltf::FsCallbacks fs, const char* code) {
  try {
    tinygltf::TinyGLTF loader;
    loader.SetStoreOriginalJSONForExtrasAndExtensions(true);
    loader.SetFsCallbacks(fs);
    loader.SetImageLoader(no_image, nullptr);
    std::string err, warn;
    if (!run(loader, err, warn))
      return ir::Diagnostic{code, "tinygltf: " + (err.empty() ? warn : err), "", 0};
    return std::nullopt;
  } catch (const std::exception& e) {  // tinygltf or nlohmann on malformed input
    return ir::Diagnostic{code, e.what(), "", 0};
  }
}

}  // namespace

std::optional<ir::Diagnostic> load_glb(const uint8_t* data, size_t size, tinygltf::Model& model,
                                       const char* code) {
  return load(
      [&](tinygltf::TinyGLTF& loader, std::string& err, std::string& warn) {
        return loader.LoadBinaryFromMemory(&model, &err, &warn, data, unsigned(size), "");
      },
      tinygltf::FsCallbacks{any_file, same_path, read_none, write_none, nullptr}, code);
}

std::optional<ir::Diagnostic> load_gltf(const std::string& json, const ReadUri& read_uri,
                                        tinygltf::Model& model, const char* code) {
  return load(
      [&](tinygltf::TinyGLTF& loader, std::string& err, std::string& warn) {
        return loader.LoadASCIIFromString(&model, &err, &warn, json.data(), unsigned(json.size()),
                                          "");
      },
      tinygltf::FsCallbacks{any_file, same_path, read_via, write_none,
                            const_cast<ReadUri*>(&read_uri)},
      code);
}

ir::Json extras_of(const std::string& raw) {
  if (raw.empty()) return ir::Json::object();
  ir::Json j = ir::Json::parse(raw, nullptr, false);
  return j.is_discarded() ? ir::Json::object() : j;
}

}  // namespace f2g::gltf
