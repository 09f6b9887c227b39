// libarchive (Debian's libarchive-dev), for the arena's uploads: unpacked by
// Sources/ArchiveIntake/ArchiveUnpacker.swift, packed by `salvo submit` (ArchivePacker.swift).
#include <archive.h>
#include <archive_entry.h>
