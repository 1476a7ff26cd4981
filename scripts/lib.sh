# Shared by scripts/demo and scripts/test (sourced, not run): the Debian packages the build
# needs and an idempotent installer. Works as root on a fresh Debian 12, or with sudo.

F2G_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The build's dependencies (Debian 12 names): compiler and CMake, the libraries, the tests.
F2G_PACKAGES=(cmake g++ make libtinygltf-dev libmeshoptimizer-dev libeigen3-dev libcli11-dev
              nlohmann-json3-dev libgtest-dev googletest libstb-dev liblzo2-dev libsquish-dev
              pkg-config lld)
# The independent texture decoders the tests compare ours with (Debian's Pillow, OpenImageIO).
F2G_TEST_PACKAGES=(python3-pil python3-openimageio)

f2g_installed() {
  dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

# f2g_ensure_packages PKG...: installs the ones dpkg does not list as installed; runs
# apt-get update only when something is missing.
f2g_ensure_packages() {
  local missing=() p
  for p in "$@"; do
    f2g_installed "$p" || missing+=("$p")
  done
  ((${#missing[@]} == 0)) && return 0
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || {
      echo "forge2gltf: missing packages ${missing[*]}; run as root or install sudo" >&2
      return 1
    }
    sudo=(sudo)
  fi
  echo "forge2gltf: installing ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
}

# f2g_build BUILD_DIR [cmake -D options...] -- [targets...]: configure once, build with all
# cores. A build directory configured before is reused as is (incremental).
f2g_build() {
  local dir=$1
  shift
  local defs=() targets=()
  while (($#)) && [[ $1 != -- ]]; do defs+=("$1"); shift; done
  (($#)) && shift
  targets=("$@")
  cmake -S "$F2G_ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${defs[@]}" >/dev/null
  local t=()
  ((${#targets[@]})) && t=(--target "${targets[@]}")
  cmake --build "$dir" -j"$(nproc)" "${t[@]}"
}

# f2g_sanitize_build BUILD_DIR [cmake -D options...] -- [targets...]: the clang build with
# ASan + UBSan that both the sanitizer suite (scripts/test --sanitize) and the libFuzzer
# targets (fuzz/run) use. The libraries carry libFuzzer's coverage instrumentation too, so
# CI compiles them once for both instead of twice.
f2g_sanitize_build() {
  local dir=$1
  shift
  f2g_ensure_packages clang libclang-rt-14-dev
  CC=clang CXX=clang++ f2g_build "$dir" -DFORGE2GLTF_SANITIZE=ON -DFORGE2GLTF_FUZZ=ON \
    -DFORGE2GLTF_BENCH=OFF "$@"
}
