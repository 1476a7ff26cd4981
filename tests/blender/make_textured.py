"""Writes a small textured .glb laid out as forge2gltf writes textures (gltf_writer/write/
write_materials.cpp): each image a PNG in a bufferView of the BIN chunk, texture i = image i
with sampler 0, a material with baseColorTexture and normalTexture. Blender's texture check
(check_textures.py) imports it, so that check does not depend on the samples having textures.

  python3 make_textured.py OUT.glb
"""

import json
import struct
import sys
import zlib

# Two sizes, so an image put on the wrong input is seen by its size.
BASE_SIZE = (4, 2)  # RGBA: a checker of red and white
NORMAL_SIZE = (2, 2)  # RGB: the flat normal (0.5, 0.5, 1)


def png(width, height, channels, pixel):
    """A PNG of 8-bit RGB (channels 3) or RGBA (4) pixels, pixel(x, y) -> bytes."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    colour_type = {3: 2, 4: 6}[channels]
    rows = b"".join(b"\x00" + b"".join(pixel(x, y) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_textured.py OUT.glb")
    base = png(*BASE_SIZE, 4, lambda x, y: b"\xff\x00\x00\xff" if (x + y) % 2 else b"\xff" * 4)
    normal = png(*NORMAL_SIZE, 3, lambda x, y: b"\x80\x80\xff")
    # A unit quad in the XY plane (the writer's Z-up buffers under a Y-up root rotation).
    positions = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)]
    normals = [(0, 0, 1)] * 4
    uvs = [(0, 1), (1, 1), (1, 0), (0, 0)]
    indices = [0, 1, 2, 0, 2, 3]

    blob, views = bytearray(), []

    def view(data, target=None):
        while len(blob) % 4:
            blob.append(0)
        views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": len(data)})
        if target:
            views[-1]["target"] = target
        blob.extend(data)
        return len(views) - 1

    def floats(rows):
        return b"".join(struct.pack("<%df" % len(r), *r) for r in rows)

    accessors = [
        {
            "bufferView": view(floats(positions), 34962),
            "componentType": 5126,
            "count": 4,
            "type": "VEC3",
            "min": [0, 0, 0],
            "max": [1, 1, 0],
        },
        {
            "bufferView": view(floats(normals), 34962),
            "componentType": 5126,
            "count": 4,
            "type": "VEC3",
        },
        {"bufferView": view(floats(uvs), 34962), "componentType": 5126, "count": 4, "type": "VEC2"},
        {
            "bufferView": view(struct.pack("<6H", *indices), 34963),
            "componentType": 5123,
            "count": 6,
            "type": "SCALAR",
        },
    ]
    images = [
        {"name": "base", "mimeType": "image/png", "bufferView": view(base)},
        {"name": "normal", "mimeType": "image/png", "bufferView": view(normal)},
    ]
    while len(blob) % 4:
        blob.append(0)
    doc = {
        "asset": {"version": "2.0", "generator": "forge2gltf test fixture"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [
            {
                "name": "root",
                "rotation": [-0.7071067811865476, 0, 0, 0.7071067811865476],
                "children": [1],
            },
            {"name": "quad", "mesh": 0},
        ],
        "meshes": [
            {
                "name": "quad",
                "primitives": [
                    {
                        "attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2},
                        "indices": 3,
                        "material": 0,
                    }
                ],
            }
        ],
        "materials": [
            {
                "name": "0x00000001",
                "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}},
                "normalTexture": {"index": 1},
            }
        ],
        "samplers": [{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 10497}],
        "images": images,
        "textures": [{"sampler": 0, "source": 0}, {"sampler": 0, "source": 1}],
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"byteLength": len(blob)}],
    }
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    with open(sys.argv[1], "wb") as f:
        f.write(struct.pack("<III", 0x46546C67, 2, 12 + 8 + len(text) + 8 + len(blob)))
        f.write(struct.pack("<II", len(text), 0x4E4F534A) + text)
        f.write(struct.pack("<II", len(blob), 0x004E4942) + bytes(blob))


main()
