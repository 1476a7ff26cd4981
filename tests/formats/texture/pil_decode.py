"""Independent decoders for the texture tests (tests/formats/texture/*_test.cpp).

Run by /usr/bin/python3 (Debian's Pillow 9.4 and OpenImageIO). Every command writes the
decoded pixels as RGBA8 bytes, rows top first, to OUT and prints "WIDTH HEIGHT CHANNELS".

  blocks FORMAT W H IN OUT  raw blocks (B8G8R8A8, BC1-BC5, BC7) wrapped in a DDS header made
                            here, decoded by Pillow
  pillow FILE OUT           a DDS or PNG file opened by Pillow
  oiio FILE OUT             a file read by OpenImageIO (1 channel: grey; 2: R, G, 0)
"""

import struct
import sys

from PIL import Image

# DDS_HEADER / DDS_PIXELFORMAT flags (Microsoft "DDS_HEADER").
DDSD_CAPS, DDSD_HEIGHT, DDSD_WIDTH, DDSD_PIXELFORMAT = 0x1, 0x2, 0x4, 0x1000
DDPF_ALPHAPIXELS, DDPF_FOURCC, DDPF_RGB = 0x1, 0x4, 0x40
DDSCAPS_TEXTURE = 0x1000
DXGI_FORMAT_BC7_UNORM = 98

FOURCC = {"BC1": b"DXT1", "BC2": b"DXT3", "BC3": b"DXT5", "BC4": b"ATI1", "BC5": b"ATI2"}


def dds_header(fmt, width, height):
    """A minimal DDS header for one level of FMT."""
    if fmt == "B8G8R8A8":
        pixel_format = struct.pack(
            "<2I4s5I",
            32,
            DDPF_RGB | DDPF_ALPHAPIXELS,
            b"\0\0\0\0",
            32,
            0x00FF0000,
            0x0000FF00,
            0x000000FF,
            0xFF000000,
        )
    else:
        fourcc = b"DX10" if fmt == "BC7" else FOURCC[fmt]
        pixel_format = struct.pack("<2I4s5I", 32, DDPF_FOURCC, fourcc, 0, 0, 0, 0, 0)
    flags = DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT
    header = struct.pack("<4s7I", b"DDS ", 124, flags, height, width, 0, 0, 1)
    header += b"\0" * 44 + pixel_format
    header += struct.pack("<5I", DDSCAPS_TEXTURE, 0, 0, 0, 0)
    if fmt == "BC7":
        header += struct.pack("<5I", DXGI_FORMAT_BC7_UNORM, 3, 0, 1, 0)
    return header


def pillow_rgba(path_or_file):
    image = Image.open(path_or_file)
    image.load()
    return image.size, len(image.getbands()), image.convert("RGBA").tobytes()


def oiio_rgba(path):
    import OpenImageIO as oiio

    buf = oiio.ImageBuf(path)
    spec = buf.spec()
    if buf.has_error:
        raise SystemExit("OpenImageIO: " + buf.geterror())
    pixels = buf.get_pixels(oiio.UINT8)
    if pixels is None or buf.has_error:
        raise SystemExit("OpenImageIO: " + buf.geterror())
    flat = bytes(pixels.tobytes())
    n = spec.nchannels
    out = bytearray()
    for i in range(0, len(flat), n):
        px = flat[i : i + n]
        if n == 1:
            out += bytes((px[0], px[0], px[0], 255))
        elif n == 2:
            out += bytes((px[0], px[1], 0, 255))
        elif n == 3:
            out += px + b"\xff"
        else:
            out += px[:4]
    return (spec.width, spec.height), n, bytes(out)


def main(argv):
    import io

    command = argv[1]
    if command == "blocks":
        fmt, width, height, src, out = argv[2], int(argv[3]), int(argv[4]), argv[5], argv[6]
        with open(src, "rb") as f:
            data = f.read()
        size, channels, rgba = pillow_rgba(io.BytesIO(dds_header(fmt, width, height) + data))
    elif command == "pillow":
        out = argv[3]
        size, channels, rgba = pillow_rgba(argv[2])
    elif command == "oiio":
        out = argv[3]
        size, channels, rgba = oiio_rgba(argv[2])
    else:
        raise SystemExit("unknown command " + command)
    with open(out, "wb") as f:
        f.write(rgba)
    print(size[0], size[1], channels)


if __name__ == "__main__":
    main(sys.argv)
