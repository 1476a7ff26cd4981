// EXT_meshopt_compression with meshoptimizer 0.18's codecs. The extension's rules (its
// README, "JSON schema updates"): byteLength = byteStride x count; ATTRIBUTES needs a stride
// divisible by 4 and at most 256; TRIANGLES / INDICES a stride of 2 or 4 and no filter.
#include "gltf_writer/compact/compact_meshopt.h"

#include <meshoptimizer.h>

#include <algorithm>
#include <cstring>
#include <set>

#include "gltf_writer/compact/compact_accessors.h"
#include "gltf_writer/write/glb.h"

namespace f2g::gltf::compact {
namespace {

constexpr const char* kInvalid = "GLTF_EXPAND_INVALID";
// meshopt's codecs cannot expand data more than about 64 times (ATTRIBUTES: 2 header bits per
// 16 bytes of a byte column when all are equal; INDICES / TRIANGLES: a byte or more per index
// or triangle). A view declaring more than this is not meshopt data, and is refused before
// its byteLength sizes an allocation.
constexpr uint64_t kMaxExpansion = 256;
constexpr uint64_t kExpansionSlack = 4096;

// How the views are used: by index accessors (their index size) or by others (element size).
struct ViewUse {
  size_t index_size = 0;    // > 0: named by a primitive's indices
  size_t element_size = 0;  // > 0: one element size for every other accessor
  bool mixed = false;       // accessors disagree: leave the view alone
};

std::vector<ViewUse> view_uses(const Json& gltf, size_t views) {
  std::vector<ViewUse> uses(views);
  std::set<int> index_accessors;
  for (const Json& mesh : array_at(gltf, "meshes"))
    for (const Json& prim : array_at(mesh, "primitives"))
      if (prim.contains("indices") && prim["indices"].is_number_integer())
        index_accessors.insert(prim["indices"].get<int>());
  const Json& accessors = array_at(gltf, "accessors");
  for (size_t a = 0; a < accessors.size(); ++a) {
    const Json& acc = accessors[a];
    if (!acc.is_object() || !acc.contains("bufferView") || !acc["bufferView"].is_number_unsigned())
      continue;
    const size_t v = acc["bufferView"].get<size_t>();
    if (v >= views) continue;
    const size_t comp = component_bytes(acc.value("componentType", 0));
    const size_t element = comp * type_width(acc.value("type", std::string()));
    ViewUse& u = uses[v];
    if (index_accessors.count(int(a))) {
      if (u.element_size || (u.index_size && u.index_size != comp)) u.mixed = true;
      u.index_size = comp;
    } else {
      if (u.index_size || (u.element_size && u.element_size != element)) u.mixed = true;
      u.element_size = element;
    }
  }
  return uses;
}

// The encoders' worst-case output buffer, reused per thread: no zero-filled allocation of the
// bound for every view.
std::vector<uint8_t>& scratch(size_t bound) {
  thread_local std::vector<uint8_t> buffer;
  if (buffer.size() < bound) buffer.resize(bound);
  return buffer;
}

std::vector<uint8_t> encode_indices(const std::vector<uint8_t>& bytes, size_t index_size) {
  const size_t count = bytes.size() / index_size;
  std::vector<unsigned int> indices(count);
  unsigned int most = 0;
  for (size_t i = 0; i < count; ++i) {
    if (index_size == 2) {
      uint16_t v;
      std::memcpy(&v, bytes.data() + 2 * i, 2);
      indices[i] = v;
    } else {
      std::memcpy(&indices[i], bytes.data() + 4 * i, 4);
    }
    most = std::max(most, indices[i]);
  }
  std::vector<uint8_t>& out = scratch(meshopt_encodeIndexSequenceBound(count, size_t(most) + 1));
  const size_t n = meshopt_encodeIndexSequence(out.data(), out.size(), indices.data(), count);
  return std::vector<uint8_t>(out.begin(), out.begin() + n);
}

std::vector<uint8_t> encode_attributes(const uint8_t* bytes, size_t count, size_t stride) {
  std::vector<uint8_t>& out = scratch(meshopt_encodeVertexBufferBound(count, stride));
  const size_t n = meshopt_encodeVertexBuffer(out.data(), out.size(), bytes, count, stride);
  return std::vector<uint8_t>(out.begin(), out.begin() + n);
}

}  // namespace

int compress(Parts& p) {
  Json& views = p.json["bufferViews"];
  const std::vector<ViewUse> uses = view_uses(p.json, p.views.size());
  bool any = false;
  for (size_t i = 0; i < p.views.size(); ++i) {
    const ViewUse& u = uses[i];
    Json& v = views[i];
    std::vector<uint8_t>& bytes = p.views[i];
    if (u.mixed || bytes.empty() || (!u.index_size && !u.element_size)) continue;
    Json ext = Json::object();
    std::vector<uint8_t> encoded;
    if (u.index_size) {
      if ((u.index_size != 2 && u.index_size != 4) || bytes.size() % u.index_size) continue;
      encoded = encode_indices(bytes, u.index_size);
      ext = {{"byteStride", u.index_size},
             {"mode", "INDICES"},
             {"count", bytes.size() / u.index_size}};
    } else {
      const size_t stride = v.value("byteStride", u.element_size);
      if (stride == 0 || stride % 4 || stride > 256) continue;
      const size_t count = (bytes.size() + stride - 1) / stride;
      if (bytes.size() != count * stride) {
        bytes.resize(count * stride, 0);  // byteLength = byteStride x count
        v["byteLength"] = bytes.size();
      }
      encoded = encode_attributes(bytes.data(), count, stride);
      ext = {{"byteStride", stride}, {"mode", "ATTRIBUTES"}, {"count", count}};
    }
    if (encoded.empty() || encoded.size() >= bytes.size()) continue;
    ext["buffer"] = 0;
    ext["byteLength"] = encoded.size();
    v["extensions"][kMeshoptExtension] = std::move(ext);
    bytes = std::move(encoded);
    any = true;
  }
  if (!any) return -1;
  Json& buffers = p.json["buffers"];
  buffers.push_back(
      {{"byteLength", 0}, {"extensions", {{kMeshoptExtension, {{"fallback", true}}}}}});
  add_extension(p.json, kMeshoptExtension, true);
  return int(buffers.size() - 1);
}

bool decompress(Parts& p) {
  bool any = false;
  uint64_t total = 0;
  Json& views = p.json["bufferViews"];
  for (size_t i = 0; i < p.views.size(); ++i) {
    Json& v = views[i];
    if (!v.contains("extensions") || !v["extensions"].contains(kMeshoptExtension)) continue;
    const std::string path =
        "bufferViews[" + std::to_string(i) + "].extensions." + kMeshoptExtension;
    const Json& ext = v["extensions"][kMeshoptExtension];
    const size_t stride = size_member(ext, "byteStride", 0, kInvalid, path);
    const size_t count = size_member(ext, "count", 0, kInvalid, path);
    const std::string mode = ext.value("mode", "");
    const std::string filter = ext.value("filter", "NONE");
    const size_t length = size_member(v, "byteLength", 0, kInvalid, path);
    if (stride == 0 || stride > 256 || count > length / stride || count * stride != length)
      fail(kInvalid,
           "count " + std::to_string(count) + " x byteStride " + std::to_string(stride) +
               " is not the view's byteLength " + std::to_string(length),
           path);
    const std::vector<uint8_t>& in = p.views[i];
    if (length > kMaxExpansion * in.size() + kExpansionSlack)
      fail(kInvalid,
           "byteLength " + std::to_string(length) + " from " + std::to_string(in.size()) +
               " compressed bytes: more than meshopt data can expand to",
           path);
    total += length;
    if (total > kMaxGlbBytes)
      fail("GLTF_TOO_LARGE",
           "the decoded views pass " + std::to_string(kMaxGlbBytes) +
               " bytes, more than a GLB holds",
           path);
    std::vector<uint8_t> out(length);
    int rc = -1;
    if (mode == "ATTRIBUTES" && stride % 4 == 0) {
      rc = meshopt_decodeVertexBuffer(out.data(), count, stride, in.data(), in.size());
      if (rc == 0 && filter == "OCTAHEDRAL" && (stride == 4 || stride == 8))
        meshopt_decodeFilterOct(out.data(), count, stride);
      else if (rc == 0 && filter == "QUATERNION" && stride == 8)
        meshopt_decodeFilterQuat(out.data(), count, stride);
      else if (rc == 0 && filter == "EXPONENTIAL")
        meshopt_decodeFilterExp(out.data(), count, stride);
      else if (rc == 0 && filter != "NONE")
        fail(kInvalid, "filter " + filter + " with byteStride " + std::to_string(stride), path);
    } else if ((mode == "TRIANGLES" && count % 3 == 0) || mode == "INDICES") {
      if (stride != 2 && stride != 4) fail(kInvalid, mode + " needs byteStride 2 or 4", path);
      rc = mode == "TRIANGLES"
               ? meshopt_decodeIndexBuffer(out.data(), count, stride, in.data(), in.size())
               : meshopt_decodeIndexSequence(out.data(), count, stride, in.data(), in.size());
    } else {
      fail(kInvalid, "mode " + mode + " with byteStride " + std::to_string(stride), path);
    }
    if (rc != 0)
      fail("GLTF_EXPAND_DECODE",
           "meshopt " + mode + " data does not decode (error " + std::to_string(rc) + ")", path);
    p.views[i] = std::move(out);
    v["extensions"].erase(kMeshoptExtension);
    if (v["extensions"].empty()) v.erase("extensions");
    v["buffer"] = 0;
    any = true;
  }
  // Every view now lies in the BIN chunk: only buffer 0 is left (parse() allowed no other
  // buffer to hold data).
  Json& buffers = p.json["buffers"];
  if (buffers.size() > 1) buffers.erase(buffers.begin() + 1, buffers.end());
  remove_extension(p.json, kMeshoptExtension);
  return any;
}

}  // namespace f2g::gltf::compact
