# Salvo: `make demo` runs the main job on the embedded server, `make test` passes the tests.
# Both install what the machine lacks first (Debian packages, with sudo when not root): `make
# deps` only what building and running Salvo needs, `make test-deps` that and the test tools.
# Both build SwiftPM's debug configuration, the same one (`make build`): `make test` after `make
# demo` compiles only the tests. `make release` (and `make install`) is the optimized binary
# with the Swift runtime linked in, for real use: it costs more than twice the CPU of the debug
# build, too much for `make demo`'s 4 minutes from a bare machine (issue 30; BENCHMARKS.md,
# "From a bare machine").

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTHON ?= python3
# The project's own Python environment for the test tools (gitignored), never the system's.
VENV := .venv

# To build and run Salvo (`make demo`, `make release`): libcurl4-openssl-dev: the HTTP client;
# libssl-dev: SHA-256 and HMAC from OpenSSL's libcrypto, which libcurl links anyway
# (Sources/Digests); libsqlite3-dev: GRDB's SQLite; pkg-config: finds those three for the
# build; git: SwiftPM fetches the Swift packages with it; bubblewrap: the sandbox of external bots (util-linux:
# setpriv, unshare and flock for it; libseccomp-dev: the system-call filter bwrap installs, built
# by Sources/CSeccomp); python3: the demo's external bot; zlib1g-dev: the report's packs of
# replays are deflated (Sources/CZlib); libarchive-dev: the arena unpacks uploads and `salvo
# submit` packs them (Sources/CArchive).
DEMO_PACKAGES := libcurl4-openssl-dev libssl-dev libsqlite3-dev pkg-config git bubblewrap util-linux libseccomp-dev python3 zlib1g-dev libarchive-dev
# Only for the tests (`make test`): curl: the game by hand (`make curl-game`, docs/curl-game.sh);
# wrk: the server benchmark (`make bench-server`);
# chromium: the browser tests open the HTML reports in real headless Chromium
# (Tests/BrowserTests), and fail, saying to run `make test-deps`, without it; gcc and
# default-jdk-headless: the compilers of the example submissions (bots/submissions-example, a
# C and a Java bot built in the sandbox), which the Submissions tests build for real;
# slurm-wlm, munge: the private single-node Slurm cluster the cluster tests start and stop
# (Tests/ClusterTests, docs/cluster-testing.md); python3-venv: the test tools' environment.
TEST_PACKAGES := curl wrk chromium gcc default-jdk-headless slurm-wlm munge python3-venv
# PyPI, into $(VENV): kubernetes-validate, the official Kubernetes schemas, bundled, for the
# manifest tests (Tests/ClusterTests run $(VENV)/bin/python3); jsonschema, which checks
# results.json, the replays and load.json against reports/schemas (Tests/SalvoTestSupport's
# ProjectPython).
PYTHON_TEST_PACKAGES := kubernetes-validate jsonschema

# Where `make install` puts Salvo (DESTDIR for staging, as packagers use it).
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE_BINARY := .build/release/salvo

.PHONY: all deps test-deps commit-stamp build release static-debug install test lint format demo curl-game bench-server clean

all: build

# Installs those of the Debian packages named in $(1) that are missing.
define install_debian
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_debian,$(DEMO_PACKAGES))

test-deps: deps
	$(call install_debian,$(TEST_PACKAGES))
	@if ! $(VENV)/bin/python3 -c 'import kubernetes_validate, jsonschema' 2>/dev/null; then \
	  echo "Installing the PyPI packages $(PYTHON_TEST_PACKAGES) into $(VENV)"; \
	  $(PYTHON) -m venv $(VENV) && $(VENV)/bin/python3 -m pip install -q --disable-pip-version-check $(PYTHON_TEST_PACKAGES); \
	fi

# The commit that `salvo --version` and every report name (Sources/SalvoVersion): git's first
# 12 hex digits, with -dirty when tracked files were changed; SALVO_COMMIT when given (a tarball
# has no .git); else "unknown". Written to a gitignored header only when it changed, so an
# unchanged commit rebuilds nothing.
COMMIT_HEADER := Sources/CBuildInfo/build_commit.h

commit-stamp:
	@if [ -n "$${SALVO_COMMIT:-}" ]; then commit="$$SALVO_COMMIT"; \
	elif [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$$(pwd -P)" ]; then \
	  commit=$$(git rev-parse --short=12 HEAD); git diff --quiet HEAD -- || commit="$$commit-dirty"; \
	else commit=unknown; fi; \
	line="#define SALVO_BUILD_COMMIT \"$$commit\""; \
	if [ "$$(cat $(COMMIT_HEADER) 2>/dev/null)" != "$$line" ]; then \
	  echo "$$line" > $(COMMIT_HEADER); touch Sources/CBuildInfo/build_info.c; \
	fi

# The debug build of the salvo command (.build/debug/salvo), without the test-support targets,
# which `make test` adds. The same flags as `make test`'s build, so that it reuses all of it.
build: deps commit-stamp
	$(SWIFT) build --product salvo

# The Swift runtime (the standard library, Concurrency, Foundation, Dispatch) linked in from the
# toolchain's swift_static folder, so the binary runs on a machine without Swift: it needs only
# the system's libc, libcurl, libsqlite3, libcrypto, libseccomp and libz (benchmarks/static-binary.sh checks).
# Only the salvo product: the test-support targets are not built (17 s of CPU, BENCHMARKS.md).
release: deps commit-stamp
	$(SWIFT) build -c release --static-swift-stdlib --product salvo

# The debug build's objects linked as `make release` links its own (the Swift runtime from
# swift_static), into $(STATIC_DEBUG_BINARY), for the test that runs it with the toolchain's folder
# hidden (Tests/SalvoCLITests/StaticBinaryTests.swift): a link, not a build (about 8 s; the
# release build would add minutes to `make test`). In the debug configuration the linker meets
# Foundation's static archives before their own dependencies (ICU, the C shims), so they are named
# again inside one group. Then .build/debug/salvo is linked again as it was, for the other tests.
STATIC_DEBUG_BINARY := .build/static-debug/salvo
STATIC_DEBUG_LINK := $(foreach flag,--start-group -lFoundation -lFoundationInternationalization -l_FoundationICU \
  -lFoundationEssentials -l_FoundationCShims -l_FoundationCollections -lCoreFoundation --end-group,-Xlinker $(flag))

static-debug: deps commit-stamp
	$(SWIFT) build --product salvo --static-swift-stdlib $(STATIC_DEBUG_LINK)
	install -D -m 755 .build/debug/salvo $(STATIC_DEBUG_BINARY)
	@# SwiftPM builds both links in one folder, and its incremental compiler may keep objects the
	@# static build compiled, whose autolink entries name the static archives (-lCoreFoundation):
	@# the dynamic link then fails. Those objects are removed, so they are compiled again.
	@grep -l -a -e '-lCoreFoundation' .build/debug/*.build/*.o 2>/dev/null | xargs -r rm -f
	$(SWIFT) build --product salvo

# The binary without its symbol tables (81 MB instead of 149; .build/release/salvo keeps them,
# for backtraces with names), the shell completions (bash, zsh, fish; argument-parser writes
# them) and every command's --help text.
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/salvo \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -s -m 755 $(RELEASE_BINARY) $(DESTDIR)$(PREFIX)/bin/salvo
	$(RELEASE_BINARY) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/salvo
	$(RELEASE_BINARY) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_salvo
	$(RELEASE_BINARY) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/salvo.fish
	@{ $(RELEASE_BINARY) --help; \
	  for command in $$($(RELEASE_BINARY) --help | awk '/^SUBCOMMANDS:/ {on = 1; next} on && /^  [a-z]/ {print $$1} on && /^$$/ {on = 0}'); do \
	    printf '\n\n===== salvo %s =====\n\n' "$$command"; $(RELEASE_BINARY) help "$$command"; \
	  done; } > $(DESTDIR)$(PREFIX)/share/doc/salvo/help.txt
	install -m 644 README.md LICENSE $(DESTDIR)$(PREFIX)/share/doc/salvo/
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/salvo, its shell completions, and its help in $(DESTDIR)$(PREFIX)/share/doc/salvo"

# At most TEST_WIDTH tests at once: the suites start real servers, bots, compilers, Chromium
# and a Slurm cluster, and on 2 cores a hundred of them at once starve each other's clocks.
TEST_WIDTH ?= 4

# The build on top of `make build`'s (the same debug configuration and flags: nothing of it is
# compiled again), the static link of it (`make static-debug`), then the tests without a second build.
test: test-deps commit-stamp
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory static-debug
	SALVO_STATIC_BINARY=$(abspath $(STATIC_DEBUG_BINARY)) $(SWIFT) test --skip-build --experimental-maximum-parallelization-width $(TEST_WIDTH)

# swift-format (the toolchain's) with .swift-format, Hummingbird's settings but arguments and
# returns kept as written (CONTRIBUTING.md, "Style"): `make lint` fails on any change
# `make format` would make, or any warning of the rules it cannot fix by itself.
SWIFT_FORMAT ?= $(dir $(SWIFT))swift-format
FORMATTED := Package.swift Sources Tests

lint:
	$(SWIFT_FORMAT) lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel $(FORMATTED)

# The demo's tournament with the debug binary: its 240 games take about 31 to 33 s of CPU
# against 9 s with the release binary, where the release build would cost about 390 s of CPU
# more than the debug one (281 s against 670 s from a fresh clone; BENCHMARKS.md, issue 30).
demo: build
	.build/debug/salvo run tournaments/demo.yaml

curl-game: release
	$(call install_debian,curl)
	./docs/curl-game.sh .build/release/salvo

bench-server: release
	$(call install_debian,wrk)
	./benchmarks/server.sh .build/release/salvo

clean:
	rm -rf .build
