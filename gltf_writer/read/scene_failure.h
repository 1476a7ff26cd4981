// How the scene reader fails (scene_read.cpp and its parts): a SceneFailure thrown from where
// the problem is found, turned into the returned Diagnostic by read_scene_glb / _gltf.
#pragma once

#include <string>
#include <utility>

#include "ir/diagnostic.h"

namespace f2g::gltf::scene {

struct SceneFailure {
  ir::Diagnostic error;
};

[[noreturn]] inline void fail(const char* code, std::string message, std::string path) {
  throw SceneFailure{{code, std::move(message), std::move(path), 0}};
}

}  // namespace f2g::gltf::scene
