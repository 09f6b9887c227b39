# Salvo: `make demo` runs the main job on the embedded server, `make test` passes the tests.
# Both install what the machine lacks first (Debian packages, with sudo when not root): `make
# deps` only what building and running Salvo needs, `make test-deps` that and the test tools.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTHON ?= python3
# The project's own Python environment for the test tools (gitignored), never the system's.
VENV := .venv

# To build and run Salvo (`make demo`, `make release`): libcurl4-openssl-dev: the HTTP client;
# libssl-dev: SHA-256 and HMAC from OpenSSL's libcrypto, which libcurl links anyway
# (Sources/Digests); libsqlite3-dev: GRDB's SQLite; pkg-config: finds those three for the
# build; git: SwiftPM fetches the Swift packages with it; bubblewrap: the sandbox of external bots (util-linux:
# setpriv, unshare and flock for it); python3: the demo's external bot.
DEMO_PACKAGES := libcurl4-openssl-dev libssl-dev libsqlite3-dev pkg-config git bubblewrap util-linux python3
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
# manifest tests (Tests/ClusterTests run $(VENV)/bin/python3).
PYTHON_TEST_PACKAGES := kubernetes-validate

.PHONY: all deps test-deps build release test demo curl-game bench-server clean

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
	@if ! $(VENV)/bin/python3 -c 'import kubernetes_validate' 2>/dev/null; then \
	  echo "Installing the PyPI package $(PYTHON_TEST_PACKAGES) into $(VENV)"; \
	  $(PYTHON) -m venv $(VENV) && $(VENV)/bin/python3 -m pip install -q --disable-pip-version-check $(PYTHON_TEST_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# At most TEST_WIDTH tests at once: the suites start real servers, bots, compilers, Chromium
# and a Slurm cluster, and on 2 cores a hundred of them at once starve each other's clocks.
TEST_WIDTH ?= 4

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --experimental-maximum-parallelization-width $(TEST_WIDTH)

demo: release
	.build/release/salvo run tournaments/demo.yaml

curl-game: release
	$(call install_debian,curl)
	./docs/curl-game.sh .build/release/salvo

bench-server: release
	$(call install_debian,wrk)
	./benchmarks/server.sh .build/release/salvo

clean:
	rm -rf .build
