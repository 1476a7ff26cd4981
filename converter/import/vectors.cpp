#include "converter/import/vectors.h"

#include <Eigen/Dense>
#include <cmath>
#include <vector>

namespace f2g::import {
namespace {

using Eigen::Vector3d;

Vector3d vec3(const ir::Attribute& a, uint32_t v) {
  return {a.get(v, 0), a.get(v, 1), a.get(v, 2)};
}

// Any unit vector orthogonal to n.
Vector3d orthogonal(const Vector3d& n) {
  const Vector3d axis = std::fabs(n.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY();
  const Vector3d t = n.cross(axis);
  return t.norm() > 0 ? t.normalized() : Vector3d::UnitX();
}

}  // namespace

void add_normals(ir::Mesh& mesh) {
  const ir::Attribute* pos = mesh.find("POSITION");
  std::vector<Vector3d> sum(mesh.vertex_count, Vector3d::Zero());
  if (pos)
    for (size_t i = 0; i + 3 <= mesh.indices.size(); i += 3) {
      const uint32_t a = mesh.indices[i], b = mesh.indices[i + 1], c = mesh.indices[i + 2];
      if (a >= mesh.vertex_count || b >= mesh.vertex_count || c >= mesh.vertex_count) continue;
      const Vector3d n = (vec3(*pos, b) - vec3(*pos, a)).cross(vec3(*pos, c) - vec3(*pos, a));
      sum[a] += n;  // |n| = twice the area: area-weighted
      sum[b] += n;
      sum[c] += n;
    }
  std::vector<float> values;
  values.reserve(size_t(mesh.vertex_count) * 3);
  for (const Vector3d& s : sum) {
    const Vector3d n = s.norm() > 0 ? s.normalized() : Vector3d::UnitZ();
    values.insert(values.end(), {float(n.x()), float(n.y()), float(n.z())});
  }
  mesh.attributes.push_back(ir::f32_attribute("NORMAL", 3, std::move(values)));
}

void add_tangents(ir::Mesh& mesh) {
  const ir::Attribute* pos = mesh.find("POSITION");
  const ir::Attribute* nrm = mesh.find("NORMAL");
  const ir::Attribute* uv = mesh.find("TEXCOORD_0");
  std::vector<Vector3d> tan(mesh.vertex_count, Vector3d::Zero()),
      bit(mesh.vertex_count, Vector3d::Zero());
  if (pos && uv)
    for (size_t i = 0; i + 3 <= mesh.indices.size(); i += 3) {
      const uint32_t v[3] = {mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]};
      if (v[0] >= mesh.vertex_count || v[1] >= mesh.vertex_count || v[2] >= mesh.vertex_count)
        continue;
      const Vector3d e1 = vec3(*pos, v[1]) - vec3(*pos, v[0]);
      const Vector3d e2 = vec3(*pos, v[2]) - vec3(*pos, v[0]);
      const double du1 = uv->get(v[1], 0) - uv->get(v[0], 0),
                   dv1 = uv->get(v[1], 1) - uv->get(v[0], 1);
      const double du2 = uv->get(v[2], 0) - uv->get(v[0], 0),
                   dv2 = uv->get(v[2], 1) - uv->get(v[0], 1);
      const double det = du1 * dv2 - du2 * dv1;
      if (!(std::fabs(det) > 1e-20)) continue;
      const Vector3d t = (e1 * dv2 - e2 * dv1) / det;
      const Vector3d b = (e2 * du1 - e1 * du2) / det;
      for (uint32_t x : v) {
        tan[x] += t;
        bit[x] += b;
      }
    }
  std::vector<float> values;
  values.reserve(size_t(mesh.vertex_count) * 4);
  for (uint32_t v = 0; v < mesh.vertex_count; ++v) {
    const Vector3d n = nrm ? vec3(*nrm, v).normalized() : Vector3d::UnitZ();
    Vector3d t = tan[v] - n * n.dot(tan[v]);
    t = t.norm() > 1e-12 ? t.normalized() : orthogonal(n);
    const double w = n.cross(t).dot(bit[v]) < 0 ? -1.0 : 1.0;
    values.insert(values.end(), {float(t.x()), float(t.y()), float(t.z()), float(w)});
  }
  mesh.attributes.push_back(ir::f32_attribute("TANGENT", 4, std::move(values)));
}

}  // namespace f2g::import
