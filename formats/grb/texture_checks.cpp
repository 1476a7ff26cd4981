#include "formats/grb/texture_checks.h"

namespace f2g::grb::check {

namespace {
constexpr Severity P = Severity::Proven;
constexpr Severity O = Severity::Observed;
}  // namespace

const CheckDef material_class{"grb.material_class", "GRB_MATERIAL_CLASS", P,
                              "a Material payload carries class 0x85C817C3 after its u64 id"};
const CheckDef material_mask_class{"grb.material_mask_class", "GRB_MATERIAL_MASK", P,
                                   "the Material's Mask object (class 0xDF5D6C0E) is at 33"};
const CheckDef material_match_mask_class{
    "grb.material_match_mask_class", "GRB_MATERIAL_MATCH_MASK", P,
    "the MaterialMatchMask object (class 0x92B95F74) follows the dialect's flag bytes and the "
    "backface reference (GRW 86, GRB 93)"};
const CheckDef material_param_count{
    "grb.material_param_count", "GRB_MATERIAL_PARAM_COUNT", P,
    "the parameter count fits the bytes left at 16 bytes a parameter at least"};
const CheckDef selector_class{
    "grb.selector_class", "GRB_MATERIAL_OBJECT_CLASS", P,
    "an inline object parameter (type 0x130000) carries its DataType as its class at +8"};
const CheckDef texture_set_class{"grb.texture_set_class", "GRB_TEXTURE_SET_CLASS", P,
                                 "a TextureSet payload carries class 0xD70E6670 after its u64 id"};
const CheckDef texture_map_class{"grb.texture_map_class", "GRB_TEXTURE_MAP_CLASS", P,
                                 "a TextureMap payload carries class 0xA2B7E917 after its u64 id"};
const CheckDef texture_map_streamed_count{
    "grb.texture_map_streamed_count", "GRB_TEXTURE_STREAMED_COUNT", P,
    "the streamed mip count is not negative and fits the bytes left at 9 bytes a mip"};
const CheckDef compiled_texture_map_class{
    "grb.compiled_texture_map_class", "GRB_COMPILED_TEXTURE_MAP_CLASS", P,
    "the inline CompiledTextureMap object carries class 0x13237FE9"};
const CheckDef texture_blob_size{
    "grb.texture_blob_size", "GRB_TEXTURE_BLOB_SIZE", P,
    "the inline level blob's size L is not negative and fits the bytes left"};
const CheckDef compiled_mip_class{"grb.compiled_mip_class", "GRB_COMPILED_MIP_CLASS", P,
                                  "a CompiledMip payload carries class 0x1D4B87A3 after its id"};
const CheckDef compiled_mip_size{"grb.compiled_mip_size", "GRB_COMPILED_MIP_SIZE", P,
                                 "a CompiledMip's level size L is not negative and fits the "
                                 "bytes left before its 13-byte trailer"};

const CheckDef file_ref_kind{"grb.file_ref_kind", "GRB_FILE_REF_KIND", O,
                             "a 10-byte reference's kind is 1 (an id) or 3 (null)"};
const CheckDef material_param_type{
    "grb.material_param_type", "GRB_MATERIAL_PARAM_TYPE", O,
    "every parameter's Type has a known value size (the rest of the list is kept unread)"};
const CheckDef material_end{"grb.material_end", "GRB_MATERIAL_TAIL", O,
                            "the parameter list ends at the payload's end"};
const CheckDef texture_set_end{"grb.texture_set_end", "GRB_TEXTURE_SET_SIZE", O,
                               "a TextureSet payload is 202 bytes"};
const CheckDef texture_map_separator{"grb.texture_map_separator", "GRB_TEXTURE_SEPARATOR", O,
                                     "the byte between the streamed mips and the "
                                     "CompiledTextureMap is 0"};
const CheckDef texture_header_agrees{
    "grb.texture_header_agrees", "GRB_TEXTURE_HEADER_MISMATCH", O,
    "the CompiledTextureMap's width, height, mip count and pixel format equal the TextureMap's"};
const CheckDef texture_blob_holds_chain{
    "grb.texture_blob_holds_chain", "GRB_TEXTURE_CHAIN_SHORT", O,
    "the inline blob holds at least the smallest level of the chain"};

std::vector<const CheckDef*> texture_all() {
  return {&material_class,
          &material_mask_class,
          &material_match_mask_class,
          &material_param_count,
          &selector_class,
          &texture_set_class,
          &texture_map_class,
          &texture_map_streamed_count,
          &compiled_texture_map_class,
          &texture_blob_size,
          &compiled_mip_class,
          &compiled_mip_size,
          &file_ref_kind,
          &material_param_type,
          &material_end,
          &texture_set_end,
          &texture_map_separator,
          &texture_header_agrees,
          &texture_blob_holds_chain};
}

}  // namespace f2g::grb::check
