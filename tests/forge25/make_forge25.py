#!/usr/bin/env python3
"""An independent writer (and reader) of version-25 forge archives, for the tests.

Version 25 is the container of the Assassin's Creed 1/2 era, which Shaun White Skateboarding
is inferred to use. This module is a second implementation of it, written from the format
description alone and never from the product's C++ reader: when the two disagree, one of them
has made a mistake, and the test (check_forge25.py) says so.

    make_forge25.py OUT.forge --variant NAME MESHFILE...   writes OUT.forge and OUT.forge.json
    make_forge25.py --check OUT.forge                      reads OUT.forge back (with its .json)
    make_forge25.py --list-variants

Every variant holds the same meshes in a different spelling of the format (see VARIANTS).
Only the standard library is used, plus the system liblzo2 through ctypes.
"""

import argparse
import ctypes
import json
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

# --- Constants of the format ----------------------------------------------------------------

MAGIC = b"scimitar"
VERSION = 25
DATA_HEADER_OFFSET = 1046  # where the data header sits: the header reserves the bytes before
DATA_HEADER_SIZE = 40
SECTION_SIZE = 48
INDEX_RECORD_SIZE = 16
NAME_RECORD_SIZE = 188
WRAPPER_SIZE = 440  # the FILEDATA block in front of every payload
WRAPPER_MAGIC = b"FILEDATA"
NAME_FIELD = 128  # the name fields of the name record and the wrapper
COMMENT_FIELD = 255
FILE_ALIGNMENT = 0x8000  # the archive ends padded with zeros to a multiple of this
PADDED_ALIGNMENT = 2048  # variant "padded": where each wrapper starts

SET_MAGIC = 0x1004FA9957FBAA33
SET_VERSION = 1
BLOCK_SIZE = 0x8000  # the most uncompressed bytes a block or a stream chunk holds
MODE_TABLE = 0x8000
MODE_STREAM = 0

MESH_CLASS = 0x415D9568  # CRC-32 of "Mesh"; an SWS mesh file carries it at byte 5
TIMESTAMP = 1262304000  # any fixed value: 2010-01-01, so that the output is reproducible

# Recognisable filler for the fields the format only carries along, so that a reader which
# takes one of them for data (or skips the wrong number of bytes) shows it.
PREFIX_RECORDS = [b"PREFIX-1", b"PREFIX-2"]  # variants ac2-*: n = 2 records of 8 bytes
AC2_ROW_EXTRA = [0x1111, 0x2222]  # the k u16s of the first ac2 row (k = 0 for the others)
AC2_TRAILER = b"\xa5\x5a\xc3"  # the m = 3 bytes after the ac2 rows
FLAG1_DATA = bytes(range(0xE0, 0xEC))  # variant flag1: the 12 bytes after c = 1

MULTI_ENTRY_ID = 0x0000F025  # variant multi: the one entry's file id (none of the meshes')
MULTI_ENTRY_NAME = "all_meshes"


# --- LZO through ctypes ---------------------------------------------------------------------


class _LzoCallback(ctypes.Structure):
    """lzo_callback_t (lzoconf.h), only for its size, which lzo_init checks."""

    _fields_ = [
        ("nalloc", ctypes.c_void_p),
        ("nfree", ctypes.c_void_p),
        ("nprogress", ctypes.c_void_p),
        ("user1", ctypes.c_void_p),
        ("user2", ctypes.c_ulong),
        ("user3", ctypes.c_ulong),
    ]


LZO_VERSION = 0x20A0  # lzoconf.h of liblzo2 2.10; any 2.x library accepts it
LZO_E_OK = 0

# Compression number -> (compressor, decompressor). 0 and 1 are both LZO1X; the games' data is
# LZO1X-999 output, but any LZO1X stream decodes the same, so variant ac1-stream-lzo1x uses
# the fast compressor for variety.
CODECS = {
    0: ("lzo1x_999_compress", "lzo1x_decompress_safe"),
    1: ("lzo1x_999_compress", "lzo1x_decompress_safe"),
    2: ("lzo2a_999_compress", "lzo2a_decompress_safe"),
    5: ("lzo1c_999_compress", "lzo1c_decompress_safe"),
}


class Lzo:
    """The few liblzo2 functions the archives need."""

    # The 999 compressors need at most 14 * 16384 * sizeof(short) bytes of work memory (LZO1X;
    # less for LZO2A and LZO1C), LZO1X-1 16384 pointers: one MiB covers all of them.
    WORK_MEMORY = 1 << 20

    def __init__(self):
        self.lib = ctypes.CDLL("liblzo2.so.2")
        # lzo_init() is a macro over __lzo_init_v2 passing the caller's type sizes, which the
        # library compares with its own; a mismatch means the ctypes declarations below lie.
        init = getattr(self.lib, "__lzo_init_v2")
        init.restype = ctypes.c_int
        init.argtypes = [ctypes.c_uint] + [ctypes.c_int] * 9
        status = init(
            LZO_VERSION,
            ctypes.sizeof(ctypes.c_short),
            ctypes.sizeof(ctypes.c_int),
            ctypes.sizeof(ctypes.c_long),
            ctypes.sizeof(ctypes.c_uint32),
            ctypes.sizeof(ctypes.c_ulong),  # lzo_uint: unsigned long on LP64
            ctypes.sizeof(ctypes.c_void_p),  # lzo_sizeof_dict_t: a pointer
            ctypes.sizeof(ctypes.c_char_p),
            ctypes.sizeof(ctypes.c_void_p),
            ctypes.sizeof(_LzoCallback),
        )
        if status != LZO_E_OK:
            raise RuntimeError(f"lzo_init failed ({status}): liblzo2 does not match this ABI")
        self.work = ctypes.create_string_buffer(self.WORK_MEMORY)

    def _function(self, name):
        f = getattr(self.lib, name)
        f.restype = ctypes.c_int
        f.argtypes = [
            ctypes.c_char_p,
            ctypes.c_ulong,
            ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.c_void_p,
        ]
        return f

    def compress(self, function, data):
        """data compressed by liblzo2's `function` (e.g. "lzo1x_999_compress")."""
        # LZO's worst case grows the input by about 1/16 plus a few bytes; be generous.
        capacity = len(data) + len(data) // 8 + 256
        out = ctypes.create_string_buffer(capacity)
        out_len = ctypes.c_ulong(capacity)
        status = self._function(function)(data, len(data), out, ctypes.byref(out_len), self.work)
        if status != LZO_E_OK:
            raise RuntimeError(f"{function} failed ({status})")
        return out.raw[: out_len.value]

    def decompress(self, function, data, size):
        """data decompressed by `function` (a *_decompress_safe), which must give `size` bytes
        and consume all of data; None otherwise."""
        out = ctypes.create_string_buffer(max(size, 1))
        out_len = ctypes.c_ulong(size)
        status = self._function(function)(data, len(data), out, ctypes.byref(out_len), None)
        if status != LZO_E_OK or out_len.value != size:
            return None
        return out.raw[:size]


# --- Variants -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    name: str
    ac2: bool = False  # a prefix before the sets, and ac2 rows in the index part
    stream: bool = False  # one stream set (mode 0) instead of two table sets
    compression: int = 1  # the number in the set header
    compressor: str = ""  # liblzo2 function; "" = the number's (CODECS), "raw" = none
    padded: bool = False  # every wrapper on a multiple of 2048
    two_sections: bool = False  # AC1's empty second section chained after the first
    flag1: bool = False  # the records' flag-1 form
    multi: bool = False  # every mesh in one entry

    def compress_function(self):
        return self.compressor or CODECS[self.compression][0]


VARIANTS = {
    v.name: v
    for v in [
        Variant("ac1-table-lzo1x"),
        Variant("ac1-table-raw", compression=0, compressor="raw"),
        Variant("ac2-table-lzo1x", ac2=True),
        Variant("ac1-stream-lzo1x", stream=True, compressor="lzo1x_1_compress"),
        Variant("ac2-stream-lzo2a", ac2=True, stream=True, compression=2),
        Variant("ac1-table-lzo1c", compression=5),
        Variant("padded", padded=True),
        Variant("two-sections", two_sections=True),
        Variant("flag1", flag1=True),
        Variant("multi", multi=True),
    ]
}


# --- What goes in ---------------------------------------------------------------------------


@dataclass
class Resource:
    id: int
    class_id: int
    name: str
    body: bytes  # the mesh file, byte for byte
    source: str  # the mesh file's path


@dataclass
class Entry:
    file_id: int
    name: str
    resources: list


def read_mesh(path):
    """One SWS mesh file as a resource: u8 1, u32 id, u32 class at its start."""
    body = Path(path).read_bytes()
    if len(body) < 9 or body[0] != 1:
        raise ValueError(f"{path}: not an SWS mesh file (no u8 1, u32 id, u32 class)")
    resource_id, class_id = struct.unpack_from("<II", body, 1)
    if class_id != MESH_CLASS:
        raise ValueError(f"{path}: class 0x{class_id:08X} at byte 5, not Mesh")
    return Resource(resource_id, class_id, Path(path).stem, body, os.path.abspath(path))


def plan_entries(resources, variant):
    """One entry per resource (named and numbered after it), or all in one (variant multi)."""
    if variant.multi:
        return [Entry(MULTI_ENTRY_ID, MULTI_ENTRY_NAME, list(resources))]
    return [Entry(r.id, r.name, [r]) for r in resources]


# --- Writing --------------------------------------------------------------------------------


def name_field(name, size):
    raw = name.encode("utf-8")
    if len(raw) >= size:  # keep a NUL at the end: readers look for one
        raise ValueError(f"name {name!r} is longer than {size - 1} bytes")
    return raw.ljust(size, b"\0")


def adler32_from_zero(data):
    """Adler-32 with both sums starting at 0 (not a = 1 as in zlib's convention)."""
    a = b = 0
    # 5552 is the longest run for which b cannot overflow 32 bits before the modulo; Python
    # has no overflow, but summing in runs keeps this fast enough for the tests.
    for start in range(0, len(data), 5552):
        for byte in data[start : start + 5552]:
            a += byte
            b += a
        a %= 65521
        b %= 65521
    return (b << 16) | a


def set_header(compression, mode):
    return struct.pack("<QhBHH", SET_MAGIC, SET_VERSION, compression, BLOCK_SIZE, mode)


def table_set(data, variant, lzo):
    """A mode-0x8000 set: a table of (uncompressed, stored) u16 sizes, then checksum + bytes
    per block. A block is stored raw (both sizes equal) when compression does not shrink it."""
    blocks = [data[i : i + BLOCK_SIZE] for i in range(0, len(data), BLOCK_SIZE)] or [b""]
    if len(blocks) > 0xFFFF:
        raise ValueError("too many blocks for one set")
    stored = []
    for block in blocks:
        packed = block
        if variant.compress_function() != "raw" and block:
            candidate = lzo.compress(variant.compress_function(), block)
            if len(candidate) < len(block):
                packed = candidate
        stored.append(packed)
    out = bytearray(set_header(variant.compression, MODE_TABLE))
    out += struct.pack("<H", len(blocks))
    for block, packed in zip(blocks, stored):
        out += struct.pack("<HH", len(block), len(packed))
    for packed in stored:
        out += struct.pack("<I", adler32_from_zero(packed)) + packed
    return bytes(out)


# Stream chunk sizes, cycled: full blocks and odd sizes, so that chunk boundaries fall
# anywhere (inside the index part, a record's header, a name); the first is small so that
# every entry, even of one small mesh, has a raw chunk (the second) as well as compressed ones.
STREAM_CHUNK_SIZES = [0x0FFF, 0x8000, 0x1234, 0x8000, 0x7FFF]


def stream_set(data, variant, lzo):
    """A mode-0 set: chunks to the end of the payload, every third one raw (flag 0), the others
    compressed (flag 1) unless compression does not shrink them."""
    out = bytearray(set_header(variant.compression, MODE_STREAM))
    position = 0
    chunk = 0
    while position < len(data):
        size = STREAM_CHUNK_SIZES[chunk % len(STREAM_CHUNK_SIZES)]
        piece = data[position : position + size]
        packed = None
        if chunk % 3 != 1:
            packed = lzo.compress(variant.compress_function(), piece)
            if len(packed) >= len(piece):
                packed = None
        if packed is None:
            out += struct.pack("<Bi", 0, len(piece)) + piece
        else:
            out += struct.pack("<BiiI", 1, len(packed), len(piece), adler32_from_zero(packed))
            out += packed
        position += len(piece)
        chunk += 1
    return bytes(out)


def index_part(entry, record_sizes, variant):
    out = bytearray(struct.pack("<H", len(entry.resources)))
    for row, (resource, size) in enumerate(zip(entry.resources, record_sizes)):
        out += struct.pack("<II", resource.id, size)
        if variant.ac2:
            extra = AC2_ROW_EXTRA if row == 0 else []
            out += struct.pack(f"<h{len(extra)}H", len(extra), *extra)
    if variant.ac2:
        out += struct.pack("<I", len(AC2_TRAILER)) + AC2_TRAILER
    return bytes(out)


def flag_area(variant):
    if variant.flag1:
        return struct.pack("<B3xI", 1, 1) + FLAG1_DATA
    return b"\0"


def record(resource, variant):
    name = resource.name.encode("utf-8")
    head = struct.pack("<III", resource.class_id, len(resource.body), len(name))
    return head + name + flag_area(variant) + resource.body


def payload(entry, variant, lzo):
    if len(entry.resources) > 0xFFFF:
        raise ValueError("too many resources for one entry")
    records = [record(r, variant) for r in entry.resources]
    index = index_part(entry, [len(r) for r in records], variant)
    out = bytearray()
    if variant.ac2:
        out += struct.pack("<I", len(PREFIX_RECORDS)) + b"".join(PREFIX_RECORDS)
    if variant.stream:
        out += stream_set(index + b"".join(records), variant, lzo)
    else:
        out += table_set(index, variant, lzo)
        out += table_set(b"".join(records), variant, lzo)
    return bytes(out)


def wrapper(entry, payload_size):
    out = bytearray(WRAPPER_SIZE)
    out[0:8] = WRAPPER_MAGIC
    out[8:136] = name_field(entry.name, NAME_FIELD)
    # 136..391: the comment, zeros
    struct.pack_into("<Ii", out, 391, entry.file_id, payload_size)
    # 399: i64 0, 407: i32[6] zeros
    struct.pack_into("<I", out, 431, TIMESTAMP)
    # 435..440: zeros
    return bytes(out)


def name_record(entry, payload_size, class_id):
    out = bytearray(NAME_RECORD_SIZE)
    struct.pack_into("<i", out, 0, payload_size)
    struct.pack_into("<I", out, 16, class_id)
    struct.pack_into("<i", out, 40, TIMESTAMP)
    out[44:172] = name_field(entry.name, NAME_FIELD)
    return bytes(out)


def section(count, index_offset, next_offset, first, last, name_offset):
    return struct.pack(
        "<iiQqiiQQ", count, 1, index_offset, next_offset, first, last, name_offset, 0
    )


def align(value, alignment):
    return (value + alignment - 1) // alignment * alignment


def build_forge(entries, variant, lzo):
    """The archive's bytes and, per entry, the offset of its wrapper."""
    count = len(entries)
    payloads = [payload(e, variant, lzo) for e in entries]

    section1 = DATA_HEADER_OFFSET + DATA_HEADER_SIZE
    index_table = section1 + SECTION_SIZE
    name_table = index_table + INDEX_RECORD_SIZE * count
    tables_end = name_table + NAME_RECORD_SIZE * count
    section2 = tables_end if variant.two_sections else -1
    if variant.two_sections:
        tables_end += SECTION_SIZE  # its index and name tables are empty, right after it

    offsets = []
    position = tables_end
    for p in payloads:
        if variant.padded:
            position = align(position, PADDED_ALIGNMENT)
        offsets.append(position)
        position += WRAPPER_SIZE + len(p)
    end = align(position, FILE_ALIGNMENT)

    out = bytearray(end)
    out[0:8] = MAGIC
    struct.pack_into("<BiQ", out, 8, 0, VERSION, DATA_HEADER_OFFSET)
    struct.pack_into("<iB", out, 21, 16, 1)
    sections = 2 if variant.two_sections else 1
    struct.pack_into(
        "<iiiiiiiiQ", out, DATA_HEADER_OFFSET, count, 0, 0, 0, -1, -1, count, sections, section1
    )
    out[section1 : section1 + SECTION_SIZE] = section(
        count, index_table, section2, 0, count - 1, name_table
    )
    for i, (entry, p, offset) in enumerate(zip(entries, payloads, offsets)):
        struct.pack_into(
            "<QII", out, index_table + i * INDEX_RECORD_SIZE, offset, entry.file_id, len(p)
        )
        at = name_table + i * NAME_RECORD_SIZE
        out[at : at + NAME_RECORD_SIZE] = name_record(entry, len(p), entry.resources[0].class_id)
        out[offset : offset + WRAPPER_SIZE] = wrapper(entry, len(p))
        out[offset + WRAPPER_SIZE : offset + WRAPPER_SIZE + len(p)] = p
    if variant.two_sections:
        # AC1's quirk: an empty section after the last, its index range continuing as if it
        # held another `count` entries.
        empty = section2 + SECTION_SIZE
        out[section2 : section2 + SECTION_SIZE] = section(0, empty, -1, count, 2 * count - 1, empty)
    return bytes(out), offsets


def manifest_of(entries, variant, forge_path):
    return {
        "forge": os.path.abspath(forge_path),
        "variant": variant.name,
        "entries": [
            {
                "file_id": e.file_id,
                "name": e.name,
                "resources": [
                    {"id": r.id, "class": r.class_id, "name": r.name, "mesh": r.source}
                    for r in e.resources
                ],
            }
            for e in entries
        ],
    }


def write_forge(out_path, variant_name, mesh_paths, lzo=None):
    """Writes OUT and OUT.json; returns the manifest."""
    variant = VARIANTS[variant_name]
    resources = [read_mesh(p) for p in mesh_paths]
    if not resources:
        raise ValueError("no mesh file given")
    entries = plan_entries(resources, variant)
    ids = [e.file_id for e in entries]
    if len(set(ids)) != len(ids):
        raise ValueError("two entries would share a file id")
    data, _ = build_forge(entries, variant, lzo or Lzo())
    Path(out_path).write_bytes(data)
    manifest = manifest_of(entries, variant, out_path)
    Path(str(out_path) + ".json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


# --- Reading back ---------------------------------------------------------------------------
# A reader of its own, for --check: it parses the archive from its bytes (walking the section
# chain, following every offset) rather than re-running the writer, so that a writer bug shows
# as a mismatch instead of being reproduced.


class FormatError(Exception):
    pass


def name_of(field, what):
    """The name in a NUL-padded field; every byte after its NUL must be zero too."""
    name, nul, rest = bytes(field).partition(b"\0")
    expect(nul and not any(rest), f"{what}: name field not NUL-padded")
    return name


class Cursor:
    def __init__(self, data, position=0, what="archive"):
        self.data = data
        self.position = position
        self.what = what

    def take(self, size):
        if size < 0 or self.position < 0 or self.position + size > len(self.data):
            raise FormatError(
                f"{self.what}: {size} bytes at {self.position} run past its end ({len(self.data)})"
            )
        piece = self.data[self.position : self.position + size]
        self.position += size
        return piece

    def read(self, fmt):
        values = struct.unpack("<" + fmt, self.take(struct.calcsize("<" + fmt)))
        return values[0] if len(values) == 1 else values

    def at_end(self):
        return self.position == len(self.data)


def expect(condition, message):
    if not condition:
        raise FormatError(message)


def decode_block(lzo, compression, packed, size, what):
    expect(compression in CODECS, f"{what}: compression number {compression} unknown")
    data = lzo.decompress(CODECS[compression][1], packed, size)
    expect(data is not None, f"{what}: LZO stream does not decode to {size} bytes")
    return data


def read_set_header(cursor, what):
    magic, version, compression, block_size, mode = cursor.read("QhBHH")
    expect(magic == SET_MAGIC, f"{what}: set magic 0x{magic:016X}")
    expect(version == SET_VERSION, f"{what}: set version {version}")
    expect(block_size == BLOCK_SIZE, f"{what}: block size 0x{block_size:X}")
    return compression, mode


def read_table_set(cursor, lzo, what, stats):
    compression, mode = read_set_header(cursor, what)
    expect(mode == MODE_TABLE, f"{what}: mode 0x{mode:X}, expected a table set")
    count = cursor.read("H")
    sizes = [cursor.read("HH") for _ in range(count)]
    out = bytearray()
    for i, (size, stored) in enumerate(sizes):
        expect(size <= BLOCK_SIZE, f"{what}: block {i} of {size} bytes")
        checksum = cursor.read("I")
        packed = cursor.take(stored)
        expect(checksum == adler32_from_zero(packed), f"{what}: block {i} checksum")
        if size == stored:
            out += packed
            stats["raw"] += 1
        else:
            out += decode_block(lzo, compression, packed, size, f"{what} block {i}")
            stats["compressed"] += 1
    stats["sets"].append(("table", compression, count))
    return bytes(out)


def read_stream_set(cursor, lzo, what, stats):
    compression, mode = read_set_header(cursor, what)
    expect(mode == MODE_STREAM, f"{what}: mode 0x{mode:X}, expected a stream")
    out = bytearray()
    chunks = 0
    while not cursor.at_end():
        flag = cursor.read("B")
        if flag == 0:
            size = cursor.read("i")
            expect(0 <= size <= BLOCK_SIZE, f"{what}: raw chunk {chunks} of {size} bytes")
            out += cursor.take(size)
            stats["raw"] += 1
        else:
            expect(flag == 1, f"{what}: chunk {chunks} flag {flag}")
            stored, size, checksum = cursor.read("iiI")
            expect(0 <= size <= BLOCK_SIZE, f"{what}: chunk {chunks} of {size} bytes")
            packed = cursor.take(stored)
            expect(checksum == adler32_from_zero(packed), f"{what}: chunk {chunks} checksum")
            out += decode_block(lzo, compression, packed, size, f"{what} chunk {chunks}")
            stats["compressed"] += 1
        chunks += 1
    stats["sets"].append(("stream", compression, chunks))
    return bytes(out)


def read_payload(data, variant, lzo, what):
    """The resources of one payload: a list of (id, class, name, body), and statistics."""
    stats = {"raw": 0, "compressed": 0, "sets": [], "prefix": None}
    cursor = Cursor(data, what=what)
    if variant.ac2:
        n = cursor.read("I")
        stats["prefix"] = [cursor.take(8) for _ in range(n)]
    if variant.stream:
        decoded = Cursor(read_stream_set(cursor, lzo, what, stats), what=what + " (stream)")
        index = decoded
        records = decoded
    else:
        index = Cursor(read_table_set(cursor, lzo, what + " set 1", stats), what=what + " index")
        records = Cursor(
            read_table_set(cursor, lzo, what + " set 2", stats), what=what + " records"
        )
        expect(cursor.at_end(), f"{what}: {len(data) - cursor.position} bytes after the sets")

    rows = []
    for _ in range(index.read("H")):
        resource_id, size = index.read("II")
        extra = []
        if variant.ac2:
            k = index.read("h")
            expect(k >= 0, f"{what}: negative k")
            extra = [index.read("H") for _ in range(k)]
        rows.append((resource_id, size, extra))
    trailer = None
    if variant.ac2:
        trailer = index.take(index.read("I"))
    if not variant.stream:
        expect(index.at_end(), f"{what}: bytes after the index part")
    stats["rows"] = rows
    stats["trailer"] = trailer

    resources = []
    for resource_id, size, _ in rows:
        start = records.position
        class_id, body_size, name_length = records.read("III")
        name = records.take(name_length)
        flag = records.read("B")
        flag_data = None
        if flag == 1:
            zeros = records.take(3)
            c = records.read("I")
            flag_data = (zeros, c, records.take(12 * c))
        else:
            expect(flag == 0, f"{what}: record flag {flag}")
        body = records.take(body_size)
        expect(
            records.position - start == size,
            f"{what}: record of {records.position - start} bytes, row says {size}",
        )
        resources.append((resource_id, class_id, name, body, flag_data))
    expect(records.at_end(), f"{what}: bytes after the last record")
    return resources, stats


def read_forge(data, variant, lzo):
    """The sections as (count, first, last), where the tables end, and every entry, each a
    dict; raises FormatError at the first problem."""
    head = Cursor(data, what="header")
    expect(head.take(8) == MAGIC, "no scimitar magic")
    expect(head.read("B") == 0, "byte 8 not 0")
    expect(head.read("i") == VERSION, "version not 25")
    data_header = head.read("Q")
    expect(data_header == DATA_HEADER_OFFSET, f"data header at {data_header}")
    expect(head.read("iB") == (16, 1), "bytes 21..25 not i32 16, u8 1")
    expect(not any(data[26:data_header]), "reserved header bytes not zero")

    dh = Cursor(data, data_header, "data header")
    count, *fields, max_files, section_count, first_section = dh.read("iiiiiiiiQ")
    expect(fields == [0, 0, 0, -1, -1], f"data header fields {fields}")
    expect(max_files == count, f"max files {max_files}, entry count {count}")

    index_records, name_records, sections, seen = [], [], [], set()
    tables_end = first_section
    offset = first_section
    while offset != -1:
        expect(offset not in seen, "section chain loops")
        seen.add(offset)
        s = Cursor(data, offset, "section")
        n, unknown, index_table, next_offset, first, last, name_table, zero = s.read("iiQqiiQQ")
        expect(unknown == 1 and zero == 0, "section constants")
        # bounded before anything is allocated for its records
        expect(0 <= n <= len(data) // NAME_RECORD_SIZE, f"section count {n}")
        expect(index_table == offset + SECTION_SIZE, "index table not after its section")
        expect(name_table == index_table + n * INDEX_RECORD_SIZE, "name table misplaced")
        if n:
            expect((first, last) == (len(index_records), len(index_records) + n - 1), "range")
        for i in range(n):
            index_records.append(
                Cursor(data, index_table + i * INDEX_RECORD_SIZE, "index").read("QII")
            )
            name_records.append(data[name_table + i * NAME_RECORD_SIZE :][:NAME_RECORD_SIZE])
        sections.append((n, first, last))
        tables_end = max(tables_end, offset + SECTION_SIZE, name_table + n * NAME_RECORD_SIZE)
        offset = next_offset
    expect(
        len(sections) == section_count,
        f"{len(sections)} sections, data header says {section_count}",
    )
    expect(len(index_records) == count, "entry count and sections disagree")

    entries = []
    for (offset, file_id, size), nr in zip(index_records, name_records):
        what = f"entry 0x{file_id:08X}"
        expect(len(nr) == NAME_RECORD_SIZE, f"{what}: name record cut")
        nsize, ntype, ntime = struct.unpack_from("<i12xI20xi", nr, 0)
        expect(nsize == size, f"{what}: name record size {nsize}, index {size}")
        expect(ntime == TIMESTAMP, f"{what}: name record timestamp")
        name = name_of(nr[44:172], what + " name record")
        expect(not any(nr[4:16] + nr[20:40] + nr[172:]), f"{what}: name record filler")
        w = Cursor(data, offset, what + " wrapper")
        expect(w.take(8) == WRAPPER_MAGIC, f"{what}: no FILEDATA")
        wname = name_of(w.take(NAME_FIELD), what + " wrapper")
        expect(not any(w.take(COMMENT_FIELD)), f"{what}: comment not zero")
        wid, wsize, zero64 = w.read("IiQ")
        expect((wid, wsize) == (file_id, size), f"{what}: wrapper id/size")
        expect(zero64 == 0 and not any(w.take(24)), f"{what}: wrapper zeros")
        expect(w.read("I") == TIMESTAMP and not any(w.take(5)), f"{what}: wrapper tail")
        expect(wname == name, f"{what}: wrapper name {wname!r}, name record {name!r}")
        body = Cursor(data, offset + WRAPPER_SIZE, what).take(size)
        resources, stats = read_payload(body, variant, lzo, what)
        entries.append(
            {
                "file_id": file_id,
                "name": name,
                "type": ntype,
                "offset": offset,
                "size": size,
                "resources": resources,
                "stats": stats,
            }
        )
    return sections, tables_end, entries


def check_layout(data, tables_end, entries, variant):
    """Where the writer promised to put things: contiguous (or 2048-aligned) wrappers right
    after the tables, zeros between them and after the last, the file a multiple of 0x8000."""
    problems = []
    position = tables_end
    for e in entries:
        expected = align(position, PADDED_ALIGNMENT) if variant.padded else position
        if e["offset"] != expected:
            problems.append(f"entry 0x{e['file_id']:08X} at {e['offset']}, expected {expected}")
        if any(data[position : e["offset"]]):
            problems.append(f"non-zero bytes before entry 0x{e['file_id']:08X}")
        position = e["offset"] + WRAPPER_SIZE + e["size"]
    if len(data) % FILE_ALIGNMENT or len(data) - position >= FILE_ALIGNMENT:
        problems.append(f"file size {len(data)} not the end {position} rounded up to 0x8000")
    if any(data[position:]):
        problems.append("non-zero bytes after the last entry")
    return problems


def check_forge(forge_path, manifest=None, lzo=None):
    """Reads the archive back and compares it with its manifest and the mesh files; returns a
    list of problems (empty when everything matches)."""
    if manifest is None:
        manifest = json.loads(Path(str(forge_path) + ".json").read_text())
    variant = VARIANTS[manifest["variant"]]
    data = Path(forge_path).read_bytes()
    try:
        sections, tables_end, entries = read_forge(data, variant, lzo or Lzo())
    except FormatError as e:
        return [f"{forge_path}: {e}"]
    problems = check_layout(data, tables_end, entries, variant)
    expected = manifest["entries"]
    n = len(expected)
    want_sections = [(n, 0, n - 1)] + ([(0, n, 2 * n - 1)] if variant.two_sections else [])
    if sections != want_sections:
        problems.append(f"sections (count, first, last) {sections}, expected {want_sections}")
    if len(entries) != len(expected):
        problems.append(f"{len(entries)} entries, manifest has {len(expected)}")
    for got, want in zip(entries, expected):
        what = f"entry {want['name']}"
        if got["file_id"] != want["file_id"] or got["name"] != want["name"].encode():
            problems.append(f"{what}: read as 0x{got['file_id']:08X} {got['name']!r}")
        if got["type"] != want["resources"][0]["class"]:
            problems.append(f"{what}: name record type 0x{got['type']:08X}")
        if len(got["resources"]) != len(want["resources"]):
            problems.append(f"{what}: {len(got['resources'])} resources")
        for (rid, cls, name, body, flag_data), r in zip(got["resources"], want["resources"]):
            if (rid, cls, name) != (r["id"], r["class"], r["name"].encode()):
                problems.append(f"{what}: resource read as 0x{rid:08X} 0x{cls:08X} {name!r}")
            if body != Path(r["mesh"]).read_bytes():
                problems.append(f"{what}: resource {r['name']}: body differs from {r['mesh']}")
            want_flag = (b"\0\0\0", 1, FLAG1_DATA) if variant.flag1 else None
            if flag_data != want_flag:
                problems.append(f"{what}: flag area {flag_data!r}")
        problems += check_stats(got["stats"], variant, what)
    return problems


def check_stats(stats, variant, what):
    """That the payload really is in the variant's form (so a variant cannot silently degrade
    into another one, e.g. every block raw where compression was asked for)."""
    problems = []
    kinds = [s[0] for s in stats["sets"]]
    if kinds != (["stream"] if variant.stream else ["table", "table"]):
        problems.append(f"{what}: sets {kinds}")
    if any(s[1] != variant.compression for s in stats["sets"]):
        problems.append(f"{what}: compression numbers {[s[1] for s in stats['sets']]}")
    if variant.compress_function() == "raw" and stats["compressed"]:
        problems.append(f"{what}: compressed blocks in a raw variant")
    if variant.compress_function() != "raw" and not stats["compressed"]:
        problems.append(f"{what}: no compressed block")
    if variant.stream and not stats["raw"]:
        problems.append(f"{what}: no raw chunk in the stream")
    if variant.multi and stats["sets"][-1][2] < 3:
        problems.append(f"{what}: the records span {stats['sets'][-1][2]} blocks, expected 3+")
    if variant.ac2:
        if stats["prefix"] != PREFIX_RECORDS or stats["trailer"] != AC2_TRAILER:
            problems.append(f"{what}: ac2 prefix or trailer")
        extras = [row[2] for row in stats["rows"]]
        if extras != [AC2_ROW_EXTRA] + [[]] * (len(extras) - 1):
            problems.append(f"{what}: ac2 row extras {extras}")
    return problems


# --- Command line ---------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", help="the archive to write (and OUT.json beside it)")
    parser.add_argument("meshes", nargs="*", help="SWS mesh files (samples/sws/*.mesh)")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="ac1-table-lzo1x")
    parser.add_argument("--check", metavar="FORGE", help="read FORGE back against FORGE.json")
    parser.add_argument("--list-variants", action="store_true")
    args = parser.parse_intermixed_args(argv)

    if args.list_variants:
        print("\n".join(VARIANTS))
        return 0
    if args.check:
        problems = check_forge(args.check)
        for p in problems:
            print(f"make_forge25: {p}", file=sys.stderr)
        if not problems:
            print(f"make_forge25: {args.check}: reads back as written")
        return 1 if problems else 0
    if not args.out or not args.meshes:
        parser.error("OUT.forge and at least one MESHFILE are needed")
    manifest = write_forge(args.out, args.variant, args.meshes)
    resources = sum(len(e["resources"]) for e in manifest["entries"])
    print(
        f"make_forge25: {args.out}: {args.variant}, {len(manifest['entries'])} entries, "
        f"{resources} resources"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
