// zlib, for the report's packed replays (Sources/Reports/Deflate.swift).
#include <zlib.h>
