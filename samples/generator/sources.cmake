# forge2gltf-samples: filled by the samples work
