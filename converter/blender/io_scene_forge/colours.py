"""Vertex colours that survive Blender. Blender 3.4's glTF importer makes a byte colour layer
on face corners (sRGB bytes: re-rounded), and its exporter reads a corner colour layer at
the corner's vertex index instead of the corner's, so every colour comes back scrambled and
import finds few of the donor's vertices (13 of 32 samples byte-identical instead of 32).
This replaces each imported layer with a float attribute on the vertices (each Blender
vertex is one glTF vertex) holding the glb's values, which the exporter writes unchanged."""

import json
import struct

FORMATS = {5120: "b", 5121: "B", 5122: "h", 5123: "H", 5125: "I", 5126: "f"}
SCALE = {5120: 127.0, 5121: 255.0, 5122: 32767.0, 5123: 65535.0}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}


def read_glb(path):
    with open(path, "rb") as f:
        data = f.read()
    doc, binary, at = None, b"", 12
    while at + 8 <= len(data):
        size, kind = struct.unpack_from("<II", data, at)
        if kind == 0x4E4F534A:
            doc = json.loads(data[at + 8 : at + 8 + size])
        elif kind == 0x004E4942:
            binary = data[at + 8 : at + 8 + size]
        at += 8 + size
    return doc, binary


def accessor(doc, binary, index):
    """An accessor's values as tuples (normalized integers as floats); None when it is sparse
    or has no buffer view (convert writes neither for colours or indices)."""
    acc = doc["accessors"][index]
    if "sparse" in acc or "bufferView" not in acc:
        return None
    view = doc["bufferViews"][acc["bufferView"]]
    code, width = FORMATS[acc["componentType"]], WIDTH[acc["type"]]
    size = struct.calcsize("<" + code)
    stride = view.get("byteStride", size * width)
    start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
    unpack = struct.Struct("<%d%s" % (width, code)).unpack_from
    values = [unpack(binary, start + i * stride) for i in range(acc["count"])]
    if acc.get("normalized"):
        scale = SCALE[acc["componentType"]]
        values = [tuple(max(c / scale, -1.0) for c in v) for v in values]
    return values


def restore(mesh, glb):
    """Puts the glb's COLOR_n values on MESH (imported from GLB's first mesh). Blender's
    vertex i is the i-th of each primitive's used vertices, sorted, primitive after
    primitive (merge_vertices off). Returns False (and changes nothing) when that does not
    hold."""
    doc, binary = read_glb(glb)
    prims = doc["meshes"][0]["primitives"]
    layers = [a for a in mesh.color_attributes]
    if not layers:
        return True
    order = []
    for p, prim in enumerate(prims):
        indices = accessor(doc, binary, prim["indices"]) if "indices" in prim else None
        if indices is None:
            return False
        order += [(p, v) for v in sorted({i[0] for i in indices})]
    if len(order) != len(mesh.vertices):
        return False
    made = []
    for n, layer in enumerate(layers):
        values = []
        for prim in prims:
            index = prim["attributes"].get("COLOR_%d" % n)
            got = accessor(doc, binary, index) if index is not None else None
            if index is not None and got is None:
                return False
            values.append(got)
        per_vertex = []
        for p, v in order:
            c = values[p][v] if values[p] is not None else (1.0, 1.0, 1.0, 1.0)
            per_vertex.append(c if len(c) == 4 else (c[0], c[1], c[2], 1.0))
        made.append((layer.name, [x for c in per_vertex for x in c]))
    names = [name for name, _ in made]
    for name in names:  # by name: removing one attribute invalidates references to the others
        mesh.color_attributes.remove(mesh.color_attributes[name])
    for name, flat in made:
        new = mesh.color_attributes.new(name, "FLOAT_COLOR", "POINT")
        new.data.foreach_set("color", flat)
    mesh.color_attributes.render_color_index = mesh.color_attributes.find(names[0])
    mesh.color_attributes.active_color_index = mesh.color_attributes.find(names[0])
    return True
