// JOINTS_n / WEIGHTS_n made validator-clean (docs/ARCHITECTURE.md "Output conventions", skin):
// per vertex over all sets, a joint repeated with weight is merged into its first slot, the
// weights are rescaled to u8 summing to exactly 255 (largest remainder in double precision:
// fractions that compare equal go to the lower slot, but two equal in exact arithmetic may
// differ in their last bit), every zero-weight slot gets joint 0, and a vertex with no weight at
// all gets 255 on joint 0. Exposed so the verifier can apply the same rule to decoded values.
#pragma once

#include <cstddef>
#include <vector>

#include "ir/mesh.h"
#include "ir/result.h"

namespace f2g::gltf {

struct CleanSkin {
  std::vector<ir::Attribute> joints;   // JOINTS_0.., the IR's type (U8 or U16) per set
  std::vector<ir::Attribute> weights;  // WEIGHTS_0.., U8 normalized
  size_t zero_weight_vertices = 0;     // no weight at all: 255 on joint 0
  size_t changed_vertices = 0;         // any slot differs from the IR's (renormalised, merged)
};

// Uses the mesh's JOINTS_n/WEIGHTS_n pairs (n = 0, 1, ... contiguous; the caller checked
// them). Error GLTF_JOINT_OUT_OF_RANGE when a slot with weight names a joint >= bone_count.
ir::Result<CleanSkin> clean_skin(const ir::Mesh& mesh, size_t bone_count);

}  // namespace f2g::gltf
