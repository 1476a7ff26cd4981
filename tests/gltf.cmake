# glTF writer/reader tests: filled by the writer work
