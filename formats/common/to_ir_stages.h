// The stages from a stored mesh to the neutral IR (docs/IR.md) as RR and GRB/GRW split them,
// declared once for both. A game's to_ir.h includes this file inside its own namespace, where
// MeshFile (the decoded file) and Layout (what its relations derived) name its own types, so
// each game declares these functions for its types; its to_ir*.cpp define them, and normalise
// (formats/common/assemble_mesh.h) runs them. No include guard: each game's namespace gets its
// own declarations.

// The source's format, layout and object id.
ir::Source mesh_source(const MeshFile& m, const Layout& l);

// The format's attributes, with the game's checks on the values.
std::vector<ir::Attribute> decode_attributes(const MeshFile& m, const Layout& l, Checker& c);

// Absolute vertex numbers, each checked against the range that draws it.
std::vector<uint32_t> decode_indices(const Layout& l, Checker& c);

// The draw ranges in stored order: range i's indices and the vertices it spans (its
// primitive_over), and the stored fields glTF has no slot for.
size_t range_count(const Layout& l);
ir::Primitive range_primitive(const Layout& l, const std::vector<uint32_t>& indices, size_t i);
ir::Json range_extras(const MeshFile& m, const Layout& l, size_t i);

// The materials, one placeholder each, named after the stored id; range i draws material i.
size_t material_count(const MeshFile& m, const Layout& l);
ir::Material material_of(const MeshFile& m, size_t i);

// Bones in stored order, or nothing for a mesh without bones.
std::optional<ir::Skin> make_skin(const MeshFile& m, Checker& c);

// Mesh-level stored fields glTF has no slot for: small values only, no arrays.
ir::Json mesh_extras(const MeshFile& m, const Layout& l);
