// The texture decoding benchmark (bench/texture drives it): decode_level over deterministic
// random blocks of every format, as square levels of --size pixels (the size of a game's
// textures; the decoded levels stay small enough for malloc to reuse their memory), one
// thread, best of --repeat runs. Prints one line per format: "FORMAT MB Mpixel seconds MB/s
// Mpixel/s"; with --write DIR also writes the blocks as DIR/FORMAT.blocks and the level size
// and count as DIR/FORMAT.size ("SIZE LEVELS") for a peer to decode.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "formats/texture/decode.h"

namespace {

using namespace f2g::texture;

constexpr BlockFormat kFormats[] = {BlockFormat::B8G8R8A8, BlockFormat::BC1, BlockFormat::BC2,
                                    BlockFormat::BC3,      BlockFormat::BC4, BlockFormat::BC5,
                                    BlockFormat::BC7};

int usage() {
  std::fprintf(stderr,
               "usage: forge2gltf-bench-texture [--mb N] [--size N] [--repeat N] [--write DIR]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  double mb = 16;
  int repeat = 3;
  uint32_t side = 1024;
  std::string write_dir;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage();
    if (a == "--mb")
      mb = std::atof(argv[++i]);
    else if (a == "--size")
      side = uint32_t(std::atoi(argv[++i]));
    else if (a == "--repeat")
      repeat = std::atoi(argv[++i]);
    else if (a == "--write")
      write_dir = argv[++i];
    else
      return usage();
  }
  if (mb <= 0 || repeat < 1 || side < 4 || side > 16384) return usage();
  std::mt19937_64 rng(1);
  for (BlockFormat f : kFormats) {
    // Whole levels holding about `mb` megabytes.
    const uint64_t per_level = level_bytes(f, side, side);
    const uint64_t levels = std::max<uint64_t>(1, uint64_t(mb * 1e6) / per_level);
    std::vector<uint8_t> blocks(size_t(per_level * levels));
    for (size_t i = 0; i + 8 <= blocks.size(); i += 8) {
      const uint64_t v = rng();
      std::memcpy(blocks.data() + i, &v, 8);
    }
    double best = 1e30;
    for (int r = 0; r < repeat; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      for (uint64_t l = 0; l < levels; ++l) {
        auto rgba = decode_level(f, side, side, blocks.data() + l * per_level, size_t(per_level));
        if (!rgba) {
          std::fprintf(stderr, "%s\n", rgba.error().to_string().c_str());
          return 1;
        }
      }
      const auto t1 = std::chrono::steady_clock::now();
      best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
    }
    const double mbytes = double(blocks.size()) / 1e6;
    const double mpixels = double(side) * side * double(levels) / 1e6;
    std::printf("%s %.2f %.2f %.6f %.1f %.1f\n", format_name(f), mbytes, mpixels, best,
                mbytes / best, mpixels / best);
    if (!write_dir.empty()) {
      const std::string base = write_dir + "/" + format_name(f);
      std::ofstream(base + ".blocks", std::ios::binary)
          .write(reinterpret_cast<const char*>(blocks.data()), std::streamsize(blocks.size()));
      std::ofstream(base + ".size") << side << " " << levels << "\n";
    }
  }
  return 0;
}
