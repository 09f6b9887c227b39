// zlib, for the report's packed replays (Sources/Reports/Replays/Deflate.swift).
#include <zlib.h>
