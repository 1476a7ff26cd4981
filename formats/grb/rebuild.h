// import's rebuild for GRB and GRW (formats/common/rebuild.h has the contract): the donor's
// structure with the incoming geometry, every derived field recomputed, encoded with the
// byte-exact encoder. One implementation, the dialect as a parameter.
#pragma once

#include "formats/common/rebuild.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

Result<Rebuilt> rebuild(Dialect dialect, const RebuildInput& input);

}  // namespace f2g::grb
