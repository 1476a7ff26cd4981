// An LD_PRELOAD shim that turns fsync / fdatasync into no-ops, so bench/run can measure what
// the converter's per-file fsync costs (its "no fsync" rows). A measuring aid only.
extern "C" int fsync(int) { return 0; }
extern "C" int fdatasync(int) { return 0; }
