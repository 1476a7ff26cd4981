# converter/CLI tests: filled by the converter work
