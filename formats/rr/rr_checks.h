// The named relations of the spec's Riders Republic section, one CheckDef each. Proven ->
// error, Observed -> warning. A few relations the spec marks Observed are errors here
// because nothing after them can be read without them (layout selector and class, index
// width); their statements say so.
#pragma once

#include <vector>

#include "formats/common/checks.h"

namespace f2g::rr::check {

// Proven (errors)
extern const CheckDef kMarkerAtM;
extern const CheckDef kLayoutSelectorKnown;
extern const CheckDef kLayoutClass;
extern const CheckDef kRangeClass;
extern const CheckDef kMeshDataHeadClass;
extern const CheckDef kPrimitiveClass;
extern const CheckDef kDescriptorClass;
extern const CheckDef kPrimitiveDescLength;
extern const CheckDef kStreamStridesMatchFormat;
extern const CheckDef kStreamsWholeRecords;
extern const CheckDef kSplitStreamsSizes;
extern const CheckDef kStaticSeparateStreamsEmpty;
extern const CheckDef kFirstRangeStartsAtZero;
extern const CheckDef kRangesPartitionBuffers;
extern const CheckDef kIndicesInsideRange;
extern const CheckDef kObjectsTileBuffers;
extern const CheckDef kIndexWidthKnown;
extern const CheckDef kDescriptorCount;
extern const CheckDef kReferenceCount;
extern const CheckDef kDynamicReferenceEqualsMaterial;

// Observed (warnings)
extern const CheckDef kBoneClass;
extern const CheckDef kReferenceClass;
extern const CheckDef kPlatformVersion31;
extern const CheckDef kDeclaredCountsMatchBuffers;
extern const CheckDef kDescriptorVertexCount;
extern const CheckDef kPrimitiveDescIndexCount;
extern const CheckDef kPrimitiveDescFirstIndex;
extern const CheckDef kPrimitiveDescBoundsSingleRange;
extern const CheckDef kPrimitiveRecordsMatchRanges;
extern const CheckDef kMeshDataMatchesClustered;
extern const CheckDef kRangedIndexWidthU16;
extern const CheckDef kBonesPerVertexMatchesSkin;
extern const CheckDef kCpuCopiesMatchBuffers;
extern const CheckDef kFirstBoolMarksCpuCopies;
extern const CheckDef kPositionsInsideBounds;
extern const CheckDef kJointsBelowBoneCount;
extern const CheckDef kBoneMatrixInvertible;

std::vector<const CheckDef*> all();

}  // namespace f2g::rr::check
