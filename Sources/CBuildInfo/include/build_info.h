#ifndef SALVO_BUILD_INFO_H
#define SALVO_BUILD_INFO_H

/// The git commit this Salvo was built from: what the Makefile wrote into build_commit.h
/// (12 hex digits, `-dirty` when tracked files were changed), or "unknown" when it wrote none
/// (a build without make, or from a tarball without .git and without SALVO_COMMIT).
const char *salvo_build_commit(void);

#endif
