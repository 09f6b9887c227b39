/// The settings an arena's season starts with, as `salvo arena init` writes them into
/// `arena.yaml` for the instructor to edit before the arena serves (docs/arena.md).
public enum ArenaSettings {
    /// The file `salvo arena init` writes.
    public static let template = """
        # An arena: a class's season that plays as students upload (salvo arena serve DIR).
        # Edit before serving; the keys are those of a tournament file's (tournaments/README.md).
        name: arena
        bots: [random, hunt-target, density]   # built-ins every student plays against
        games_per_pairing: 2
        limits: {memory_mb: 512, cpu_seconds: 60}
        # deadline: 2026-12-11T23:59:00Z      # entry freezes then; later uploads are kept, not entered
        submissions_per_day: 10                # per student
        upload_mb: 20                          # the largest archive accepted
        schedule: continuous                   # or nightly

        """
}
